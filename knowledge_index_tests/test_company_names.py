"""Company-name and register patterns: right names on real text, linear work on hostile text."""

from __future__ import annotations

import pytest

from knowledge_index.entities.names import find_mentions, normalize_name

LETTER = (
    "Zwischen der Müller Bau GmbH, Amtsgericht München HRB 12345, und der\n"
    "Schwarzwald Feinmechanik GmbH & Co. KG sowie Quillon Holdings Ltd (company number 01234567)\n"
    "wird folgender Vertrag geschlossen."
)

# Each of these made a pattern re-scan the rest of the text from every position: a 100 KB word
# of capitals, a legal form between long runs of spaces (the register pattern split each run
# three ways), capitals separated by long space runs, hyphenated capitals.
HOSTILE = {
    "capitals": "A" * 100_000,
    "capital words": "Abcdefghij" * 10_000,
    "legal forms between spaces": ("GmbH" + " " * 200) * 490,
    "capitals between spaces": ("A" + " " * 1000) * 99,
    "umlauts": "Ä" * 100_000,
    "hyphens": "A-" * 50_000,
    "register words": ("Amtsgericht " * 3 + " " * 300 + ", ") * 300,
}


def test_names_and_register_numbers_on_real_text() -> None:
    found = {m.name: m.identifiers for m in find_mentions(LETTER)}
    assert found == {
        "Müller Bau GmbH": {"hrb": "12345", "register_court": "München"},
        "Schwarzwald Feinmechanik GmbH & Co. KG": {},
        "Quillon Holdings Ltd": {"uk_company_number": "01234567"},
    }


@pytest.mark.timeout(60)  # the old patterns needed minutes for one of these; now milliseconds
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_text_completes_and_still_finds_the_names(kind: str) -> None:
    text = HOSTILE[kind] + "\n" + LETTER + "\n" + HOSTILE[kind]
    names = [m.name for m in find_mentions(text)]
    assert "Müller Bau GmbH" in names
    assert "Quillon Holdings Ltd" in names
    # Nothing is invented from inside the padding (the old pattern read "H GmbH" out of it).
    assert all(name in LETTER for name in names)


def test_austrian_swiss_and_french_forms_and_register_numbers() -> None:
    text = (
        "Lizenzvertrag zwischen der Sennhof Pharma AG, CHE-101.234.567, Basel, und der Lumina"
        " Biotech SA, Genf. Darlehensgeberin ist die Grünwald Privatstiftung, FN 402118 m."
        " CFO Alpenbau Holding AG bestätigt."
    )
    found = {m.name: m.identifiers for m in find_mentions(text)}
    assert found["Sennhof Pharma AG"] == {"che_uid": "CHE-101.234.567"}
    assert "Lumina Biotech SA" in found
    assert found["Grünwald Privatstiftung"] == {"fn": "402118m"}
    # An officer's title in front of the company is not part of its name.
    assert "Alpenbau Holding AG" in found
    # "USA" is not a company in the Société anonyme form, "Die Stiftung" not a company at all.
    assert not find_mentions("Made in the USA. Die Stiftung zahlt.")


def test_a_name_wrapped_by_the_layout_keeps_its_first_words() -> None:
    text = (
        "between Greenfield Retail Ltd (company number 04455667) as Buyer and Bavaria\n"
        "Feinkost GmbH (HRB 9876, Amtsgericht Traunstein) as Supplier"
    )
    names = {m.name: m.identifiers for m in find_mentions(text)}
    assert names["Bavaria Feinkost GmbH"]["hrb"] == "9876"
    # An address's city ends a long line too; it never joins the next company's name.
    address = "Brenner Beteiligungs GmbH, Maria-Theresien-Straße 18, 6020 Innsbruck, Büro Wien\n"
    assert find_mentions(address + "Alpenbau Holding AG")[-1].name == "Alpenbau Holding AG"
    # A heading or letterhead line is short: the next line's name stands alone.
    assert [m.name for m in find_mentions("Kaufvertrag Anlage\nMüller GmbH")] == ["Müller GmbH"]


def test_names_in_capitals_and_their_register_numbers() -> None:
    text = (
        "PARTIES\n(1) KESTREL BIDCO GMBH, a limited liability company (Gesellschaft mit"
        " beschränkter Haftung) incorporated under the laws of Germany, registered with the"
        " commercial register of the Amtsgericht Frankfurt am Main under HRB 130456, with its"
        ' business address at Bockenheimer Landstraße 51 (the "Borrower");\n'
        "KAUFVERTRAG ÜBER DIE ALPENTEC SENSORIK GMBH\n"
        "THE ENTIRE ISSUED SHARE CAPITAL OF FELDMANN VERPACKUNG GMBH\n"
    )
    found = {m.name: m.identifiers for m in find_mentions(text)}
    assert found == {
        "KESTREL BIDCO GMBH": {"hrb": "130456"},
        "ALPENTEC SENSORIK GMBH": {},
        "FELDMANN VERPACKUNG GMBH": {},
    }


def test_a_register_number_belongs_to_a_name_of_its_own_paragraph() -> None:
    text = (
        "Senior Facility Agreement dated 26 April 2024 between Kestrel Bidco GmbH and Harbour"
        " Point Capital LLP\n\n1. Corporate documents\n\n(a) An up-to-date commercial register"
        " extract of the Borrower (HRB 130456)."
    )
    assert {m.name: m.identifiers for m in find_mentions(text)} == {
        "Kestrel Bidco GmbH": {},
        "Harbour Point Capital LLP": {},
    }


def test_register_extracts_give_their_company_its_number() -> None:
    """An Austrian Firmenbuch extract heads the page with the number before the company's name;
    a Companies House overview writes the number in brackets after it (their text layers)."""
    firmenbuch = (
        "Firmenbuchauszug mit aktuellen Daten\r\nStichtag 20.06.2024\r\nFN 190234 x –"
        " Landesgericht Innsbruck\r\nFIRMA\r\nBerghof Immobilien GmbH\r\nSITZ\r\npolitische"
        " Gemeinde Innsbruck"
    )
    companies_house = (
        "Companies House\r\nCompany overview for MERIDIAN TOOLS LTD (11873409)\r\nRegistered"
        " office address: Unit 12, Aire Valley Business Park, Leeds"
    )
    # A number in brackets after a GmbH is no UK company number; a number after the first
    # name belongs to it, not to the first name of the head.
    letter = "Alpentec Sensorik GmbH (12345678) schreibt an Feldmann Verpackung GmbH, FN 402118 m"
    assert [(m.name, m.identifiers) for m in find_mentions(firmenbuch)] == [
        ("Berghof Immobilien GmbH", {"fn": "190234x"})
    ]
    assert [(m.name, m.identifiers) for m in find_mentions(companies_house)] == [
        ("MERIDIAN TOOLS LTD", {"uk_company_number": "11873409"})
    ]
    assert {m.name: m.identifiers for m in find_mentions(letter)} == {
        "Alpentec Sensorik GmbH": {},
        "Feldmann Verpackung GmbH": {"fn": "402118m"},
    }


def test_the_long_german_forms_and_what_is_no_name() -> None:
    text = (
        "KLAGE der Elbwerft Marine Services GmbH gegen die LÜNEBURGER STAHLBAU GESELLSCHAFT"
        " MIT BESCHRÄNKTER HAFTUNG, vertreten durch den Geschäftsführer\n"
        "in Sachen Elbwerft Marine Services GmbH ./. Lüneburger Stahlbau GmbH\n"
        "THE COMPANIES ACT 2006\nPRIVATE COMPANY LIMITED BY SHARES\n"
        "Bayerische Motoren Werke Aktiengesellschaft"
    )
    names = [normalize_name(m.name) for m in find_mentions(text)]
    assert names == [
        "elbwerft marine services gmbh",
        "lueneburger stahlbau gmbh",
        "elbwerft marine services gmbh",  # not "sachen elbwerft ..."
        "lueneburger stahlbau gmbh",
        "bayerische motoren werke ag",
    ]
