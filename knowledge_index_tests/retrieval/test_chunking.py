"""Chunks fit the embedding model's window, follow structure and point back into the text."""

from __future__ import annotations

import itertools
import random

import pytest

from knowledge_index.retrieval.chunking import (
    ChunkingConfig,
    ChunkingInput,
    PageMark,
    Section,
    chunk_document,
    context_header,
    embedding_input,
)
from knowledge_index.retrieval.tokens import MINILM_MAX_TOKENS, SPECIAL_TOKENS, minilm_counter
from knowledge_index_tests.retrieval.corpus import synthetic_text

PARAGRAPH = (
    "Der Mieter verpflichtet sich, die Mietsache pfleglich zu behandeln. Schäden sind "
    "unverzüglich anzuzeigen; die Verträge gelten im Übrigen fort. "
)


def _documents() -> list[ChunkingInput]:
    rng = random.Random(3)
    long_word = "QmFzZTY0IGJsb2I" * 300  # base64-like junk: one "word" far over the budget
    digits = " ".join(str(rng.randrange(10**9)) for _ in range(600))  # many pieces per char
    umlauts = "Ärger über Öffnungszeiten führt zu Übergabeprotokollen. " * 80
    sections_text = "§ 1 Gegenstand\n\n" + PARAGRAPH * 8 + "\n\n§ 2 Laufzeit\n\n" + PARAGRAPH * 3
    return [
        ChunkingInput(text=PARAGRAPH * 20),
        ChunkingInput(text=long_word + " " + PARAGRAPH),
        ChunkingInput(text=digits),
        ChunkingInput(text=umlauts),
        ChunkingInput(
            text="\n\n".join(synthetic_text(rng, rng.randrange(5, 400)) for _ in range(30))
        ),
        ChunkingInput(
            text=sections_text,
            sections=[
                Section(level=1, title="§ 1 Gegenstand", start=0),
                Section(level=1, title="§ 2 Laufzeit", start=sections_text.index("§ 2")),
            ],
        ),
    ]


@pytest.mark.parametrize(
    "config",
    [
        ChunkingConfig(),
        ChunkingConfig(chunk_chars=3000, chunk_overlap_chars=400),
        ChunkingConfig(header_tokens=0),
    ],
)
def test_embedding_input_never_exceeds_the_model_window(config: ChunkingConfig) -> None:
    counter = minilm_counter()
    header = context_header(
        "Gewerbemietvertrag über die Büroflächen in der Schillerstraße 12 in München, "
        "Nachtrag Nr. 3 mit Anlagen A bis F",
        "Vertrag",
        "2024/0173-MS",
        max_tokens=config.header_tokens,
    )
    assert counter.count(header) <= config.header_tokens
    for doc in _documents():
        chunks = chunk_document(doc, config)
        assert chunks
        for chunk in chunks:
            assert len(chunk.text) <= config.chunk_chars
            tokens = counter.count(embedding_input(header, chunk.text)) + SPECIAL_TOKENS
            assert tokens <= MINILM_MAX_TOKENS, (tokens, chunk.text[:80])
            assert chunk.token_count <= config.content_tokens


def test_chunks_are_slices_in_order_and_cover_the_text() -> None:
    for doc in _documents():
        chunks = chunk_document(doc)
        assert [c.ordinal for c in chunks] == list(range(len(chunks)))
        for previous, chunk in itertools.pairwise(chunks):
            assert chunk.char_start > previous.char_start
            assert chunk.char_end > previous.char_end
            # Overlap is bounded by chunk_overlap_chars; gaps hold only whitespace.
            if chunk.char_start < previous.char_end:
                assert previous.char_end - chunk.char_start <= ChunkingConfig().chunk_overlap_chars
            else:
                assert not doc.text[previous.char_end : chunk.char_start].strip()
        for chunk in chunks:
            assert doc.text[chunk.char_start : chunk.char_end] == chunk.text
        assert not doc.text[: chunks[0].char_start].strip()
        assert not doc.text[chunks[-1].char_end :].strip()


def test_overlap_repeats_the_tail_of_the_previous_chunk() -> None:
    chunks = chunk_document(ChunkingInput(text=PARAGRAPH * 30))
    assert len(chunks) > 2
    assert any(b.char_start < a.char_end for a, b in itertools.pairwise(chunks))
    none = chunk_document(ChunkingInput(text=PARAGRAPH * 30), ChunkingConfig(chunk_overlap_chars=0))
    assert all(b.char_start >= a.char_end for a, b in itertools.pairwise(none))


def test_sections_bound_chunks_and_give_the_title_path_and_page() -> None:
    text = (
        "Vorbemerkung.\n\n"
        "Teil A\n\nEinleitung des Teils A.\n\n"
        "A.1 Pflichten\n\n" + PARAGRAPH * 6 + "\n\n"
        "Teil B\n\nSchluss."
    )
    sections = [
        Section(level=1, title="Teil A", start=text.index("Teil A")),
        Section(level=2, title="A.1 Pflichten", start=text.index("A.1")),
        Section(level=1, title="Teil B", start=text.index("Teil B")),
    ]
    pages = [PageMark(page=1, start=0), PageMark(page=2, start=text.index("A.1") + 200)]
    chunks = chunk_document(ChunkingInput(text=text, sections=sections, pages=pages))
    paths = [tuple(c.section_path) for c in chunks]
    assert paths[0] == ()
    assert ("Teil A",) in paths
    assert ("Teil A", "A.1 Pflichten") in paths
    assert paths[-1] == ("Teil B",)
    boundaries = [s.start for s in sections]
    for chunk in chunks:
        assert not any(chunk.char_start < b < chunk.char_end for b in boundaries)
    assert chunks[0].page == 1
    assert chunks[-1].page == 2
    assert any(c.page == 1 and c.page_end == 2 for c in chunks)


def test_chunking_is_deterministic_and_empty_text_gives_no_chunks() -> None:
    doc = _documents()[4]
    assert chunk_document(doc) == chunk_document(doc)
    assert chunk_document(ChunkingInput(text="  \n\n  ")) == []


def test_context_header_joins_present_parts() -> None:
    assert context_header("Mietvertrag", None, "2024/0173-MS") == "Mietvertrag | 2024/0173-MS"
    assert context_header(None, None, None) == ""
    assert embedding_input("", "text") == "text"
