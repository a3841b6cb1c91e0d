"""The progress of `ki sync` / `ki run`, read from the ledger, and the summary they end with.

The ledger is the truth about progress (it also sees a concurrent `ki run` or the daemon), so a
background thread reads its bucket counts every so often instead of the runs reporting their
own: per stage, documents finished (done, skipped, disabled or quarantined) of all, the rate
since the command started, an ETA, and how many quarantined meanwhile. On a terminal it is a
live table (rich); otherwise (a log, cron) a plain line every `plain_interval` seconds.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from knowledge_index.ledger.report import CircuitInfo, StatusReport

FINISHED = ("done", "skipped", "disabled", "quarantined")
# What the ledger owes (its exit code's "owed"); `waiting` rows follow once their previous
# stage finishes, so they count for the ETA but are not shown as owed (behind a quarantined
# predecessor they wait for good).
OWED = ("pending", "running", "failed")


@dataclass(frozen=True)
class StageProgress:
    stage: str
    finished: int
    total: int
    finished_now: int  # since the command started
    quarantined: int
    quarantined_now: int
    retrying: int  # failed: waiting for a retry (an outage, an open circuit)
    owed: int
    waiting: int
    rate: float | None  # documents finished per second since the start
    eta_seconds: float | None

    @property
    def active(self) -> bool:
        return self.owed > 0 or self.finished_now > 0


def _counts(report: StatusReport) -> dict[str, Mapping[str, int]]:
    return {s.stage: s.buckets for s in report.stages}


def measure(start: StatusReport, now: StatusReport, elapsed: float) -> list[StageProgress]:
    """Per-stage progress between two ledger readings `elapsed` seconds apart."""
    before = _counts(start)
    rows = []
    for stage, buckets in _counts(now).items():
        was = before.get(stage, {})
        finished = sum(buckets.get(b, 0) for b in FINISHED)
        finished_now = max(finished - sum(was.get(b, 0) for b in FINISHED), 0)
        owed = sum(buckets.get(b, 0) for b in OWED)
        waiting = buckets.get("waiting", 0)
        rate = finished_now / elapsed if elapsed > 0 and finished_now else None
        rows.append(
            StageProgress(
                stage=stage,
                finished=finished,
                total=finished + owed + waiting,
                finished_now=finished_now,
                quarantined=buckets.get("quarantined", 0),
                quarantined_now=max(buckets.get("quarantined", 0) - was.get("quarantined", 0), 0),
                retrying=buckets.get("failed", 0),
                owed=owed,
                waiting=waiting,
                rate=rate,
                eta_seconds=(owed + waiting) / rate if rate else None,
            )
        )
    return rows


def duration(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    whole = round(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole % 3600 // 60:02d}m"


def _rate(rate: float | None) -> str:
    return f"{rate:.1f}/s" if rate else "-"


def circuit_line(c: CircuitInfo) -> str:
    when = f"{c.retry_at:%H:%M:%S} UTC" if c.retry_at else "now"
    verb = "probing" if c.state == "half_open" else "open"
    return (
        f"circuit {verb} for model {c.model!r} ({c.failures} consecutive failures, last:"
        f" {c.last_error or '?'}): its documents wait until {when}"
    )


def live_table(rows: Sequence[StageProgress]) -> Table:
    # Six short columns: fits 80 columns with the longest stage name.
    table = Table("stage", "done/total", "rate", "ETA", "quarantined", "retrying")
    for r in rows:
        if r.active:
            table.add_row(
                r.stage,
                f"{r.finished}/{r.total}",
                _rate(r.rate),
                duration(r.eta_seconds) if r.owed else "done",
                f"{r.quarantined}" + (f" (+{r.quarantined_now})" if r.quarantined_now else ""),
                str(r.retrying),
            )
    return table


def plain_line(rows: Sequence[StageProgress], elapsed: float) -> str:
    parts = [
        f"{r.stage} {r.finished}/{r.total}"
        + (f" {_rate(r.rate)} ETA {duration(r.eta_seconds)}" if r.owed and r.rate else "")
        + (f" quarantined +{r.quarantined_now}" if r.quarantined_now else "")
        for r in rows
        if r.active
    ]
    return f"progress after {duration(elapsed)}: " + ("; ".join(parts) or "nothing owed")


class LedgerProgress:
    """Shows the ledger's progress while a block runs (a context manager)."""

    def __init__(
        self,
        console: Console,
        read: Callable[[], StatusReport],
        *,
        interval: float = 1.0,
        plain_interval: float = 30.0,
        live: bool | None = None,
    ) -> None:
        self.console = console
        self.read = read
        self.live = console.is_terminal if live is None else live
        self.interval = interval if self.live else plain_interval
        self.started = time.monotonic()
        self.start = read()
        self.latest = self.start
        self.note = ""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._display: Live | None = None

    def rows(self) -> list[StageProgress]:
        return measure(self.start, self.latest, time.monotonic() - self.started)

    def say(self, note: str) -> None:
        """A status line under the table (the batch in flight, a wait for a circuit)."""
        self.note = note
        if not self.live:
            self.console.print(note, highlight=False)

    def _renderable(self) -> Group:
        parts: list = [live_table(self.rows())]
        parts += [Text(circuit_line(c), style="yellow") for c in self.latest.open_circuits]
        if self.note:
            parts.append(Text(self.note, style="dim"))
        return Group(*parts)

    def _tick(self) -> None:
        try:
            self.latest = self.read()
        except Exception:  # a progress display never fails the command it watches
            return
        if self._display is not None:
            self._display.update(self._renderable())
        else:
            elapsed = time.monotonic() - self.started
            self.console.print(plain_line(self.rows(), elapsed), highlight=False)

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            self._tick()

    def __enter__(self) -> LedgerProgress:
        if self.live:
            self._display = Live(
                self._renderable(), console=self.console, refresh_per_second=4, transient=True
            )
            self._display.__enter__()
        self._thread = threading.Thread(target=self._loop, name="ki-progress", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        if self._display is not None:
            self._display.__exit__(None, None, None)
        with contextlib.suppress(Exception):
            self.latest = self.read()


def summary_rows(
    rows: Sequence[StageProgress], seconds_by_stage: Mapping[str, float]
) -> tuple[list[str], list[list[str]]]:
    """The run's one summary table: per stage what finished, what is left, and the time."""
    headers = ["stage", "finished", "quarantined", "retrying", "owed", "seconds"]
    body = [
        [
            r.stage,
            f"{r.finished_now}",
            f"{r.quarantined}" + (f" (+{r.quarantined_now})" if r.quarantined_now else ""),
            str(r.retrying),
            str(r.owed),
            f"{seconds_by_stage.get(r.stage, 0.0):.1f}",
        ]
        for r in rows
    ]
    return headers, body
