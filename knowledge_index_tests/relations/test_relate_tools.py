"""The relate agent's tools: paging, exact totals, and pulling a neighbour's conversion forward."""

from __future__ import annotations

from sqlalchemy import text

from knowledge_index.runner import InlineReadiness
from knowledge_index.settings import load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index.sources.sync import sync_source
from knowledge_index.stages.relate import tools
from knowledge_index_tests.model_stages.support import small_estate, synced_and_converted

FOLDER = "Mandanten/Acme GmbH/2024-0173 Liefervertrag"
LONG = "Liefervertrag\n\n" + "Die Lieferung erfolgt frei Haus. " * 400


def _synced_only(engine, root):
    settings = load_settings()
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    sync_source(engine, settings, "estate")
    return settings


def _status(engine, path: str, stage: str) -> str:
    with engine.connect() as conn:
        return conn.execute(
            text(
                "SELECT p.status FROM processing_state p JOIN source_objects o"
                " ON o.id = p.source_object_id WHERE o.path = :p AND p.stage = :s"
            ),
            {"p": path, "s": stage},
        ).scalar_one()


def test_open_file_pulls_an_unconverted_neighbour_forward_and_pages(engine, firm_env, tmp_path):
    path = f"{FOLDER}/Liefervertrag.txt"
    small_estate(tmp_path / "estate", {path: LONG, f"{FOLDER}/Anlage 1.txt": "Anlage 1"})
    settings = _synced_only(engine, tmp_path / "estate")
    assert _status(engine, path, "convert") != "done"
    first = tools.open_file(engine, InlineReadiness(settings, engine), "estate", path, 0, 5_000)
    assert first["status"] == "ready" and first["ref"]
    # Through the ledger, not around it: the rows are settled as if a worker had run them.
    assert (_status(engine, path, "fetch"), _status(engine, path, "convert")) == ("done", "done")
    assert first["has_more"] and first["next_offset"] == 5_000
    assert first["total_chars"] == len(LONG)
    rest = tools.open_file(
        engine, InlineReadiness(settings, engine), "estate", path, first["next_offset"], 20_000
    )
    assert not rest["has_more"] and rest["next_offset"] is None
    assert first["text"] + rest["text"] == LONG
    missing = tools.open_file(
        engine, InlineReadiness(settings, engine), "estate", f"{FOLDER}/nope.txt", 0, 1_000
    )
    assert missing == {"path": f"{FOLDER}/nope.txt", "status": "not_found"}


def test_open_file_reports_honestly_when_it_may_not_convert(
    engine, firm_env, tmp_path, monkeypatch
):
    path = f"{FOLDER}/Liefervertrag.txt"
    small_estate(tmp_path / "estate", {path: LONG})
    monkeypatch.setenv("KI_PIPELINE__INLINE_CONVERSION_SLOTS", "0")
    monkeypatch.setenv("KI_PIPELINE__INLINE_CONVERSION_BUDGET_SECONDS", "0")
    settings = _synced_only(engine, tmp_path / "estate")
    result = tools.open_file(engine, InlineReadiness(settings, engine), "estate", path, 0, 1_000)
    assert result == {"path": path, "status": "pending"}  # no ref: it cannot be submitted
    assert _status(engine, path, "fetch") == "pending"
    with engine.begin() as conn:
        conn.execute(
            text(
                "UPDATE processing_state SET status = 'quarantined' WHERE stage = 'fetch'"
                " AND source_object_id = (SELECT id FROM source_objects WHERE path = :p)"
            ),
            {"p": path},
        )
    assert (
        tools.open_file(engine, InlineReadiness(settings, engine), "estate", path, 0, 1_000)[
            "status"
        ]
        == "quarantined"
    )


def test_search_documents_ranks_all_before_the_page(engine, firm_env, tmp_path):
    files = {f"{FOLDER}/Vertrag {i}.txt": f"Liefervertrag Nummer {i}" for i in range(7)}
    files[f"{FOLDER}/Notiz.txt"] = "Nichts hiervon."
    small_estate(tmp_path / "estate", files)
    synced_and_converted(engine, tmp_path / "estate")
    first = tools.search_documents(engine, "estate", "Liefervertrag", 5, 0)
    second = tools.search_documents(engine, "estate", "Liefervertrag", 5, 5)
    assert first["page"]["total"] == second["page"]["total"] == 7
    assert first["page"]["has_more"] and not second["page"]["has_more"]
    paths = [r["path"] for r in first["results"] + second["results"]]
    assert len(set(paths)) == 7 and not any("Notiz" in p for p in paths)
