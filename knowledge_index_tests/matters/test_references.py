"""Matter reference styles, canonical keys, phantom guards and folder discovery (no database)."""

from __future__ import annotations

import json

import pytest

from knowledge_index.matters.discovery import discover
from knowledge_index.matters.references import scheme_for
from knowledge_index.settings import FirmSettings, MatterReferencePattern, load_settings

SCHEME = scheme_for()


@pytest.mark.parametrize(
    "forms",
    [
        ["2024/0173", "2024-0173", "2024_0173", "2024/0173-MS", "2024 / 173"],
        ["0173/24", "173/24", "0173-24", "0173/24 RKe", "AZ 173/24", "Az. 0173/24 TH"],
        ["M-10482", "M10482", "M-10482/JW"],
        ["HB-2024-0173", "HB 2024/0173", "HB-2024-0173 LB"],
        ["AKT-2023-0091", "AKT 2023/091"],
        ["12345.001", "12345-001", "12345/001"],
        # Billing systems with six-digit clients and four-digit matters (Austria, the UK).
        ["104233-0007", "104233.0007", "104233/007"],
        # Five-digit matters, unpadded as people type them, and labelled as billing exports
        # print them.
        ["104233.00012", "104233-12", "104233/12", "C104233 M12", "C104233/M12"],
        ["CM/2023/118", "CM-2023-118", "CM 2023/0118"],
        ["Z24-0312", "Z24-312"],
        ["19-0042-WB", "19-0042"],
    ],
)
def test_every_written_form_of_a_matter_has_one_key(forms: list[str]) -> None:
    keys = {SCHEME.key(f) for f in forms}
    assert len(keys) == 1, keys


def test_different_styles_stay_different_matters() -> None:
    keys = [
        SCHEME.key(f)
        for f in ["2024/0173", "0173/24", "HB-2024-0173", "12345.001", "12345.002", "Z24-0312"]
    ]
    assert len(set(keys)) == len(keys)


@pytest.mark.parametrize(
    "text",
    [
        "Rechnung Nr. 2024-0871",
        "Invoice no. 2024/0871",
        "Rechnungsnummer 2024-0388-V",
        "Amtsgericht München HRB 12345",
        "LG Stuttgart, Az. 3 O 123/24",
        "Aktenzeichen: 3 O 123/24",
        "BGH, Urteil vom 10.01.2017 – II ZR 93/16",
        "Geschäftsnummer: 12 U 456/23",
        "Bürgschaft Nr. 4410-2024-0211",
        "(Vorgangsnummer 2024-0173-NA)",
        "Kunden-Nr. K-40449",
        "Bestellung PO-2024-0456",
        "UR-Nr. 1187/2024",
        "IBAN DE89 7015 0000 1002 0173 24",
        "Tel. 089 5432 1098, Fax 089 5432 1099",
        "80539 München, 12.03.2024, 2024-03-25",
        "Unser Zeichen: K/2024-117",
        "Stand 2024-03, Geschäftsjahr 2024/25",
    ],
)
def test_numbers_that_only_look_like_references_are_no_evidence(text: str) -> None:
    assert [f for f in SCHEME.find_in_text(text) if f.origin == "marker"] == []
    assert [f.reference for f in SCHEME.find_in_text(text)] == []


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Unser Zeichen: 2024/0173-MS", "2024-0173"),
        ("Unser Az.: 0388/23 KW", "0388/23"),
        ("Our ref 12345.001 · Privileged", "12345.001"),
        ("Matter No. M-10482", "M-10482"),
        ("Mandat AZ 219/24 Projekt Falke", "0219/24"),
        ("Az. 219-24", "0219/24"),
        ("Rechnung Nr. 2024-0871 · Unser Zeichen: 2023/0542", "2023-0542"),
        ("Our ref. no. 12345.001", "12345.001"),
        ("Unser Zeichen Nr. 2024/0173", "2024-0173"),
        # Austrian letters: "Unser Akt", "Unsere GZ" (Geschäftszahl).
        ("Unser Akt: 104233-0007", "104233.007"),
        ("Unsere GZ: CM/2023/118", "CM-2023-0118"),
    ],
)
def test_a_marker_makes_a_reference_the_firms_own(text: str, key: str) -> None:
    found = SCHEME.find_in_text(text)
    assert [(f.key, f.origin) for f in found] == [(key, "marker")]


def test_their_reference_is_only_a_pointer_not_a_marker() -> None:
    found = SCHEME.find_in_text("Ihr Zeichen: 0388/23 KW · LG Stuttgart 3 O 123/24")
    assert [(f.key, f.origin) for f in found] == [("0388/23", "text")]


def test_an_invented_style_works_from_configuration_alone(monkeypatch) -> None:
    patterns = [
        {
            "name": "kx_dots",
            "regex": r"KX·(?P<year>\d{4})·(?P<number>\d{1,4})",
            "canonical": "KX-{year}-{number:0>3}",
        }
    ]
    monkeypatch.setenv("KI_FIRM__MATTER_REFERENCE_PATTERNS", json.dumps(patterns))
    scheme = scheme_for(load_settings())
    assert scheme.key("KX·2024·17") == scheme.key("KX·2024·017") == "KX-2024-017"
    assert [(f.key, f.origin) for f in scheme.find_in_text("Unser Zeichen: KX·2024·17")] == [
        ("KX-2024-017", "marker")
    ]
    assert scheme.find_in_text("Rechnung Nr. KX·2024·17") == []
    assert scheme.title_of("KX·2024·17 Lieferstreit") == "Lieferstreit"
    # The shipped styles are replaced, not merged: the firm said what it writes.
    assert scheme.find_in_text("Unser Zeichen: 2024/0173") == []


def test_a_pattern_without_named_groups_is_refused() -> None:
    with pytest.raises(ValueError, match="named groups"):
        MatterReferencePattern(name="x", regex=r"\d+", canonical="{x}")
    assert FirmSettings().matter_reference_patterns  # shipped defaults


ESTATE = [
    "Mandanten/Müller GmbH/2024-0173 Verkauf Alpentec/Entwürfe/SPA v1.docx",
    "Mandanten/Müller GmbH/2024-0173 Verkauf Alpentec/Korrespondenz/Mail.eml",
    "Mandanten/Müller GmbH/0412-24 Geschäftsführerwechsel/Beschluss.docx",
    "Mandanten/Albers, Dr. Katrin/Aufhebung Dienstvertrag/Entwurf.docx",
    "Mandanten/Nordlicht AG/HB-2024-0211 Mietvertrag/Mietvertrag.pdf",
    "Clients/Harbour Point LLP/12345.001 Kestrel Facility/Drafts/SFA.docx",
    "Clients/Harbour Point LLP/12345-002 Kestrel Security/Share Pledge.docx",
    "Eingang/Scan 2024-03-01.pdf",
    "Scans/Scan_20240404.pdf",
    "Vorlagen/2024/Muster NDA.docx",
    "Rechnung 2024-0871.pdf",
]


def test_discovery_finds_the_matter_level_and_title_only_matters() -> None:
    found = discover(ESTATE, SCHEME)
    assert found.depth == 2
    assert found.containers == ["Clients", "Mandanten"]
    by_path = {m.path: m for m in found.matter_folders}
    assert len(by_path) == 6
    albers = by_path["Mandanten/Albers, Dr. Katrin/Aufhebung Dienstvertrag"]
    assert albers.reference is None and albers.title == "Aufhebung Dienstvertrag"
    assert albers.client == "Albers, Dr. Katrin"
    kestrel = by_path["Clients/Harbour Point LLP/12345-002 Kestrel Security"]
    assert (kestrel.key, kestrel.title) == ("12345.002", "Kestrel Security")
    assert found.matter_folder_of(ESTATE[0]).key == "2024-0173"
    assert found.matter_folder_of("Eingang/Scan 2024-03-01.pdf") is None
    assert found.matter_folder_of("Vorlagen/2024/Muster NDA.docx") is None


def test_discovery_finds_an_unconfigured_style() -> None:
    paths = [
        "Akten/Client A/7731a Lieferstreit/a.txt",
        "Akten/Client A/7732a Markenanmeldung/b.txt",
        "Akten/Client B/7740b Kaufvertrag/c.txt",
        "Akten/Client B/Allgemeine Beratung/d.txt",
        "Inbox/e.txt",
    ]
    found = discover(paths, SCHEME)
    assert found.depth == 2
    refs = {m.reference: m.title for m in found.matter_folders}
    assert refs == {
        "7731a": "Lieferstreit",
        "7732a": "Markenanmeldung",
        "7740b": "Kaufvertrag",
        None: "Allgemeine Beratung",
    }
    assert found.styles["unconfigured"] == 3


def test_a_folder_grouping_matters_is_no_matter() -> None:
    # Older matters moved into an archive folder beside the current ones, in the legacy style.
    paths = [
        "Hamburg/Mandate/HH-2025-0173 Nordhafen/01 Korrespondenz/a.pdf",
        "Hamburg/Mandate/HH-2025-0219 Elbwerft Mietvertrag/b.docx",
        "Hamburg/Mandate/Altakten 2024/0412-24 Br Elbwerft gg. Lüneburger/Klage.docx",
        "Hamburg/Mandate/Altakten 2024/0398-24 Hansa Kauf/c.docx",
        "Hamburg/Arbeitsrecht/Aufhebung Dienstvertrag Dr. Vogt/d.docx",
        "Hamburg/Arbeitsrecht/Aufhebung Dienstvertrag Dr. Vogt/Anlagen 2019/e.pdf",
    ]
    found = discover(paths, SCHEME)
    by_path = {m.path: m for m in found.matter_folders}
    assert "Hamburg/Mandate/Altakten 2024" not in by_path
    assert by_path["Hamburg/Mandate/Altakten 2024/0412-24 Br Elbwerft gg. Lüneburger"].key == (
        "0412/24"
    )
    assert found.matter_folder_of(paths[3]).key == "0398/24"
    # A title-only matter whose subfolders are no references stays the matter.
    assert found.matter_folder_of(paths[5]).title == "Aufhebung Dienstvertrag Dr. Vogt"


MIXED = [
    # A Vienna office files by year and client, a DMS export by workspace and matter number,
    # litigation directly under its folder, Zurich one level deeper, and one client folder
    # names its client by number above title-only matters.
    "2023/Kingsmere Components/CM-2023-118 Distribution/Drafts/Agreement v1.docx",
    "2024/Kingsmere Components/CM-2023-118 Distribution/Amendment/Amendment 1.docx",
    "2024/Kingsmere Components/LIT-0471 Debt claim/Claim form.pdf",
    "DMS_Export/Workspace_104233/Matter_0007/Documents/00041188_1.pdf",
    "DMS_Export/Workspace_104233/Matter_0009/Emails/00041404_1.eml",
    "Prozesse/LIT-0456 Seehotel gg Hochbau/Schriftsätze/Klage.pdf",
    "Zürich/Klienten/Sennhof Pharma AG/Z24-0312 Lizenz Lumina/Entwürfe/Lizenz.docx",
    "Mandanten/300517 Montafoner Quellen/GF Abberufung/Umlaufbeschluss.docx",
    "Mandanten/Grünwald Privatstiftung/Darlehen Berghof/Darlehensvertrag.odt",
    "Clients/Meridian Tools Ltd/Project Lark/Term Sheet.docx",
    "Eingang_Huber/Scan.pdf",
    "Vorlagen/Muster/Arbeitsrecht/Dienstvertrag.docx",
]


def test_each_top_level_folder_files_matters_at_its_own_level() -> None:
    found = discover(MIXED, SCHEME)
    by_path = {m.path: m for m in found.matter_folders}
    assert found.levels["Prozesse"] == 1 and found.levels["Zürich/Klienten"] == 3
    assert found.depth == 2
    assert by_path["Prozesse/LIT-0456 Seehotel gg Hochbau"].key == "LIT-456"
    assert by_path["Zürich/Klienten/Sennhof Pharma AG/Z24-0312 Lizenz Lumina"].key == "Z24-0312"
    # One matter in two year folders: one key.
    assert {by_path[p].key for p in by_path if "CM-2023-118" in p} == {"CM-2023-0118"}
    # Where nothing names a matter by identifier, matters sit where they sit elsewhere,
    # under folders named like clients (a company, a client number, a person).
    assert by_path["Clients/Meridian Tools Ltd/Project Lark"].reference is None
    assert by_path["Mandanten/300517 Montafoner Quellen/GF Abberufung"].reference is None
    assert "Mandanten/300517 Montafoner Quellen" not in by_path  # a client number, not a matter
    assert found.matter_folder_of("Vorlagen/Muster/Arbeitsrecht/Dienstvertrag.docx") is None
    assert found.matter_folder_of("Eingang_Huber/Scan.pdf") is None


def test_a_dms_export_names_its_matter_by_client_and_matter_number() -> None:
    found = discover(MIXED, SCHEME)
    dms = {m.path: m for m in found.matter_folders if m.path.startswith("DMS_Export/")}
    m7 = dms["DMS_Export/Workspace_104233/Matter_0007"]
    # Together the numbers are the firm's configured client.matter style: 104233-0007.
    assert (m7.reference, m7.key, m7.style) == ("104233-0007", "104233.007", "client_matter")
    assert dms["DMS_Export/Workspace_104233/Matter_0009"].key == "104233.009"
    # The same matter number under another workspace is another matter.
    other = discover(
        ["W/Workspace_200001/Matter_0007/a.pdf", "W/Workspace_200002/Matter_0007/b.pdf"], SCHEME
    )
    assert sorted(m.key for m in other.matter_folders) == ["200001.007", "200002.007"]


def test_numbered_client_folders_number_their_matters_inside_them() -> None:
    paths = [
        "Clients/104233 Hartwell Logistics Ltd/00012 Munich warehouse lease/Vertrag/a.pdf",
        "Clients/104233 Hartwell Logistics Ltd/00015 Project Falcon/b.docx",
        "Clients/104233 Hartwell Logistics Ltd/Dunmore exit/c.docx",
        "Clients/402517 Oberland Antriebstechnik GmbH/00002 Series B/d.docx",
        # An archive files closed matters a level deeper, each alone under its client.
        "Archive/Closed 2023/155902 Fenwick Harrow Properties Ltd/00002 Unit 4 lease/e.pdf",
    ]
    by_path = {m.path: m for m in discover(paths, SCHEME).matter_folders}
    hartwell = "Clients/104233 Hartwell Logistics Ltd"
    # The matter's number inside the client's, written as the firm writes it in letters.
    lease = by_path[f"{hartwell}/00012 Munich warehouse lease"]
    assert (lease.reference, lease.key) == ("104233.00012", "104233.012")
    assert by_path[f"{hartwell}/Dunmore exit"].reference is None
    assert hartwell not in by_path  # the client, not a matter
    # The same matter number under two clients is two matters.
    assert by_path["Clients/402517 Oberland Antriebstechnik GmbH/00002 Series B"].key == (
        "402517.002"
    )
    archived = "Archive/Closed 2023/155902 Fenwick Harrow Properties Ltd/00002 Unit 4 lease"
    assert by_path[archived].key == "155902.002"
    assert "Archive/Closed 2023/155902 Fenwick Harrow Properties Ltd" not in by_path


def test_a_month_or_a_short_number_is_no_unpadded_client_matter() -> None:
    for text in ("Stand 2024-03", "am 12.03.2025", "Az. 1234/5", "318054-3-2025"):
        assert SCHEME.find_in_text(text) == [], text


def test_year_and_date_folders_are_not_a_matter_level() -> None:
    paths = [f"Archiv/{y}/{m:02d}/x.pdf" for y in (2022, 2023, 2024) for m in (1, 2)]
    assert discover(paths, SCHEME).depth is None
    months = [f"Scans/{y}-{m:02d} Eingang/x.pdf" for y in (2023, 2024) for m in (1, 2, 3)]
    assert discover(months, SCHEME).depth is None


def test_ki_config_set_takes_a_firm_style(ki_env) -> None:
    from typer.testing import CliRunner

    from knowledge_index.cli import app

    patterns = [{"name": "kx", "regex": r"KX·(?P<n>\d+)", "canonical": "KX-{n:0>3}"}]
    done = CliRunner().invoke(
        app, ["config", "set", "firm.matter_reference_patterns", json.dumps(patterns)]
    )
    assert done.exit_code == 0, done.output
    assert scheme_for(load_settings()).key("Unser Zeichen KX·7") == "KX-007"
    bad = CliRunner().invoke(
        app,
        [
            "config",
            "set",
            "firm.matter_reference_patterns",
            '[{"name": "x", "regex": "(", "canonical": "x"}]',
        ],
    )
    assert bad.exit_code == 1 and "not a regular expression" in bad.stderr


def test_a_loose_copy_goes_to_the_matter_its_copies_are_filed_in() -> None:
    from knowledge_index.stages.classify_matter.offline import usable
    from knowledge_index.stages.classify_matter.prompt import _candidates

    found = discover(MIXED, SCHEME)
    filed = found.matter_folder_of(MIXED[3])  # DMS_Export/Workspace_104233/Matter_0007/...
    assert filed is not None
    refs = _candidates("Kopie von 00041188_1.pdf", "", None, None, {}, SCHEME, [filed])
    [first, *_] = usable(refs)
    assert (first.origin, first.key, first.may_create) == ("copy", "104233.007", True)
    # A marker in the copy itself still decides first; a filed file keeps its own folder.
    marked = _candidates("Kopie.pdf", "Unser Zeichen: LIT-0456", None, None, {}, SCHEME, [filed])
    assert usable(marked)[0].origin == "marker"


def test_a_marker_in_mail_written_outside_the_firm_is_the_senders_reference() -> None:
    from knowledge_index.settings import FirmSettings
    from knowledge_index.stages.classify_matter.prompt import _candidates, written_by_the_firm

    firm = FirmSettings(name="Aichinger Wyss Thornton Rechtsanwälte GmbH")
    assert written_by_the_firm('"Dr. Ulrike Sattlegger" <kanzlei@sattlegger.at>', firm) is False
    assert written_by_the_firm("k.huber@awt-law.at", firm) is True  # the firm's initials
    assert written_by_the_firm("x@other.at", FirmSettings(email_domains=["other.at"])) is True
    assert written_by_the_firm("x@other.at", FirmSettings()) is None  # nothing configured
    theirs = (
        "Subject: AW: Vergleich\nFrom: kanzlei@sattlegger.at\n\n"
        "Sehr geehrter Herr Kollege,\nbestätige den Termin.\nDr. Ulrike Sattlegger\n"
        "Unser Zeichen: 2024/118-KH\n\n-----Ursprüngliche Nachricht-----\nVon: Pichler\n"
        "Unser Akt: LIT-0456"
    )
    refs = _candidates("Eingang/AW.eml", theirs, "AW: Vergleich", None, {}, SCHEME, None, True)
    # Opposing counsel's own reference is gone; the firm's, in the quoted history, stays.
    assert [(r.reference, r.origin) for r in refs] == [("LIT-0456", "marker")]
    # Written by the firm, its marker is the firm's reference.
    ours = _candidates("Eingang/AW.eml", theirs, "AW: Vergleich", None, {}, SCHEME, None, False)
    assert "2024/118-KH" in {r.reference for r in ours}


def test_a_letter_to_the_firm_cites_the_firms_reference_as_ihr_zeichen() -> None:
    from knowledge_index.stages.classify_matter.prompt import received_letter

    firm = FirmSettings(name="Kessler Haldimann Rechtsanwälte PartG mbB")
    received = (
        "Seeland Kreditbank AG · Leveraged Finance · Marktstätte 12 · 78462 Konstanz\n"
        "Kessler Haldimann\nHerrn Thomas Haldimann\nMaximilianstraße 31\n80539 München\n"
        "Konstanz, 27.06.2025\nIhr Zeichen: 20417.005 TH/ak – Ihr Schreiben vom 20. Juni 2025\n"
        "Unser Zeichen: LF-2025-0388\nSehr geehrter Herr Haldimann,\ndie Zustimmung folgt."
    )
    sent = (
        "KESSLER HALDIMANN · Rechtsanwälte PartG mbB · Maximilianstraße 31 · 80539 München\n"
        "Seeland Kreditbank AG\nMarktstätte 12\nIhr Zeichen: LF-2025-0388\n"
        "Unser Zeichen: 20417.005 TH/ak\nSehr geehrte Frau Weber,\nwir bitten um Zustimmung."
    )
    assert received_letter(received, firm) and not received_letter(sent, firm)
    assert not received_letter("Kessler Haldimann\nMemo\nno salutation here", firm)
    # Received: their "Ihr Zeichen" is ours (with the assistant's initials), their own is not.
    theirs = [(f.key, f.origin) for f in SCHEME.find_in_text(received, received=True)]
    assert ("20417.005", "marker") in theirs
    assert [(f.key, f.origin) for f in SCHEME.find_in_text(sent)][-1] == ("20417.005", "marker")
    # Not known as received, "Ihr Zeichen" stays a pointer (the test above).
    assert ("20417.005", "marker") not in [(f.key, f.origin) for f in SCHEME.find_in_text(received)]


@pytest.mark.parametrize(
    ("folder", "key", "title"),
    [
        # Spaces written as underscores in a folder name.
        ("40388-002_Traunsee_Lizenz_Zollinger", "40388.002", "Traunsee Lizenz Zollinger"),
        ("2024_0173_Verkauf_Alpentec", "2024-0173", "Verkauf Alpentec"),
        ("2024_0173 Verkauf", "2024-0173", "Verkauf"),
    ],
)
def test_a_folder_may_write_spaces_as_underscores(folder: str, key: str, title: str) -> None:
    found = SCHEME.leading(folder)
    assert found is not None and found.key == key
    assert SCHEME.title_of(folder) == title


def test_a_client_folders_name_without_its_number() -> None:
    from knowledge_index.matters.discovery import without_client_number

    assert without_client_number("104233 Hartwell Logistics Ltd") == "Hartwell Logistics Ltd"
    # A year, a reference and a labelled workspace are no client number before a name.
    for name in ("2024 Archiv GmbH", "0412-24 Br Elbwerft", "Workspace_104233"):
        assert without_client_number(name) == name
