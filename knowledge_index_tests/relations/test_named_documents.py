"""Documents cited by name alone ("I have read the Defence", "des Mietvertrags"), without a
database: which names are citations, and which document of the matter one stands for."""

from __future__ import annotations

import datetime as dt

from knowledge_index.relations import candidates, cues, defined_terms, targets
from knowledge_index_tests.relations.doc_rows import doc_row as _doc


def _names(text: str, own_kind: str | None = None) -> list[tuple[str, str]]:
    return [(n.name, n.kind) for n in defined_terms.named_documents(text, own_kind)]


def test_a_definite_name_of_a_kind_is_a_citation_in_either_language():
    statement = "4. I have read the Defence. It is not correct (paragraph 3 of the Defence)."
    assert _names(statement) == [("Defence", "court.statement_of_defence")]
    letter = "Eine Anpassung nach § 5 Abs. 3 des Mietvertrags setzt eine Indexänderung voraus."
    assert _names(letter) == [("Mietvertrags", "contract.lease")]
    opinion = "addressed to you solely for the purposes of the Facility Agreement."
    assert _names(opinion) == [("Facility Agreement", "contract.facility_agreement")]


def test_a_kind_in_general_or_the_document_itself_is_no_citation():
    # Indefinite, lower case (a kind, not a defined term), a party, a bare "Agreement".
    assert _names("The Buyer may enter into a share purchase agreement with the Seller.") == []
    assert _names("the supply agreement between them and the Company") == []
    assert _names("This Agreement is governed by English law; the Agreement ends") == []
    # The proceeding or the act, not a paper; a particular period's accounts, not the name alone.
    assert _names("Die Klägerin nimmt die Klage im Verfahren 3 O 123/24 zurück.") == []
    assert _names("die Kosten der Beurkundung trägt die Käuferin") == []
    assert _names("soweit nicht im Jahresabschluss zum 31. Dezember 2024 zurückgestellt") == []
    assert _names("zur Vorbereitung des Notariatsakts am 2. April 2024 in Ihrer Kanzlei") == []
    # Part of an amendment's name: the amendment is what is cited.
    assert _names("anbei der Entwurf des 1. Nachtrags zum Mietvertrag Hafenstraße 47") == []
    # A lease calling itself "des Mietvertrags" cites nothing.
    assert _names("Die Laufzeit des Mietvertrags beträgt", own_kind="contract.lease") == []


def _resolve(text: str, pool, my_date: dt.date | None):
    [cue] = candidates._named_cues(text, [])
    scored = [(s, d) for d in pool if (s := targets.score(cue, d, "m", set())) > 0]
    best = candidates._named_alone(cue, scored, my_date)
    return best[1].path if best else None


def test_a_name_stands_for_the_one_document_of_its_kind_written_before():
    defence = _doc("m/Pleadings/Defence.pdf", "DEFENCE\n\n1. The Defendant denies", "pdf")
    notes = _doc("m/Working/Defence - notes.docx", "Defence – notes\n\nweak on causation")
    statement = "WITNESS STATEMENT\n\n4. I have read the Defence. It is wrong."
    # The notes are about the defence too: the file titled by the kind's name alone is it.
    assert _resolve(statement, [notes, defence], dt.date(2025, 5, 30)) == defence.path
    # Two documents titled by names of the kind: the name alone does not say which.
    other = _doc("m/Pleadings/Defence (2).pdf", "STATEMENT OF DEFENCE\n\n1. The Defendant", "pdf")
    assert _resolve(statement, [defence, other], dt.date(2025, 5, 30)) is None
    # A document written after the citing one is not what it read.
    later = _doc("m/Pleadings/Defence.pdf", "DEFENCE\n\nDated 22 April 2025\n\n1. The", "pdf")
    assert _resolve(statement, [later], dt.date(2025, 4, 1)) is None
    assert _resolve(statement, [later], dt.date(2025, 5, 1)) == later.path


def test_a_kind_already_cited_with_its_date_is_not_cited_again_by_name():
    text = (
        "20 June 2024\n\nUnder the Supply Agreement dated 3 March 2023 and clause 3 of the"
        " Supply Agreement"
    )
    found = cues.find_cues(text, "letter.docx")
    assert [c.nouns for c in found if c.kind == "references"] == [["supply agreement"]]
    assert candidates._named_cues(text, found) == []


def test_an_amendment_named_by_its_number_is_that_amendment_of_the_matter():
    assert [
        (n.kind, n.number)
        for n in defined_terms.named_documents(
            "die Miete für die Freifläche nach dem 1. Nachtrag ist nicht wertgesichert", None
        )
    ] == [("contract.amendment", 1)]
    assert [n.number for n in defined_terms.named_documents("Der Nachtrag Nr. 2 regelt", None)] == [
        2
    ]
    # Without a number "Nachtrag" is any amendment's name: no citation of one.
    assert defined_terms.named_documents("Der Nachtrag zum Mietvertrag regelt", None) == []
    first = _doc(
        "m/Vertrag/1. Nachtrag zum Mietvertrag.pdf", "1. Nachtrag\n\nzum Mietvertrag", "pdf"
    )
    second = _doc(
        "m/Vertrag/2. Nachtrag - unterschrieben.pdf", "2. Nachtrag\n\nzum Mietvertrag", "pdf"
    )
    [cue] = candidates._named_cues("Die Miete nach dem 1. Nachtrag ist nicht wertgesichert.", [])
    best = candidates._named_alone(cue, [(2.0, second), (2.0, first)], dt.date(2025, 4, 10))
    assert best is not None and best[1].path == first.path
    assert targets.confirms(cue, first.path, "1. Nachtrag", "1. Nachtrag\n\nzum Mietvertrag")
    assert not targets.confirms(cue, second.path, "2. Nachtrag", "2. Nachtrag\n\nzum Mietvertrag")


def test_the_side_letter_named_alone_is_the_matters_one_side_letter():
    [named] = defined_terms.named_documents("Den Side Letter, den Zollinger verlangt hat,", None)
    assert named.kind == "contract.side_letter"
    side = _doc("m/Vertraege/Side Letter Zollinger.pdf", "SIDE LETTER\n\nto the Licence", "pdf")
    licence = _doc("m/Vertraege/Licence Agreement.pdf", "LICENCE AGREEMENT\n\n1. Grant", "pdf")
    [cue] = candidates._named_cues("Den Side Letter, den Zollinger verlangt hat, haben Sie.", [])
    best = candidates._named_alone(cue, [(2.0, licence), (2.0, side)], dt.date(2025, 6, 4))
    assert best is not None and best[1].path == side.path
