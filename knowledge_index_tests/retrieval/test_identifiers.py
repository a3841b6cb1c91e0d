"""Identifier extraction is shared by indexing and querying, so both sides agree on terms."""

from __future__ import annotations

from knowledge_index.retrieval.identifiers import (
    extract_identifiers,
    path_identifiers,
    query_identifiers,
)


def test_extracts_and_normalizes_legal_identifiers() -> None:
    text = (
        "Unser Zeichen 2024/0173-MS; Amtsgericht München HRB 12345; Az. VIII ZR 12/23 "
        "und 3 O 123/24; Rechnung INV-2024-0042; Anlage Mietvertrag_Final.DOCX."
    )
    assert extract_identifiers(text) == [
        "2024/0173-ms",
        "3o123/24",
        "hrb12345",
        "inv-2024-0042",
        "mietvertrag_final.docx",
        "viiizr12/23",
    ]
    assert extract_identifiers("Im Jahr 2024 wurden 12 Verträge geschlossen.") == []


def test_path_and_query_identifiers_meet_in_the_middle() -> None:
    assert path_identifiers("/akten/2024-0173-MS/Klage_v2.pdf") == ["klage_v2", "klage_v2.pdf"]
    assert "hrb12345" in query_identifiers("hrb  12345")
    assert query_identifiers("klage_v2") == ["klage_v2"]
    assert query_identifiers("Kündigung des Mietvertrags") == []
