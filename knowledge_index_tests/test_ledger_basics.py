from __future__ import annotations

from sqlalchemy import text

from knowledge_index.ledger.report import status
from knowledge_index.sources.registry import add_source
from knowledge_index.sources.sync import sync_source


def test_sync_seeds_rows_and_status_reports_waiting(settings, engine, corpus):
    with engine.begin() as conn:
        add_source(conn, "estate", corpus)
    report = sync_source(engine, settings, "estate")
    assert report.created == 3
    with engine.connect() as conn:
        st = status(conn)
        rows = conn.execute(text("SELECT count(*) FROM processing_state")).scalar_one()
    assert rows == 3 * 7
    fetch = next(s for s in st.stages if s.stage == "fetch")
    convert = next(s for s in st.stages if s.stage == "convert")
    assert fetch.buckets["pending"] == 3
    assert convert.buckets["waiting"] == 3
    assert convert.buckets["skipped"] == 0


def test_work_arriving_sees_a_stage_s_own_and_its_predecessor_s_owed_rows(settings, engine, corpus):
    # What the driver asks before warming a stage up (convert's workers): fresh documents are
    # owed to fetch, so convert gets work this run; the stage after convert does not yet.
    from knowledge_index.ledger.report import work_arriving

    with engine.connect() as conn:
        assert not work_arriving(conn, "convert")
    with engine.begin() as conn:
        add_source(conn, "estate", corpus)
    sync_source(engine, settings, "estate")
    with engine.connect() as conn:
        assert work_arriving(conn, "fetch")
        assert work_arriving(conn, "convert")
        assert not work_arriving(conn, "classify_matter")
