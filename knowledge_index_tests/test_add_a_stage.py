"""Adding a stage is one folder exporting `STAGE` plus one line in `pipeline.STAGES`.

A toy stage lives in a package written to a temporary folder (outside the product). Added to
the pipeline, it is seeded in the ledger for every document, versioned by its own code version,
run through a real Dagster asset with per-document materializations, and changing its code
version re-runs exactly it.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from dagster import AssetKey
from sqlalchemy import text

from knowledge_index import pipeline
from knowledge_index.orchestration.driver import Driver
from knowledge_index.settings import load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index_tests.support.estate import make_files

TOY_INIT = '''
"""word_count: how many words a converted document has."""

from knowledge_index.stages.stage import Stage

STAGE = Stage(
    name="word_count",
    code_version="toy-1",
    description="Counts the words of each converted document.",
    handler=f"{__name__}.handler:count_words",
)
'''
TOY_HANDLER = """
from knowledge_index.stages.base import StageContext, StageOutcome, converted_document


def count_words(ctx: StageContext) -> StageOutcome:
    words = len(converted_document(ctx).get("text", "").split())
    return StageOutcome("done", metadata={"words": words})
"""


@pytest.fixture
def toy_stage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    package = tmp_path / "toy_plugins" / "word_count"
    package.mkdir(parents=True)
    (package.parent / "__init__.py").write_text("")
    (package / "__init__.py").write_text(textwrap.dedent(TOY_INIT))
    (package / "handler.py").write_text(textwrap.dedent(TOY_HANDLER))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield __import__("toy_plugins.word_count", fromlist=["STAGE"]).STAGE
    for name in [m for m in sys.modules if m.startswith("toy_plugins")]:
        del sys.modules[name]


def _rows(engine, stage: str) -> dict[str, tuple[str, str]]:
    with engine.connect() as conn:
        return {
            source_object_id: (status, version)
            for source_object_id, status, version in conn.execute(
                text(
                    "SELECT source_object_id, status, producer_version FROM processing_state"
                    " WHERE stage = :s"
                ),
                {"s": stage},
            )
        }


def test_a_toy_stage_is_seeded_versioned_and_materialized_through_dagster(
    engine, tmp_path, monkeypatch, toy_stage
):
    root = tmp_path / "estate"
    make_files(root, 3)
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    # The one line: the toy stage after index.
    monkeypatch.setattr(pipeline, "STAGES", (*pipeline.STAGES, toy_stage))

    driver = Driver(load_settings())
    driver.sync("estate")
    driver.run_until_idle()

    rows = _rows(engine, "word_count")
    assert len(rows) == 3
    assert set(rows.values()) == {("done", "toy-1")}
    event = driver.instance.get_latest_materialization_event(AssetKey("word_count"))
    assert event is not None and event.asset_materialization is not None
    mat = event.asset_materialization
    assert mat.partition in rows and mat.metadata["words"].value > 0
    assert mat.tags["dagster/code_version"] == "toy-1"
    spec = driver.defs.resolve_assets_def(AssetKey("word_count")).specs_by_key[
        AssetKey("word_count")
    ]
    assert spec.description == toy_stage.description
    assert AssetKey("index") in {dep.asset_key for dep in spec.deps}

    # A new code version re-runs exactly the toy stage, nothing upstream.
    before_index = _rows(engine, "index")
    monkeypatch.setattr(
        pipeline, "STAGES", pipeline.replace_stage("word_count", code_version="toy-2")
    )
    Driver(load_settings()).run_until_idle()
    assert set(_rows(engine, "word_count").values()) == {("done", "toy-2")}
    assert _rows(engine, "index") == before_index
