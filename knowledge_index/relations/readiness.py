"""Pull a neighbour's fetch/convert forward so relate can read it (the policy of `Readiness`).

Runs go through the normal claim machinery (the runner's `run_stage` on exactly that row, handed
in as `run_inline`), so a row another worker holds is observed, never run twice. Bounded by the
pipeline's inline_conversion_budget_seconds and inline_conversion_slots (per process); when the
file cannot be made ready in time the caller gets an honest status instead of text.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Final, Literal

from sqlalchemy import Engine, text

from knowledge_index.artifacts import has_artifact
from knowledge_index.objects import store as objects
from knowledge_index.settings import Settings

# What a neighbour's readiness can be (the `stages.base.Readiness` protocol returns it).
ReadinessStatus = Literal[
    "ready", "busy", "in_progress", "quarantined", "not_found", "pending", "no_text"
]
POLL_SECONDS: Final = 0.2
# (stage, source_object_id) -> the status the row settled in, or None when nothing ran.
RunInline = Callable[[str, str], str | None]
_slots: dict[int, threading.BoundedSemaphore] = {}
_slots_lock = threading.Lock()


def _semaphore(n: int) -> threading.BoundedSemaphore:
    with _slots_lock:
        if n not in _slots:
            _slots[n] = threading.BoundedSemaphore(n)
        return _slots[n]


def _state(
    engine: Engine, source_object_id: str
) -> tuple[bool, dict[str, tuple[str, str | None]]] | None:
    with engine.connect() as conn:
        obj = objects.get(conn, source_object_id)
        if obj is None:
            return None
        ready = (
            not obj.deleted
            and obj.content_hash is not None
            and has_artifact(conn, "structured_json", obj.content_hash)
        )
        rows = conn.execute(
            text(
                "SELECT stage, status, claimed_by FROM processing_state"
                " WHERE source_object_id = :i AND stage IN ('fetch', 'convert')"
            ),
            {"i": source_object_id},
        ).mappings()
        stages = {m["stage"]: (m["status"], m["claimed_by"]) for m in rows}
    return ready, stages


def ensure_ready(
    settings: Settings, engine: Engine, source_object_id: str, run_inline: RunInline
) -> ReadinessStatus:
    budget = settings.pipeline.inline_conversion_budget_seconds
    deadline = time.monotonic() + budget
    while True:
        state = _state(engine, source_object_id)
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
                settled = run_inline(runnable, source_object_id)
            finally:
                slots.release()
            if settled in ("failed", "quarantined"):
                return "quarantined" if settled == "quarantined" else "pending"
            if settled is not None:
                continue
        time.sleep(POLL_SECONDS)
