"""The terminal pieces without a database: tables that fit, progress arithmetic, plain lines."""

from __future__ import annotations

import io
import time

from rich.console import Console

from knowledge_index.cli.progress import LedgerProgress, measure, plain_line
from knowledge_index.cli.tables import fitted_tables
from knowledge_index.ledger.report import StageCounts, StatusReport
from knowledge_index.ledger.states import BUCKETS


def _report(**stages: dict[str, int]) -> StatusReport:
    return StatusReport(
        stages=[
            StageCounts(stage=name, buckets={b: counts.get(b, 0) for b in BUCKETS})
            for name, counts in stages.items()
        ],
        documents=0,
        deleted_documents=0,
        pending_deletions=0,
        active_syncs=0,
    )


def _render(console: Console, tables) -> str:
    for table in tables:
        console.print(table)
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_a_wide_table_is_stacked_and_split_never_cut() -> None:
    console = Console(file=io.StringIO(), width=80)
    headers = ["stage", *BUCKETS]
    stages = ["fetch", "convert", "classify_matter", "relate", "extract_metadata", "index"]
    rows = [[s, *("12345" for _ in BUCKETS)] for s in [*stages, "extract_decisions"]]
    tables = fitted_tables(console, headers, rows, title="status")
    assert len(tables) > 1
    out = _render(console, tables)
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 80
    for word in [*BUCKETS, *stages, "extract_decisions"]:
        assert word in out


def test_a_table_that_fits_stays_as_it_is() -> None:
    console = Console(file=io.StringIO(), width=80)
    (table,) = fitted_tables(console, ["stage", "done"], [["fetch", "3"]])
    assert [str(c.header) for c in table.columns] == ["stage", "done"]


def test_progress_counts_what_finished_since_the_start() -> None:
    start = _report(convert={"pending": 10, "done": 5})
    now = _report(convert={"pending": 4, "done": 9, "quarantined": 2})
    (row,) = measure(start, now, elapsed=2.0)
    assert (row.finished, row.total, row.finished_now) == (11, 15, 6)
    assert row.quarantined_now == 2 and row.rate == 3.0 and row.eta_seconds == 4 / 3
    line = plain_line([row], 2.0)
    assert "convert 11/15" in line and "3.0/s" in line and "quarantined +2" in line


def test_without_a_terminal_progress_is_periodic_plain_lines() -> None:
    out = io.StringIO()
    console = Console(file=out, width=80)  # a file: not a terminal
    readings = iter(
        [_report(fetch={"pending": 4})]
        + [_report(fetch={"pending": 4 - min(i, 4), "done": min(i, 4)}) for i in range(1, 200)]
    )
    with LedgerProgress(console, lambda: next(readings), plain_interval=0.05) as progress:
        assert not progress.live
        time.sleep(0.3)
    lines = [line for line in out.getvalue().splitlines() if line.startswith("progress")]
    assert len(lines) >= 2 and "\x1b" not in out.getvalue()
    assert any("fetch 4/4" in line for line in lines)
