"""Who a document is between, not what it is about: the company a deal or a company-law
document concerns is no party; an e-mail is with the companies its addresses name."""

from __future__ import annotations

from types import SimpleNamespace

from knowledge_index.stages.extract_metadata.correspondents import (
    correspondents,
    domain_label,
)
from knowledge_index.stages.extract_metadata.offline import _work_for_client, names_firm
from knowledge_index.stages.extract_metadata.party_rules import (
    CLIENT_MARKER,
    addressed_persons,
    non_party_reason,
)
from knowledge_index.stages.extract_metadata.prompt import (
    ClauseParty,
    MatterContext,
    MentionEvidence,
    _with_correspondents,
)

FIRM = ["Aichinger Wyss Thornton Rechtsanwälte GmbH"]


def test_the_company_a_deal_or_company_document_is_about_is_no_party() -> None:
    about = [
        "Kaufvertrag über sämtliche Geschäftsanteile an der ",
        "The Seller sells the entire issued share capital of ",
        "Anteile an\n",  # a PDF wraps the line after "an"
        "Shareholders' Agreement for ",
        "Gesellschaftsvertrag der ",
        "Cap table – ",
        "Gründung der JV-Gesellschaft ",
        "Erwerb der ",
        "the Target, ",
    ]
    for before in about:
        assert non_party_reason("Lark Precision GmbH", before, FIRM) == "subject", before
    between = [
        "zwischen der ",
        "Der Liefervertrag mit der ",
        # A due diligence report is the client's and its target's.
        "Legal Due Diligence – ",
        # A heading's last words above the next paragraph say nothing about the name.
        "Projekt Falke – Kick-off Due Diligence\n\n",
        "Gesellschaftsvertrag\n\nDie Gesellschafterin ",
        "",
    ]
    for before in between:
        assert non_party_reason("Lark Precision GmbH", before, FIRM) is None, before


def test_the_company_acting_for_a_party_is_no_party() -> None:
    # A GmbH & Co. KG contracts through its general partner; the KG is the party.
    for before in (
        "Isarpark Immobilien GmbH & Co. KG, eingetragen unter HRA 109923, vertreten durch ihre"
        " persönlich haftende Gesellschafterin, die ",
        "Harbour Fund LP, represented by its general partner ",
    ):
        assert non_party_reason("Isarpark Verwaltungs GmbH", before, FIRM) == "representative"
    # A company represented by its managing director is still a party.
    assert non_party_reason("Isarpark Verwaltungs GmbH", "zwischen der ", FIRM) is None


def test_a_client_marker_may_name_the_client_in_apposition() -> None:
    assert CLIENT_MARKER.search("ersuchen wir namens unserer Mandantin, der ")
    assert CLIENT_MARKER.search("on behalf of our client, the ")
    assert not CLIENT_MARKER.search("namens unserer Mandantin ersuchen wir die ")


def test_a_mail_domain_names_its_company() -> None:
    assert domain_label('"Reisinger" <g.reisinger@alpenbau.at>') == "alpenbau"
    assert domain_label("tom@mail.kingsmere.co.uk") == "kingsmere"
    assert domain_label("someone@gmx.at") is None
    candidates = [
        "Alpenbau Holding AG",
        "Harbour Point Capital LLP",
        "Berghof Immobilien GmbH",
        "Müller GmbH",
        "Steirische Präzision GmbH",
        "Web Solutions GmbH",
        "ABC AG",
    ]
    addresses = [
        "g.reisinger@alpenbau.at",
        "ops@harbourpointcap.com",
        "d.aigner@berghof-linz.at",
        "info@mueller-muenchen.de",
        # The other side's lawyers, free mail and a three-letter name name no company.
        "b.poelzl@poelzl-law.at",
        "max@web.de",
        "x@abc-consulting.de",
    ]
    assert correspondents(addresses, candidates) == [
        "Alpenbau Holding AG",
        "Harbour Point Capital LLP",
        "Berghof Immobilien GmbH",
        "Müller GmbH",
    ]
    assert correspondents(["k.huber@awt-law.at"], candidates) == []


def test_a_mail_is_with_the_matter_parties_its_addresses_name() -> None:
    matter = MatterContext(
        matter_id="m",
        reference_number="104233-0007",
        title="Projekt Gipfel",
        folders=[],
        clause_parties=[
            ClauseParty(name="Alpenbau Holding AG", natural_person=False, short="Alpenbau"),
            ClauseParty(name="Brenner Beteiligungs GmbH", natural_person=False, short="Brenner"),
        ],
    )
    named = MentionEvidence.of_name("Tauernbank AG")
    mail = {"from": ["k.huber@awt-law.at"], "to": ["Dr. Georg Reisinger <g.reisinger@alpenbau.at>"]}
    out = _with_correspondents([named], mail, matter)
    assert [(m.name, m.correspondent, m.matter_party) for m in out] == [
        ("Tauernbank AG", False, False),
        ("Alpenbau Holding AG", True, True),
    ]
    # Not a mail, or no matter: nothing is added.
    assert _with_correspondents([named], {}, matter) == [named]
    assert _with_correspondents([named], mail, None) == [named]


def _doc(text: str = "", path: str = "", folders: list[str] | None = None) -> SimpleNamespace:
    return SimpleNamespace(
        party_mentions=[],
        text_excerpt=text,
        firm=SimpleNamespace(name=FIRM[0], aliases=["AWT Legal LLP"]),
        matter=SimpleNamespace(folders=folders) if folders is not None else None,
        path=path,
    )


def test_only_the_firms_own_bill_has_the_firm_as_party() -> None:
    own = "AICHINGER WYSS THORNTON\nSchottenring 14, 1010 Wien\nHonorarnote Nr. HN-2024-0712"
    assert names_firm(_doc(own))  # type: ignore[arg-type]
    assert names_firm(_doc("AWT Legal LLP, 1 Fleet Place, London\nInvoice"))  # type: ignore[arg-type]
    voice = "Rechnung Nr. 2024-1123\n\nFür unsere Tätigkeit in der Angelegenheit berechnen wir"
    assert names_firm(_doc(voice))  # type: ignore[arg-type]
    claim = "Kingsmere Components Ltd\nINVOICE INV-22871\nTo: Meridian Tools Ltd"
    assert not names_firm(_doc(claim))  # type: ignore[arg-type]


def test_the_firms_work_in_a_clients_matter_folder_is_for_that_client() -> None:
    folder = "Mandanten/Müller GmbH, München/2024-0173 Verkauf Alpentec"
    filed = _doc(path=f"{folder}/Korrespondenz/Aktenvermerk.txt", folders=[folder])
    misfiled = _doc(path="Mandanten/Vantage Software Ltd/M-10482/Note.txt", folders=[folder])
    assert _work_for_client(filed, "correspondence.file_note")  # type: ignore[arg-type]
    assert not _work_for_client(misfiled, "correspondence.file_note")  # type: ignore[arg-type]
    # A contract names its own parties; no matter, no client.
    assert not _work_for_client(filed, "contract.share_purchase_agreement")  # type: ignore[arg-type]
    assert not _work_for_client(_doc(path=filed.path), "correspondence.file_note")  # type: ignore[arg-type]


def test_a_party_named_on_the_cover_line_is_in_the_party_clause_too() -> None:
    from knowledge_index.stages.extract_metadata.party_rules import named_in_block, party_block

    sfa = (
        "Senior Facility Agreement\n\ndated 5 May 2025\n\nfor Voralp Deutschland BidCo GmbH as "
        "Borrower, arranged by Seeland Kreditbank AG as Agent\n\nTHIS AGREEMENT is made between "
        "(1) Voralp Deutschland BidCo GmbH, Munich (the “Borrower”); and (2) Seeland\nKreditbank "
        "AG, Konstanz (the “Agent”).\n\n1 Definitions and Interpretation\n\n1.1 “Acquisition "
        "Agreement” means the share purchase agreement between Hartwig Beteiligungs GmbH as seller"
    )
    block = party_block(sfa)
    assert block is not None
    # First named on the cover line, named again (and wrapped by the layout) in the clause.
    assert named_in_block(sfa, "Voralp Deutschland BidCo GmbH", block)
    assert named_in_block(sfa, "Seeland Kreditbank AG", block)
    # The clause ends at the first section heading, dot or not.
    assert not named_in_block(sfa, "Hartwig Beteiligungs GmbH", block)
    # A numbered party line is no section heading.
    listed = "between\n\n1 Voralp Deutschland BidCo GmbH\n\n2 Seeland Kreditbank AG\n\n§ 1 Zweck"
    listed_block = party_block(listed)
    assert listed_block is not None
    assert named_in_block(listed, "Seeland Kreditbank AG", listed_block)


def test_a_profession_and_a_legal_form_name_no_one_and_fiduciaries_may_contract() -> None:
    firm = ["Kessler Haldimann Rechtsanwälte PartG mbB"]
    assert non_party_reason("Rechtsanwälte PartG mbB", "KESSLER HALDIMANN · ", firm) == "fragment"
    assert non_party_reason("Kessler Haldimann Rechtsanwälte PartG mbB", "", firm) == "firm"
    # A partner of a firm named after its partners writes for the firm; a company is no partner.
    assert non_party_reason("Dr. Martina Kessler", "", firm) == "firm"
    assert non_party_reason("Kessler Holding GmbH", "", firm) is None
    # So a letter to her is a letter to the firm; one to a client in her own name is hers.
    head = "KESSLER HALDIMANN\nDr. Martina Kessler\nMaximilianstraße 31\n80539 München\n"
    # (what stands above the salutation, as `addressees` passes it)
    assert addressed_persons(head, firm) == []
    client = "Frau Dr. Henrike Adler\nAm Hachinger Bach 8\n85521 Ottobrunn\n"
    assert [n for n, _ in addressed_persons(client, firm)] == ["Dr. Henrike Adler"]
    # A Swiss Treuhand company advises, and signs a licence in its own name.
    assert non_party_reason("Zollinger Treuhand AG", "", firm) == "fiduciary"
    assert non_party_reason("Pühringer & Partner Rechtsanwälte GmbH", "", firm) == "adviser"
