"""What a letter says it encloses, without a database."""

from __future__ import annotations

from knowledge_index.relations import cues, enclosures


def _kinds(text: str) -> list[tuple[str, str]]:
    return [(e.kind, e.quote) for e in enclosures.enclosed(text, cues.cited_kind)]


def test_an_enclosure_list_and_a_sentence_name_what_is_sent():
    signed_off = (
        "Mit freundlichen Grüßen\nDr. Wolfgang Ertl\n\n"
        "Anlagen: Vollmacht Brunnthal Holding GmbH; Entwurf Aufhebungsvertrag (Stand 02.06.2025)"
    )
    assert _kinds(signed_off) == [
        ("corporate.power_of_attorney", "Vollmacht Brunnthal Holding GmbH"),
        ("contract.termination_agreement", "Entwurf Aufhebungsvertrag (Stand 02.06.2025)"),
    ]
    letter = (
        "Further to our call of 5 June, we enclose a revised draft of the settlement agreement."
    )
    assert _kinds(letter) == [
        ("contract.settlement_agreement", "a revised draft of the settlement agreement")
    ]
    invoice = "berechnen wir gemäß dem beigefügten Leistungsnachweis vom 30.04.2025 wie folgt"
    assert [k for k, _ in _kinds(invoice)] == ["finance.time_sheet"]


def test_what_is_not_a_kind_of_document_is_no_enclosure():
    assert _kinds("Anbei erhalten Sie unsere Anmerkungen im Änderungsmodus.") == []
    assert _kinds("We enclose our comments and look forward to hearing from you.") == []
    # Comments on a clause of an agreement are sent, not the agreement.
    assert (
        _kinds("Anbei erhalten Sie unsere Anmerkungen zu § 4 der Gesellschaftervereinbarung.") == []
    )


def _row(path: str, text: str):
    import dataclasses

    from knowledge_index_tests.relations.doc_rows import doc_row

    return dataclasses.replace(doc_row(path, text), id=path, content_hash=path)


def test_a_letter_encloses_the_latest_version_a_contract_only_annexes():
    import datetime as dt

    from knowledge_index.relations import candidates

    v1 = _row("m/Settlement Agreement - draft 1.docx", "Settlement Agreement\n\n1. Payment.")
    v2 = _row("m/Settlement Agreement - draft 2.docx", "Settlement Agreement\n\n1. Payment. 2.")
    later = _row("m/Settlement Agreement 2025-07-01.docx", "Settlement Agreement\n\n1. 2. 3.")
    letter = (
        "9 June 2025\n\nDear Ms Prosser\n\nwe enclose a revised draft of the settlement agreement."
    )
    me = _row("m/Letter to Prosser.docx", letter)
    docs = [me, v1, v2, later]
    found = candidates._enclosed(letter, me, docs, set(), dt.date(2025, 6, 9))
    assert [d.path for d, _ in found] == [v2.path]  # not the version written after the letter
    # A contract's "Anlagen" are its own annexes, not documents it sends.
    contract = "Beteiligungsvereinbarung\n\n§ 1 Kapitalerhöhung\n\nAnlagen: Settlement Agreement"
    me = _row("m/Beteiligungsvereinbarung.docx", contract)
    assert candidates._enclosed(contract, me, [me, v1, v2], set(), dt.date(2025, 6, 9)) == []
