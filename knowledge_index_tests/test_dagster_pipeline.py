from __future__ import annotations

from sqlalchemy import text

from knowledge_index.ledger.report import status
from knowledge_index.sources.registry import add_source


def test_sync_run_adds_partitions_and_fetch_materializes(settings, engine, corpus):
    from dagster import AssetKey

    from knowledge_index.defs.driver import Driver

    with engine.begin() as conn:
        add_source(conn, "estate", corpus)
    driver = Driver(settings)
    report = driver.sync("estate")
    assert report.created == 3
    keys = driver.instance.get_dynamic_partitions("documents")
    assert len(keys) == 3
    summary = driver.run_until_idle()
    assert summary.runs == 1
    with engine.connect() as conn:
        st = status(conn)
        hashes = conn.execute(text("SELECT count(content_hash) FROM source_objects")).scalar_one()
    assert hashes == 3
    assert next(s for s in st.stages if s.stage == "fetch").buckets["done"] == 3
    mats = driver.instance.get_materialized_partitions(AssetKey("fetch"))
    assert mats == set(keys)
