"""The notebooks run headless against the demo corpus, so they never rot."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from knowledge_index.orchestration.driver import Driver
from knowledge_index.sample import sample_estate_path
from knowledge_index.sources.registry import add_source

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


@pytest.fixture
def demo_corpus(engine, settings):
    with engine.begin() as conn:
        add_source(conn, "sample", sample_estate_path())
    driver = Driver(settings)
    driver.sync("sample")
    driver.run_until_idle()


def test_there_are_three_notebooks():
    assert {p.name for p in NOTEBOOKS} == {
        "corpus_overview.ipynb",
        "quarantine_triage.ipynb",
        "search_quality.ipynb",
    }


def test_notebooks_execute_on_the_demo_corpus(demo_corpus, ki_env, tmp_path):
    env_backup = dict(os.environ)
    try:
        for path in NOTEBOOKS:
            book = nbformat.read(path, as_version=4)
            NotebookClient(
                book,
                timeout=300,
                kernel_name="python3",
                resources={"metadata": {"path": str(tmp_path)}},
            ).execute()
            outputs = [o for c in book.cells if c.cell_type == "code" for o in c.outputs]
            assert not [o for o in outputs if o.output_type == "error"], path.name
            if path.name == "search_quality.ipynb":
                text = "".join(str(o.get("text", "")) for o in outputs)
                assert "recall@k" in text
    finally:
        os.environ.clear()
        os.environ.update(env_backup)
