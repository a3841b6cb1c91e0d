"""Correspondence names a matter's parties by short name; the full names come from the party
clauses of the matter's contracts (extract_metadata ki-5)."""

from __future__ import annotations

from knowledge_index.stages.extract_metadata.matter_parties import named_in, with_short_names
from knowledge_index.stages.extract_metadata.party_rules import party_block, person_mentions


def _parties(*names: tuple[str, bool]):
    from knowledge_index.entities.names import normalize_name

    return with_short_names({normalize_name(n): (n, person) for n, person in names})


def test_a_mail_subject_names_both_parties_by_short_name() -> None:
    parties = _parties(("Kingsmere Components Ltd", False), ("Donautal Handels GmbH", False))
    named = named_in("Kingsmere / Donautal – Distribution Agreement draft 2", parties)
    assert sorted(p.name for p in named) == ["Donautal Handels GmbH", "Kingsmere Components Ltd"]


def test_a_project_code_name_is_not_the_company() -> None:
    parties = _parties(("Lark Precision GmbH", False), ("Meridian Tools Ltd", False))
    named = named_in("Project Lark – SHA mark-up, as discussed with Meridian", parties)
    assert [p.name for p in named] == ["Meridian Tools Ltd"]


def test_a_shared_or_place_word_is_not_a_short_name_alone() -> None:
    parties = _parties(
        ("Müller Bau GmbH", False),
        ("Müller Logistik GmbH", False),
        ("Kärntner Hochbau GmbH", False),
    )
    assert named_in("Müller hat angerufen; die Kärntner Landesregierung auch.", parties) == []
    assert [p.name for p in named_in("Klage gegen Kärntner Hochbau", parties)] == [
        "Kärntner Hochbau GmbH"
    ]


def test_a_person_is_named_by_surname() -> None:
    parties = _parties(("Dr. Markus Bereuter", True))
    assert [p.name for p in named_in("Telefonat mit Dr. Bereuter", parties)] == [
        "Dr. Markus Bereuter"
    ]


def test_a_name_cut_at_the_clause_line_is_completed_from_the_text() -> None:
    text = (
        "zwischen Montafoner Quellen GmbH, 6780 Schruns, und Herrn Dr. Markus Be\n§ 1 Beendigung\n"
        "(1) Das Anstellungsverhältnis von Herrn Dr. Markus Bereuter endet."
    )
    assert person_mentions(text, (0, 75)) == [("Dr. Markus Bereuter", 58)]


def test_parties_listed_under_the_heading_with_a_resident_person() -> None:
    text = (
        "Aufhebungsvertrag\nAlbrecht Medizintechnik GmbH, mit Sitz in Nürnberg, vertreten durch "
        "Prof. Dr. Werner Albrecht\n– nachfolgend „Gesellschaft“ –\nund\n"
        "Dr. Katrin Albers, wohnhaft Sonnenstraße 12, 90403 Nürnberg\n"
        "– nachfolgend „Geschäftsführerin“ –\n§ 1 Beendigung\n(1) Frau Dr. Albers scheidet aus."
    )
    block = party_block(text)
    assert block is not None and text[block[1] :].lstrip().startswith("§ 1")
    # The representative is not a party; the resident person is, with no form of address.
    assert [n for n, _ in person_mentions(text, block)] == ["Dr. Katrin Albers"]


def test_a_designation_inside_the_terms_opens_no_party_block() -> None:
    text = "Lieferbedingungen\n§ 1 Gegenstand\nDie Waren (nachfolgend „Produkte“) werden geliefert."
    assert party_block(text) is None


def test_a_name_in_capitals_is_named_in_ordinary_case() -> None:
    from knowledge_index.stages.extract_metadata.matter_parties import _clauses

    pleading = (
        "IN THE HIGH COURT OF JUSTICE\nBETWEEN\nGREENFIELD RETAIL LIMITED\nClaimant\nand\n"
        "BAVARIA FEINKOST GMBH\nDefendant\nPARTICULARS OF CLAIM\n1. The Claimant ..."
    )
    contract = "SUPPLY AGREEMENT\nbetween Greenfield Retail Ltd and Bavaria Feinkost GmbH\n1. X"
    for heads in ([pleading, contract], [contract, pleading]):
        parties = _clauses(heads, [])
        assert sorted(p.name for p in parties) == ["Bavaria Feinkost GmbH", "Greenfield Retail Ltd"]
    parties = _clauses([pleading], [])
    named = named_in("Notiz: Greenfield ./. Bavaria Feinkost – Fehlmengen Mai 2024", parties)
    assert sorted(p.name for p in named) == ["BAVARIA FEINKOST GMBH", "GREENFIELD RETAIL LIMITED"]
