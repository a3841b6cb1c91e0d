"""The same estate gives the same export whatever order and concurrency it is processed in.

One generated estate (relate's cheap patterns: drafts, redlines, e-mails, references) is run
through the runner in path order, in reverse, shuffled with a fixed seed, document by document
(each document through every stage before the next), and by two competing workers stage by
stage; every export row must equal the path-order run's, field by field.
"""

from __future__ import annotations

import time

import pytest

from knowledge_index.db import dispose_engines
from knowledge_index_tests.faults.support import (
    depth_first,
    differences,
    export,
    fresh_home,
    in_path_order,
    reversed_order,
    shuffled,
    stage_by_stage,
    synced,
)
from knowledge_index_tests.relations.estate import generate_scaled


# Known, measured on this estate (37 files), each against the clean run: path order 28 field
# differences, reverse 10, shuffled(7) 7, two workers 2. Classes: (1) a version family's title
# is its first-related member's ("Schreiben vom 10.02.2024" vs "vom 11.02.2024"), even with two
# workers; (2) `responds_to` lost when the answer is related before the letter's relate ran
# (no intent parked); (3) annex_of/amends land on the redline [model] or the final [intent]
# depending on which existed; (4) `supersedes` between final and redline changes method
# (tracked_changes vs filename); (5) a redline related before its base loses
# `redline_against` and its decisions' `against`; (6) two near-identical notes become
# near_duplicate or versions 1/2 by order. Not small fixes: relate needs families recomputed on
# change and intents parked for not-yet-related targets (issue 17, item 3).
@pytest.mark.xfail(strict=True, reason="relate's results depend on processing order (see above)")
def test_export_does_not_depend_on_processing_order(pg_server, firm_env, tmp_path, monkeypatch):
    root = tmp_path / "estate"
    generate_scaled(root, 30)
    runs = {
        # The reference: what `ki run` does, each stage for every document, one worker.
        "clean": lambda s, e: stage_by_stage(s, e, workers=1),
        "path order": lambda s, e: depth_first(s, e, in_path_order),
        "reverse": lambda s, e: depth_first(s, e, reversed_order),
        "shuffled(7)": lambda s, e: depth_first(s, e, shuffled(7)),
        "two workers": lambda s, e: stage_by_stage(s, e, workers=2),
    }
    exports = {}
    timings = {}
    for name, run in runs.items():
        settings, engine = fresh_home(pg_server, monkeypatch, tmp_path / f"home-{len(exports)}")
        synced(engine, settings, root)
        t0 = time.monotonic()
        run(settings, engine)
        timings[name] = round(time.monotonic() - t0, 1)
        exports[name] = export(engine)
        dispose_engines()
    print(timings)

    reference = exports["clean"]
    assert len(reference) >= 25
    report = {name: differences(reference, other) for name, other in exports.items()}
    summary = {name: len(lines) for name, lines in report.items()}
    assert not any(report.values()), f"differences per run: {summary}\n" + "\n".join(
        f"{name}: {line[:400]}" for name, lines in report.items() for line in lines[:40]
    )
