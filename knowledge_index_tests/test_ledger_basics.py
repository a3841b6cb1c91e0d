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
