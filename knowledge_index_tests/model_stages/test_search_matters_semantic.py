"""search_matters finds a matter by what its indexed documents say, not only by its name."""

from __future__ import annotations

import pytest

from knowledge_index.matters.search import search_matters
from knowledge_index.retrieval.embeddings import embedder_for
from knowledge_index.settings import load_settings
from knowledge_index_tests.support.pipeline import process_folder


# Each local model on its own similarity scale (e5 puts unrelated texts near 0.8). USE v3 is
# not asked: it ranks the supply matter first too, but at 0.12, below what it calls unrelated
# (0.28): it reads this English paraphrase too weakly to be evidence.
@pytest.mark.parametrize("model", ["ki-local/all-MiniLM-L6-v2", "ki-local/multilingual-e5-small"])
def test_semantic_signal_ranks_the_matter_whose_documents_match(
    engine, ki_env, tmp_path, monkeypatch, model
):
    monkeypatch.setenv("KI_RETRIEVAL__EMBEDDING_MODEL", model)
    root = tmp_path / "estate"
    supply = root / "2024-0173 Acme Lieferung"
    lease = root / "2024-0200 Beta Mietvertrag"
    supply.mkdir(parents=True)
    lease.mkdir(parents=True)
    (supply / "agreement.txt").write_text(
        "Supply agreement. The supplier shall deliver two CNC milling machines and install "
        "them at the buyer's factory; delivery is due in March.",
        encoding="utf-8",
    )
    (lease / "lease.txt").write_text(
        "Lease agreement. The landlord lets the office premises on the third floor to the "
        "tenant; the monthly rent is payable in advance.",
        encoding="utf-8",
    )
    settings = load_settings()
    process_folder(engine, settings, root)

    query = "shipment of industrial machine tools"
    embedder = embedder_for(settings.retrieval.embedding_model)
    with engine.connect() as conn:
        words_only = search_matters(conn, query)
        with_meaning = search_matters(conn, query, embedder=embedder)
    assert words_only.page.total == 0, "no title, folder or reference shares these words"
    top = with_meaning.results[0]
    assert top.reference_number == "2024-0173"
    assert any(m.startswith("semantic:") for m in top.matched_on)
    # The lease matter is not dragged in by topical noise.
    assert all(r.reference_number != "2024-0200" for r in with_meaning.results) or (
        with_meaning.results[-1].reference_number == "2024-0200"
    )
