"""Field-aware lexical ranking: document terms, compound tails, phrases, identifier spellings,
matter-reference keys, the current-version bonus and exact queries without vectors."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from knowledge_index.retrieval.compounds import compound_tails
from knowledge_index.retrieval.document_terms import DocumentTerms
from knowledge_index.retrieval.filters import SearchFilters
from knowledge_index.retrieval.identifiers import (
    identifier_terms,
    names_only_identifiers,
    query_identifier_terms,
)
from knowledge_index.retrieval.party_context import identity_words
from knowledge_index.retrieval.records import ChunkRecord
from knowledge_index.retrieval.search import (
    VECTOR,
    DocumentSearchRequest,
    HybridSearcher,
    SearchConfig,
    SearchWeights,
)
from knowledge_index.retrieval.search_index import SearchIndex
from knowledge_index.retrieval.type_intent import named_types
from knowledge_index_tests.retrieval.conftest import DIMS

TERMS = {
    "spa": DocumentTerms(
        matter_key="2024-0173",
        matter_reference="2024-0173",
        matter_title="Verkauf Alpentec",
        parties=["Müller GmbH", "Isarwerk Industrieholding GmbH", "Isarwerk"],
        doc_type_labels=["Share Purchase Agreement", "Geschäftsanteilskaufvertrag", "SPA"],
    ),
    "lease": DocumentTerms(
        matter_key="HB-2024-0211",
        matter_reference="HB-2024-0211",
        matter_title="Mietvertrag Billbrook",
        parties=["Nordlicht Logistik AG", "Hamburger Sparkasse AG", "Haspa"],
        doc_type_labels=["Lease Agreement", "Gewerbemietvertrag"],
    ),
}


def _record(doc: str, text: str, *, title: str = "", path: str = "", status: str = "draft"):
    return ChunkRecord(
        chunk_id=f"{doc}@v#0",
        document_id=doc,
        version_id=f"{doc}@v",
        status=status,
        doc_date=dt.date(2024, 3, 1),
        allowed_principals=["*"],
        path=path or f"{doc}.docx",
        title=title,
        text=text,
        vector=np.ones(DIMS, np.float32) / np.sqrt(DIMS),
    )


def _terms(ids: Sequence[str]) -> dict[str, DocumentTerms]:
    return {i: TERMS[i] for i in ids if i in TERMS}


@pytest.fixture()
def index(tmp_path: Path) -> SearchIndex:
    index = SearchIndex(tmp_path / "search", document_terms=_terms)
    index.upsert(
        [
            # Neither text names its matter, parties or type in the words people ask with.
            _record("spa", "Die Verkäuferin verkauft den Geschäftsanteil.", title="GAKV v3"),
            _record("lease", "Die Vermieterin vermietet die Halle 3.", title="Vertrag Halle 3"),
            _record(
                "letter",
                "Wir vertreten die Mieterin im Mandat HB 2024/0211. Die Sache ist "
                "selbstschuldnerisch, die Bürgschaft folgt.",
                title="Schreiben",
            ),
            _record("deed", "Die selbstschuldnerische Bürgschaft der Bank.", status="executed"),
        ]
    )
    return index


def _ids(index: SearchIndex, query: str, filters: SearchFilters | None = None) -> list[str]:
    searcher = HybridSearcher(index, None, SearchConfig(weights=SearchWeights(vector=0)))
    page = searcher.search_documents(
        DocumentSearchRequest(query=query, filters=filters, limit=10), ["user:x"]
    )
    return [h.source_object_id for h in page.hits]


def test_matter_party_and_type_fields_find_documents_their_text_does_not_name(
    index: SearchIndex,
) -> None:
    assert _ids(index, "Verkauf Alpentec")[0] == "spa"
    assert _ids(index, "Haspa")[0] == "lease"  # an alias from the entity table
    assert _ids(index, "Share Purchase Agreement")[0] == "spa"
    assert _ids(index, "Gewerbemietvertrag Nordlicht")[0] == "lease"


def test_matter_reference_in_any_written_style_finds_the_matter(index: SearchIndex) -> None:
    # Filed as HB-2024-0211; asked as written elsewhere. The letter mentions it in its text.
    for query in ("HB-2024-0211", "HB 2024/0211"):
        found = _ids(index, query)
        assert found[:2] == ["lease", "letter"] or set(found[:2]) == {"lease", "letter"}, query
    assert "spa" in _ids(index, "2024/0173")


def test_compound_heads_match_shorter_words() -> None:
    tails = compound_tails("Geschäftsanteilskaufvertrag").split()
    assert "kaufvertrag" in tails and "vertrag" in tails
    assert "geschäftsanteilskaufvertrag" not in tails  # the word itself is in the text fields
    assert compound_tails("Vertrag") == ""  # short words are not split


def test_quoted_phrase_outranks_scattered_words_and_current_versions_lead(
    index: SearchIndex,
) -> None:
    assert _ids(index, '"selbstschuldnerische Bürgschaft"')[0] == "deed"


def test_current_version_bonus_unless_the_caller_filters_by_status(tmp_path: Path) -> None:
    index = SearchIndex(tmp_path / "search")
    same = "Der Kaufpreis beträgt EUR 18.500.000."
    index.upsert([_record("a_draft", same), _record("b_final", same, status="executed")])
    # Identical text: without the bonus the id breaks the tie (a_draft first).
    plain = HybridSearcher(
        index, None, SearchConfig(current_bonus=0.0, weights=SearchWeights(vector=0))
    )
    page = plain.search_documents(DocumentSearchRequest(query="Kaufpreis"), ["*"])
    assert [h.source_object_id for h in page.hits] == ["a_draft", "b_final"]
    assert _ids(index, "Kaufpreis") == ["b_final", "a_draft"]
    by_status = SearchFilters(statuses=["draft", "executed"])
    assert _ids(index, "Kaufpreis", by_status) == ["a_draft", "b_final"]


def test_identifier_spellings_and_query_words() -> None:
    assert identifier_terms(["12345-001"]) == ["12345-001", "~12345001"]
    terms = query_identifier_terms("Unterlagen 0412-24 und M10482")
    assert {"0412-24", "~041224", "m10482", "~m10482", "matter:0412/24"} <= set(terms)
    assert "matter:M-10482" in query_identifier_terms("M10482")
    assert query_identifier_terms("Sommerfest 2024") == []


def test_exact_queries_leave_vectors_out(index: SearchIndex) -> None:
    searcher = HybridSearcher(index, None)
    assert names_only_identifiers("HRB 67890")
    assert names_only_identifiers("3 O 123/24")
    assert not names_only_identifiers("Rechnung RE-2024-1307")
    assert searcher.query_weights("HRB 67890")[VECTOR] == 0
    assert searcher.query_weights('"force majeure"')[VECTOR] == 0
    assert searcher.query_weights("why was the cap changed")[VECTOR] > 0
    keep = HybridSearcher(index, None, SearchConfig(exact_queries_without_vectors=False))
    assert keep.query_weights("HRB 67890")[VECTOR] > 0


def test_the_word_that_tells_namesakes_apart_decides(tmp_path: Path) -> None:
    """Two companies of one name: the one in Innsbruck also stands in its files' paths
    and matter title; the Linz passages never say Linz, their document's party block does.
    The party field carries the block's seat, and each query word scores by its best field
    (summed over fields, the name's words would outweigh the one that tells them apart)."""
    name = "Berghof Immobilien GmbH"
    linz = f"Mietvertrag zwischen {name}, FN 354871 d, 4020 Linz, als Vermieterin, und"
    innsbruck = f"Darlehensvertrag mit der {name}, FN 190234 x, 6020 Innsbruck, als Schuldnerin"
    terms: dict[str, DocumentTerms] = {}
    records = []
    for n, kind in enumerate(("Mietvertrag", "Nachtrag", "Übergabeprotokoll")):
        terms[f"linz{n}"] = DocumentTerms(
            matter_title="Mietvertrag Hafenstraße",
            parties=[name],
            party_identity=identity_words(linz, name),
        )
        # A later passage: the party block with the seat is in the document, not in it.
        text = f"§ 5 Wertsicherung. Die {name} kann den Mietzins anpassen."
        records.append(_record(f"linz{n}", text, title=kind))
    for n, kind in enumerate(("Darlehensvertrag", "Pfandbestellungsurkunde", "Firmenbuchauszug")):
        terms[f"innsbruck{n}"] = DocumentTerms(
            matter_title="Darlehen Berghof Innsbruck",
            parties=[name],
            party_identity=identity_words(innsbruck, name),
        )
        records.append(
            _record(
                f"innsbruck{n}",
                f"{innsbruck}. Das Darlehen wird ausbezahlt.",
                title=kind,
                path=f"Grünwald/Darlehen Berghof Innsbruck/{kind}.pdf",
            )
        )
    index = SearchIndex(tmp_path / "search", document_terms=lambda ids: terms)
    index.upsert(records)
    assert set(_ids(index, f"{name} Linz")[:3]) == {"linz0", "linz1", "linz2"}
    assert set(_ids(index, f"{name} Innsbruck")[:3]) == {"innsbruck0", "innsbruck1", "innsbruck2"}


def test_party_identity_is_what_follows_the_name() -> None:
    name = "Berghof Immobilien GmbH"
    block = f"zwischen\n\n{name}, FN 354871 d, Landstraße 21, 4020 Linz, als Vermieterin,\n\nund"
    assert identity_words(block, name) == ["FN", "354871", "d", "Landstraße", "21", "4020", "Linz"]
    letter = f"Wien\n\n{name}\n\nz.H. Herrn Mag. Dietmar Aigner\n\nLandstraße 21\n4020 Linz\n\n"
    assert identity_words(letter + "Wien, 3. Mai 2024\n\nUnser Zeichen: 104233-0009", name) == [
        "Landstraße",
        "21",
        "4020",
        "Linz",
    ]
    assert identity_words(f"der {name} (Innsbruck) ein Darlehen von EUR 3.500.000,00", name) == [
        "Innsbruck"
    ]
    english = "between Meridian Tools Ltd (Birmingham, company number 04512345) and Steirische"
    assert identity_words(english, "Meridian Tools Ltd") == [
        "Birmingham",
        "company",
        "number",
        "04512345",
    ]
    assert (
        identity_words("Meridian Tools Ltd and Steirische Präzision GmbH", "Meridian Tools Ltd")
        == []
    )


def test_a_why_question_finds_the_document_that_made_the_change(tmp_path: Path) -> None:
    """The signed contract and the mark-up that raised the cap read alike (equal scores go to
    the smaller id, the signed one); only the mark-up carries the decision (topic, change,
    reason), and a why-question is about that."""
    clause = "Ziffer 5.3 Die Haftung der Verkäuferin ist mit 30 % des Kaufpreises begrenzt."
    terms = {
        "v2_markup": DocumentTerms(
            decisions=[
                "Haftungsobergrenze Liability cap „10 %“ replaced by „30 %“ Die Mandantin "
                "besteht auf 30 %, Weisung in der Besprechung vom 8. März 2024."
            ]
        )
    }
    index = SearchIndex(tmp_path / "search", document_terms=lambda ids: terms)
    index.upsert(
        [
            _record("v2_markup", clause, status="redline"),
            _record("a_signed", clause, status="executed"),
        ]
    )
    question = "Warum wurde die Haftungsobergrenze auf 30 % angehoben?"
    assert _ids(index, question)[0] == "v2_markup"
    assert _ids(index, "Haftung der Verkäuferin")[0] == "a_signed"  # otherwise the current one


def test_documents_that_write_every_word_of_the_query_lead(tmp_path: Path) -> None:
    """Of namesakes, the documents that also write the distinguishing word lead, though the
    other one's files carry the name in title, path and text; a word no candidate writes (an
    alias found only through the party field) costs no one anything."""
    name = "Berghof Immobilien GmbH"
    records = [
        _record(
            f"innsbruck{n}",
            f"{name}, Sitz Innsbruck. {name} erhält das Darlehen.",
            title=f"{kind} {name}",
            path=f"Grünwald/Darlehen {name}/{kind} {name}.pdf",
        )
        for n, kind in enumerate(("Firmenbuchauszug", "Darlehensvertrag", "Pfandurkunde"))
    ]
    # Long passages: the name and the seat are a few words among many.
    clauses = " ".join(
        f"§ {i} Die Mieterin zahlt den Mietzins monatlich im Voraus." for i in range(12)
    )
    records += [
        _record(f"linz{n}", f"Vermieterin ist die {name}, 4020 Linz. {clauses}", title=kind)
        for n, kind in enumerate(("Mietvertrag", "Nachtrag", "Übergabeprotokoll"))
    ]
    terms = {f"innsbruck{n}": DocumentTerms(parties=[name]) for n in range(3)}
    terms |= {f"linz{n}": DocumentTerms(parties=["Berghof Linz"]) for n in range(3)}
    index = SearchIndex(tmp_path / "search", document_terms=lambda ids: terms)
    index.upsert(records)

    def ids(query: str, power: float) -> list[str]:
        config = SearchConfig(weights=SearchWeights(vector=0), coverage_power=power)
        page = HybridSearcher(index, None, config).search_documents(
            DocumentSearchRequest(query=query, limit=10), ["user:x"]
        )
        return [h.source_object_id for h in page.hits]

    linz = {"linz0", "linz1", "linz2"}
    without = ids(f"{name} Linz", 0.0)
    assert set(without[:3]) == {"innsbruck0", "innsbruck1", "innsbruck2"}  # the name wins
    shipped = ids(f"{name} Linz", SearchConfig().coverage_power)
    assert all(shipped.index(d) < without.index(d) for d in linz)  # each moves up
    assert set(ids(f"{name} Linz", 4.0)[:3]) == linz
    # "Berghof Linz" (an alias in the party field only): the same order as without coverage.
    assert ids("Berghof Linz Vermieterin", 1.0) == ids("Berghof Linz Vermieterin", 0.0)


def test_the_ontology_names_types_in_queries() -> None:
    assert named_types("Klagebeantwortung Seehotel Weissensee") == {"court.statement_of_defence"}
    # A compound names its head's type; a name inside a longer name names nothing.
    assert named_types("Bankgarantie Kaution Hafenstraße") == {"contract.guarantee"}
    assert named_types("Side Letter Projekt Gipfel") == {"contract.side_letter"}
    # What an Abtretungsvertrag may turn out to be (a refinement) is named with it.
    assert "contract.share_purchase_agreement" in named_types("Abtretungsvertrag Fertigteilwerk")
    # A top-level group is a subject, not a kind; words that name no type name nothing.
    assert named_types("finance Meridian Tools Birmingham") == frozenset()


def test_a_document_of_the_named_type_leads_those_that_mention_it(tmp_path: Path) -> None:
    """The lease says "Bankgarantie" three times; the guarantee itself once. Asked for the
    Bankgarantie, the guarantee leads unless the caller's type filter already decides."""
    lease = "Der Mieter stellt eine Bankgarantie. Die Bankgarantie sichert die Kaution. " * 3
    records = [
        _record("lease", lease, title="Mietvertrag Hafenstraße"),
        _record("guarantee", "Garantie auf erstes Anfordern für die Kaution.", title="Garantie"),
    ]
    records[0].doc_type, records[1].doc_type = "contract.lease", "contract.guarantee"
    index = SearchIndex(tmp_path / "search")
    index.upsert(records)

    def ids(bonus: float) -> list[str]:
        config = SearchConfig(weights=SearchWeights(vector=0), type_bonus=bonus)
        page = HybridSearcher(index, None, config).search_documents(
            DocumentSearchRequest(query="Bankgarantie Kaution"), ["*"]
        )
        return [h.source_object_id for h in page.hits]

    assert ids(0.0) == ["lease", "guarantee"]
    assert ids(1.0) == ["guarantee", "lease"]


def test_a_document_related_to_a_strong_hit_rises(tmp_path: Path) -> None:
    """A side letter found by its words brings the agreement it amends above a document that
    writes the query's words as rarely, but not for a quoted phrase, and only documents among
    the candidates move: the relation adds nothing the search did not find."""
    index = SearchIndex(tmp_path / "search")
    index.upsert(
        [
            _record("side", "Side Letter zum Earn-out. Der Earn-out wird neu berechnet."),
            # Both write one query word once, among many others: the agreement a little less
            # strongly (a longer text), so without the relation the memo ranks above it.
            _record("spa", "Abtretungsvertrag. " + "Die Anteile gehen über. " * 12 + "Earn-out."),
            _record("memo", "Aktenvermerk. " + "Die Sitzung fand statt. " * 10 + "Earn-out."),
            _record("deed", "Die selbstschuldnerische Bürgschaft der Bank."),
        ]
    )
    asked: list[list[str]] = []

    def related(ids: list[str]) -> dict[str, set[str]]:
        asked.append(ids)
        pairs = {("side", "spa"), ("side", "deed")}
        return {a: {b} for a, b in pairs if a in ids and b in ids} | {
            b: {a} for a, b in pairs if a in ids and b in ids
        }

    def ids(query: str, lift: float) -> list[str]:
        config = SearchConfig(weights=SearchWeights(vector=0), related_lift=lift)
        page = HybridSearcher(index, None, config).search_documents(
            DocumentSearchRequest(query=query, limit=10), ["user:x"], related=related
        )
        return [h.source_object_id for h in page.hits]

    assert ids("Side Letter Earn-out", 0.0)[:3] == ["side", "memo", "spa"]
    assert ids("Side Letter Earn-out", SearchConfig().related_lift)[:3] == ["side", "spa", "memo"]
    # The guarantee deed writes no query word: it is no candidate, so no relation adds it.
    assert "deed" not in ids("Side Letter Earn-out", 1.0)
    assert all("deed" not in batch for batch in asked)
    # A quoted phrase wants the documents that write it.
    assert ids('"Earn-out wird neu berechnet"', 1.0)[:1] == ["side"]
    assert ids('"Side Letter" Earn-out', 1.0) == ids('"Side Letter" Earn-out', 0.0)
