"""The document's own clause reference, read from paragraph text in German and English styles."""

from __future__ import annotations

import pytest

from knowledge_index.decisions.clause_ref import clause_reference, read_label, reference_style
from knowledge_index.decisions.evidence import collect

GERMAN = [
    "Geschäftsanteilskaufvertrag",
    "zwischen",
    "(1) Alpha GmbH, München",
    "Vorbemerkung",
    "(A) Die Verkäuferin ist alleinige Gesellschafterin.",
    "§ 5 Haftung",
    "(1) Die Haftung ist auf 30 % des Kaufpreises beschränkt.",
    "(2) Ansprüche verjähren 24 Monate nach dem Vollzugstag.",
    "a) bei Vorsatz gilt keine Grenze;",
    "§ 6 Wettbewerbsverbot",
    "Die Verkäuferin verpflichtet sich, drei Jahre nicht in Wettbewerb zu treten.",
    "§ 7 Schriftform. Änderungen bedürfen der Schriftform.",
    "Art. 8 Abs. 2 Der Vertrag tritt am 1. Januar in Kraft.",
    "Artikel 9",
    "(3) Kosten trägt die Käuferin.",
]
ENGLISH = [
    "Senior Facility Agreement",
    "(1) ALPHA BIDCO GMBH as Borrower",
    "1. DEFINITIONS",
    "1.1 In this Agreement, subject to clause 5.1, Leverage means ...",
    "5. FINANCIAL COVENANTS",
    "5.1 Leverage shall not exceed 4.00:1.",
    "(a) tested quarterly; and",
    "(ii) on each Quarter Date.",
    "6. EVENTS OF DEFAULT",
    "The Borrower does not pay on the due date.",
    "Section 4 Term",
    "(b) This Agreement continues for three years.",
    "Clause 7.2 The courts of England have non-exclusive jurisdiction.",
]


@pytest.mark.parametrize(
    ("index", "expected", "heading"),
    [
        (6, "§ 5 Abs. 1", "§ 5 Haftung"),
        (7, "§ 5 Abs. 2", "§ 5 Haftung"),
        (8, "§ 5 Abs. 2 lit. a", "§ 5 Haftung"),
        (10, "§ 6", "§ 6 Wettbewerbsverbot"),  # unnumbered: the clause above
        (11, "§ 7", ""),  # heading and text in one paragraph
        (12, "Art. 8 Abs. 2", ""),
        (14, "Artikel 9 Abs. 3", "Artikel 9"),
    ],
)
def test_german_styles(index: int, expected: str, heading: str) -> None:
    found = clause_reference(GERMAN, index, term="Ziffer", german=True, skip=frozenset({0}))
    assert found is not None
    assert (found.reference, found.heading) == (expected, heading)


@pytest.mark.parametrize(
    ("index", "expected", "heading"),
    [
        (3, "Clause 1.1", "1. DEFINITIONS"),
        (5, "Clause 5.1", "5. FINANCIAL COVENANTS"),
        (6, "Clause 5.1(a)", "5. FINANCIAL COVENANTS"),
        (7, "Clause 5.1(a)(ii)", "5. FINANCIAL COVENANTS"),
        (9, "Clause 6", "6. EVENTS OF DEFAULT"),
        (11, "Section 4(b)", "Section 4 Term"),
        (12, "Clause 7.2", ""),
    ],
)
def test_english_styles(index: int, expected: str, heading: str) -> None:
    term, german = reference_style(" ".join(ENGLISH))
    assert (term, german) == ("Clause", False)  # "subject to clause 5.1"
    found = clause_reference(ENGLISH, index, term=term, german=german, skip=frozenset({0}))
    assert found is not None
    assert (found.reference, found.heading) == (expected, heading)


def test_preamble_and_unnumbered_documents_have_no_clause_reference() -> None:
    assert clause_reference(GERMAN, 2, term="Ziffer", german=True) is None  # party "(1)"
    assert clause_reference(GERMAN, 4, term="Ziffer", german=True) is None  # recital "(A)"
    plain = ["Mietvertrag", "Die Miete beträgt EUR 5.000.", "Die Kaution beträgt drei Mieten."]
    assert clause_reference(plain, 2, term="Ziffer", german=True) is None


@pytest.mark.parametrize(
    "text",
    ["18 Monate nach Vollzug", "1. Oktober 2024 beginnt", "1.500.000 EUR", "2024 wurde", "Haftung"],
)
def test_amounts_dates_and_words_are_no_numbering(text: str) -> None:
    assert read_label(text) is None


@pytest.mark.parametrize(
    ("text", "word", "number"),
    [
        ("§ 5 (1) Die Haftung", "§", "5"),
        ("Ziffer 3.2 Die Vergütung", "Ziffer", "3.2"),
        ("Ziff. 3 Haftung", "Ziff.", "3"),
        ("Section 4 Term", "Section", "4"),
        ("5.1. Der Mieter", "", "5.1"),
        # Austrian settlements and contracts, Swiss-French contracts.
        ("Punkt 4. Kosten", "Punkt", "4"),
        ("Pkt. 2 Vergleichsbetrag", "Pkt.", "2"),
        ("Chiffre 3.1 Prix", "Chiffre", "3.1"),
    ],
)
def test_labels(text: str, word: str, number: str) -> None:
    label = read_label(text)
    assert label is not None and (label.word, label.number) == (word, number)


def test_decimal_clauses_take_the_documents_word_else_the_languages() -> None:
    german = ["Dienstvertrag", "3. Vergütung", "3.2 Die Vergütung wird jährlich überprüft."]
    term, is_german = reference_style(" ".join(german) + " der die und")
    found = clause_reference(german, 2, term=term, german=is_german)
    assert found is not None and found.reference == "Ziffer 3.2"


def _revision(index: int, context: str, kind: str, value: str) -> dict:
    return {"kind": kind, "paragraph_index": index, "context": context, "text": value}


def test_collect_reads_clause_references_from_the_converted_text_in_document_order() -> None:
    body = {
        "text": "\n\n".join(GERMAN),
        "sections": [{"level": 0, "title": GERMAN[0], "start": 0}],
        "revisions": [
            # paragraph indexes of the raw DOCX differ from the converted text's order
            _revision(17, GERMAN[6], "insert", "30 %"),
            _revision(17, GERMAN[6], "delete", "10 %"),
            _revision(21, GERMAN[10], "insert", "drei"),
            _revision(25, GERMAN[12], "delete", "bereits "),
        ],
    }
    loci = collect(body).loci
    assert [(lo.clause, lo.change_type) for lo in loci] == [
        ("§ 5 Abs. 1", "modified"),
        ("§ 6", "inserted"),
        ("Art. 8 Abs. 2", "deleted"),
    ]
    assert loci[0].heading == "§ 5 Haftung"


def test_a_paragraph_missing_from_the_text_keeps_its_own_numbering() -> None:
    body = {"text": "", "revisions": [_revision(3, "5.1 Leverage shall not exceed", "insert", "x")]}
    (locus,) = collect(body).loci
    assert locus.clause == "Clause 5.1"


def test_moves_without_words_are_moved() -> None:
    body = {
        "text": "",
        "revisions": [
            _revision(2, "§ 4 Abtretung", "move_to", "§ 4 Abtretung"),
            _revision(2, "§ 4 Abtretung", "move_from", "§ 4 Abtretung"),
        ],
    }
    (locus,) = collect(body).loci
    assert (locus.clause, locus.change_type) == ("§ 4", "moved")


def test_a_heading_numbered_without_a_dot_is_its_clauses_heading() -> None:
    """Word users often number headings by hand, with no dot: "9 Limitations of Liability"."""
    paragraphs = [
        "Share Purchase Agreement",
        "9 Limitations of Liability",
        "9.1 The Seller shall not be liable for any claim below EUR 40,000.",
        "9.2 The aggregate liability of the Seller shall not exceed 30 per cent.",
        "10 Monate nach dem Stichtag",  # a number and a sentence: no heading of clause 11
        "11.1 For two years the Seller shall not compete.",
    ]
    found = clause_reference(paragraphs, 3, skip=frozenset({0}))
    assert found is not None
    assert (found.reference, found.heading) == ("Clause 9.2", "9 Limitations of Liability")
    other = clause_reference(paragraphs, 5, skip=frozenset({0}))
    assert other is not None and other.heading == ""
    assert read_label("9 Limitations of Liability") is None  # a heading, never a clause label
