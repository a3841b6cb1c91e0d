"""Pull a neighbour's fetch/convert forward so relate can read it (ensure_source_object_ready).

Goes through the normal claim machinery (run_stage on exactly that row), so a row another
worker holds is observed, never run twice. Bounded by the pipeline's
inline_conversion_budget_seconds and inline_conversion_slots (per process); when the file
cannot be made ready in time the caller gets an honest status instead of text.
"""

from __future__ import annotations

import threading
import time
from typing import Final, Literal

from sqlalchemy import Engine, text

from knowledge_index.settings import Settings

Readiness = Literal[
    "ready", "busy", "in_progress", "quarantined", "not_found", "pending", "no_text"
]
POLL_SECONDS: Final = 0.2
_slots: dict[int, threading.BoundedSemaphore] = {}
_slots_lock = threading.Lock()


def _semaphore(n: int) -> threading.BoundedSemaphore:
    with _slots_lock:
        if n not in _slots:
            _slots[n] = threading.BoundedSemaphore(n)
        return _slots[n]


def _state(engine: Engine, oid: str) -> tuple[bool, dict[str, tuple[str, str | None]]] | None:
    with engine.connect() as conn:
        row = conn.execute(
            text(
                "SELECT o.deleted_at IS NULL AND EXISTS (SELECT 1 FROM artifacts a"
                "  WHERE a.kind = 'structured_json' AND a.content_hash = o.content_hash)"
                " FROM source_objects o WHERE o.id = :i"
            ),
            {"i": oid},
        ).first()
        if row is None:
            return None
        stages = {
            r[0]: (r[1], r[2])
            for r in conn.execute(
                text(
                    "SELECT stage, status, claimed_by FROM processing_state"
                    " WHERE source_object_id = :i AND stage IN ('fetch', 'convert')"
                ),
                {"i": oid},
            )
        }
    return bool(row[0]), stages


def ensure_ready(settings: Settings, engine: Engine, oid: str) -> Readiness:
    from knowledge_index.runner import run_stage

    budget = settings.pipeline.inline_conversion_budget_seconds
    deadline = time.monotonic() + budget
    while True:
        state = _state(engine, oid)
        if state is None:
            return "not_found"
        ready, stages = state
        if ready:
            return "ready"
        if any(s == "quarantined" for s, _ in stages.values()):
            return "quarantined"
        if stages.get("convert", ("",))[0] == "done":
            return "no_text"  # converted, but nothing readable came out (e.g. a bare image)
        if time.monotonic() >= deadline:
            return "in_progress" if any(s == "running" for s, _ in stages.values()) else "pending"
        runnable = next(
            (
                st
                for st in ("fetch", "convert")
                if stages.get(st, ("",))[0] in ("pending", "failed")
            ),
            None,
        )
        if runnable is not None and settings.pipeline.inline_conversion_slots > 0:
            slots = _semaphore(settings.pipeline.inline_conversion_slots)
            if not slots.acquire(blocking=False):
                return "busy"
            try:
                report = run_stage(settings, runnable, object_ids=[oid], engine=engine, limit=1)
            finally:
                slots.release()
            if report.results and report.results[0].status in ("failed", "quarantined"):
                return "quarantined" if report.results[0].status == "quarantined" else "pending"
            if report.results:
                continue
        time.sleep(POLL_SECONDS)
