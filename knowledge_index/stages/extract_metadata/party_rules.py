"""Rules that tell a party from a name that is merely mentioned: the opening party clause,
client markers, institutions, advisers, persons introduced by a form of address.

Shared by the document's own evidence (`prompt.build_evidence`) and the matter's party clauses
(`matter_parties`).
"""

from __future__ import annotations

import re
from typing import Final

from knowledge_index.entities.names import (
    PROFESSION_WORDS,
    core_tokens,
    find_mentions,
    firm_initials,
    split_legal_form,
)

CLIENT_MARKER: Final = re.compile(
    r"(?:unsere[rn]?\s+mandant(?:in|en)?|our\s+client|for\s+and\s+on\s+behalf\s+of|namens\s+und\s+in"
    r"\s+vollmacht\s+(?:der|unserer)(?:\s+mandantin)?"
    # A file note's or memo's head: "Mandant: Hartwell Logistik GmbH", "Client: ...".
    r"|\n[ \t]*(?:mandant(?:in)?|client)[ \t]*:)"
    # "namens unserer Mandantin, der Alpenbau Holding AG"
    r"(?:\W+(?:der|die|den|dem|the))?\W*$",
    re.I,
)

# Bodies that are named in documents without being a party to them: courts and registers,
# arbitration institutions (the dispute clause), chambers, notaries acting as such.
INSTITUTION: Final = re.compile(
    r"(?:gericht|court|register\b|registry|schiedsgerichtsbarkeit|arbitration|schiedsinstitution"
    r"|chamber of commerce|handelskammer|notar(?:iat)?\b|tribunal|bundesamt|ministerium)",
    re.I,
)
# Other law firms, notaries, tax advisers and auditors act for a party; they are not one.
ADVISER: Final = re.compile(
    r"(?:rechtsanw[aä]lt|anw[aä]lte|anwaltskanzlei|\bkanzlei\b|\blaw\b|\blegal\b|solicitors"
    r"|attorneys|avocats|advokatur)",
    re.I,
)
# Tax advisers, auditors and fiduciaries advise too, but also contract in their own name (a
# Swiss "Treuhand AG" licensing software): a party where a contract's party clause names them.
FIDUCIARY: Final = re.compile(r"(?:steuerberat|wirtschaftspr[uü]f|treuhand\w* ag\b)", re.I)
INSTITUTION_CONTEXT: Final = re.compile(
    r"(?:schiedsgericht\w*|schiedsordnung|schiedsregeln|arbitration\s+rules|rules\s+of|regeln\s+der"
    r"|administered\s+by|notar\w*|vor\s+dem|before\s+the)\W*(?:der|des|the|of)?\W*$",
    re.I,
)
# A bank named where money is to be paid ("auf IBAN AT61 ... (Tauernbank AG)", "Payment to
# Barclays Bank PLC, sort code ...") keeps the account, it is no party to the document. The
# sentence may wrap ("IBAN AT48 3600 0000\n0123 4567, bei der Tauernbank AG" in a PDF), but a
# blank line ends it.
PAYMENT_CONTEXT: Final = re.compile(
    r"(?:\biban\b|\bbic\b|\bswift\b|sort\s+code|bankverbindung|bank\s+details|payment\s+to"
    r"|pay(?:able)?\s+(?:in)?to\s+(?:the\s+)?account|konto(?:nummer)?\b|überweis\w*\s+auf)"
    r"(?:[^\n]|\n(?![ \t]*\n)){0,60}$",
    re.I,
)

# The company a document is about rather than between: the target whose shares are sold, the
# company whose articles, shareholder list or cap table it is, the joint venture being set up
# ("Geschäftsanteile an der X GmbH", "Shareholders' Agreement for X Ltd"). Its owners and
# buyers are the parties. (A due diligence report is the client's and its target's: both are
# named as its parties.)
SUBJECT_CONTEXT: Final = re.compile(
    r"(?:"
    r"(?:(?:geschäfts)?anteile[n]?|aktien|beteiligung|shares?|stake)\s+(?:an|in)"
    r"(?:\s+(?:der|dem|des|the))?"
    r"|(?:issued\s+)?(?:share\s+)?capital\s+of(?:\s+the)?|(?:stamm|grund)kapital(?:s)?\s+der"
    r"|(?:gesellschaftsvertrag\w*|satzung|gesellschafterliste|syndikatsvertrag\w*"
    r"|gesellschaftervereinbarung|articles\s+of\s+association|shareholders[’']?\s+agreement"
    r"|cap\s+table|zielgesellschaft|target(?:\s+company)?|jv[\s-]company"
    r"|jv-gesellschaft|joint\s+venture(?:\s+company)?|gemeinschaftsunternehmen"
    r"|(?:erwerb|kauf|verkauf|übernahme|acquisition|purchase|sale|disposal)(?:\s+aller)?)"
    r"\s*(?:der|des|über\s+die|für\s+die|betreffend\s+die|of|for|in|relating\s+to"
    r"|in\s+respect\s+of|regarding|re|–|-|:)?(?:\s+(?:der|die|the))?"
    # On the name's line or the line above, not across a paragraph break (a heading's last
    # words above the next paragraph).
    r")[^\w\n]*(?:\n[^\w\n]*)?$",
    re.I,
)

# A contract names its parties in one block at the top ("zwischen A ... und B ...", "between A
# and B"); the block ends where the terms begin. Companies named later (the target, a guarantor
# of another document, a supplier) are subject matter, not parties to this contract.
# "zwischen ... und ...", or a heading of its own above the numbered parties (the LMA and
# English style: "PARTIES\n(1) KESTREL BIDCO GMBH ... (the "Borrower")").
PARTY_BLOCK_START: Final = re.compile(
    r"\b(?:zwischen|between|by and between)\b"
    r"|^[ \t]*(?:the[ \t]+)?(?:parties|vertragsparteien|parteien)[ \t]*:?[ \t]*$",
    re.I | re.M,
)
PARTY_BLOCK_END: Final = re.compile(
    r"(?:^|\n)\s*(?:§\s*1\b|1\.\s|art(?:ikel|icle)?\.?\s*1\b"
    # A first section heading without a dot ("1 Definitions and Interpretation"), not a
    # numbered party ("1 Voralp Deutschland BidCo GmbH").
    r"|1[ \t]+(?![^\n]*\b(?:gmbh|ag|ltd|llp|limited|plc|se|kg|sa|sarl|bv|inc)\b)"
    r"[A-ZÄÖÜ][^\n]{0,60}\n"
    r"|präambel|vorbemerkung|recitals"
    r"|background|whereas|it is agreed|wird (?:folgendes|nachstehendes) vereinbart"
    r"|(?:the parties )?agree as follows|vereinbaren (?:die parteien )?(?:was folgt|folgendes))",
    re.I,
)
PARTY_BLOCK_WINDOW: Final = 2_500
# A party's designation in the clause: "– nachfolgend „Gesellschaft“ –", "(hereinafter the
# "Buyer")".
DESIGNATION: Final = re.compile(r"\b(?:nachfolgend|im\s+folgenden|hereinafter)\b", re.I)
# A natural person introduced by a form of address; a party only inside a contract's party
# clause, and never as someone's representative there ("vertreten durch Herrn ...").
_GIVEN: Final = r"[A-ZÄÖÜ][a-zäöüß]+(?:-[A-ZÄÖÜ][a-zäöüß]+)?"
_ADDRESS_FORM: Final = r"(?:Herrn?|Frau|Mr\.?|Mrs\.?|Ms\.?)"
_NOT_ADDRESSED: Final = r"(?!(?:Herrn?|Frau|Mr|Mrs|Ms)\b)"  # a name with no form of address
PERSON: Final = re.compile(
    rf"\b{_ADDRESS_FORM}\s+((?:(?:Dr|Prof)\.\s*)*(?:{_GIVEN}\s+){{0,2}}{_GIVEN})"
)
# A person a contract introduces by where they live or when they were born, with no form of
# address ("und Dr. Katrin Albers, wohnhaft Sonnenstraße 12", "John Smith, residing at ...").
PERSON_RESIDENT: Final = re.compile(
    rf"(?<![\w.]){_NOT_ADDRESSED}"
    rf"((?:(?:Dr|Prof)\.\s*)*{_GIVEN}(?:[ \t]+{_GIVEN}){{1,2}}),\s*"
    r"(?:wohnhaft|geboren|geb\.|residing|resident|born)\b"
)
# A person named with an academic title ("(1) Dr. Lena Aksoy, (2) Prof. Dr. Tobias Rehm",
# "Employee: Dr Priya Raman,"): in a party clause, a party like one with a form of address.
PERSON_TITLED: Final = re.compile(
    rf"(?<![\w.]){_NOT_ADDRESSED}"
    rf"((?:(?:Dr|Prof)\.?[ \t]+)+{_GIVEN}(?:[ \t]+{_GIVEN}){{1,2}})(?=[ \t]*[,(;])"
)
FORM_OF_ADDRESS_END: Final = re.compile(rf"{_ADDRESS_FORM}\s*$")
REPRESENTATIVE: Final = re.compile(
    r"(?:vertreten\s+durch|represented\s+by|handelnd\s+durch|acting\s+(?:through|by)|z\.\s?hd\."
    r"|attention\s+of|geschäftsführer\w*|director)\W*(?:den|die|der|ihre[nr]?|seine[nr]?)?\W*$",
    re.I,
)


def person_mentions(text: str, block: tuple[int, int]) -> list[tuple[str, int]]:
    """Natural persons named as parties in the party clause (name as written, offset)."""
    out: list[tuple[str, int]] = []
    matches = [*PERSON.finditer(text, block[0], block[1])]
    matches += PERSON_RESIDENT.finditer(text, block[0], block[1])
    matches += PERSON_TITLED.finditer(text, block[0], block[1])
    for match in sorted(matches, key=lambda m: m.start(1)):
        before = FORM_OF_ADDRESS_END.sub("", text[max(0, match.start() - 48) : match.start()])
        if REPRESENTATIVE.search(before):
            continue
        name = _completed(text, match.group(1), match.end(1))
        if name not in [n for n, _ in out]:
            out.append((name, match.start(1)))
    return out


# An address line is short; a longer line after the addressee is the letter's prose.
ADDRESS_LINE_MAX: Final = 60
ADDRESS_LINES: Final = 2
PROFESSION: Final = re.compile(
    r"(?:rechtsanw\w*|anw[aä]lt\w*|notar\w*|steuerberat\w*|wirtschaftspr[uü]f\w*|attorney"
    r"|solicitor|barrister|counsel|lawyer|avocat\w*|advokat\w*|\bRA\b)",
    re.I,
)


FORM_OF_ADDRESS_LINE: Final = re.compile(rf"^({_ADDRESS_FORM}[ \t]*)\n", re.M)


def addressed_persons(head: str, firm_names: list[str]) -> list[tuple[str, int]]:
    """Natural persons a letter is addressed to in their own name: a form of address above the
    salutation (`head`) whose address block (the short lines around it) names no company but
    the firm's own letterhead, and no profession.

    "Herrn Knut Albertsen / Elbchaussee 301" is a party; "Müller GmbH / Herrn Thomas Müller" is
    the company's contact, "Herrn Dr. Andreas Fink / Rechtsanwalt" the other side's lawyer.
    """
    out: list[tuple[str, int]] = []
    # "Frau\nDr. Katharina Vogt-Meyring": the form of address on a line of its own (same length).
    lines = FORM_OF_ADDRESS_LINE.sub(lambda m: m.group(1) + " ", head).split("\n")
    offset = 0
    for i, line in enumerate(lines):
        for match in PERSON.finditer(line):
            name = match.group(1).strip()
            above: list[str] = []
            below = [f"{line[: match.start()]}\n{line[match.end() :]}"]
            for step, into in ((-1, above), (1, below)):
                j, taken = i + step, 0
                # Blank lines (paragraph breaks in converted text) do not count as lines.
                while 0 <= j < len(lines) and taken < ADDRESS_LINES:
                    if len(lines[j].strip()) > ADDRESS_LINE_MAX:
                        break
                    if lines[j].strip():
                        into.append(lines[j])
                        taken += 1
                    j += step
            # Above the addressee's line may stand the firm's own letterhead; on that line or
            # below it, any company (the firm's too: a letter to the firm's lawyer) makes them
            # its contact.
            companies = [
                m
                for m in find_mentions("\n".join(above))
                if non_party_reason(m.name, "", firm_names) != "firm"
            ] + find_mentions("\n".join(below))
            text = "\n".join([*above, line, *below[1:]])
            before = line[max(0, match.start() - 40) : match.start()]
            if companies or PROFESSION.search(text) or REPRESENTATIVE.search(before):
                continue
            # A letter to the firm's own lawyer ("Dr. Martina Kessler" under "Kessler
            # Haldimann"): the firm is its addressee, not a party.
            if non_party_reason(name, "", firm_names) == "firm":
                continue
            if len(name.split()) >= 2 and name not in [n for n, _ in out]:
                out.append((name, offset + match.start(1)))
        offset += len(line) + 1
    return out


def _completed(text: str, name: str, end: int) -> str:
    """The name as the text writes it in full elsewhere, when the clause's line is cut off
    ("Herrn Dr. Markus Be" at a cut line, "Herrn Dr. Markus Bereuter" in § 1)."""
    if end < len(text) and text[end : end + 1] in ("\n", "\r", "\u00ad", "-"):
        longer = re.search(rf"{re.escape(name)}[a-zäöüß]+", text)
        if longer:
            return longer.group(0)
    return name


def party_block(text: str) -> tuple[int, int] | None:
    """Where the opening party clause stands, or None when the text has none."""
    head = text[:PARTY_BLOCK_WINDOW]
    start = PARTY_BLOCK_START.search(head)
    if start is not None:
        begin, after = start.start(), start.end()
    else:
        # No "zwischen": the parties follow the heading, each with its designation. The block
        # is the text above the terms, when a designation stands there.
        designation = DESIGNATION.search(head)
        if designation is None:
            return None
        first_end = PARTY_BLOCK_END.search(text)
        if first_end is not None and first_end.start() < designation.start():
            return None
        begin, after = 0, designation.end()
    end = PARTY_BLOCK_END.search(text, after)
    return begin, end.start() if end else min(len(text), after + PARTY_BLOCK_WINDOW)


def named_in_block(text: str, name: str, block: tuple[int, int]) -> bool:
    """Whether the party clause names `name` (anywhere in it, in any case): a cover line may
    name the parties first ("Senior Facility Agreement for X GmbH as Borrower ..."), the
    clause below it again ("made between (1) X GmbH ...")."""
    # Any whitespace between its words: a PDF line may wrap inside the name ("Bavaria\nFeinkost").
    written = r"\s+".join(re.escape(word) for word in name.split())
    return re.search(written, text[block[0] : block[1]], re.I) is not None


# A company named as the one acting for a party: the general partner of a GmbH & Co. KG
# ("vertreten durch ihre persönlich haftende Gesellschafterin, die Isarpark Verwaltungs GmbH"),
# "represented by its general partner". The party is the one it acts for.
REPRESENTATIVE_CONTEXT: Final = re.compile(
    r"(?:vertreten\s+durch|represented\s+by|acting\s+(?:by|through))"
    r"(?:\s+(?:ihre|seine|deren|dessen|its|their))?"
    r"(?:\s+(?:persönlich\s+haftende\s+gesellschafterin|komplementärin|general\s+partner"
    r"|geschäftsführende\s+gesellschafterin|managing\s+partner))?"
    r"\s*,?\s*(?:die|den|der|the)?\s*$",
    re.I,
)


def non_party_reason(name: str, before: str, firm_names: list[str]) -> str | None:
    """Why a company-shaped mention is not a party, or None when it may be one."""
    if INSTITUTION.search(name):
        return "institution"
    if REPRESENTATIVE_CONTEXT.search(before):
        return "representative"
    if INSTITUTION_CONTEXT.search(before):
        return "institution_context"
    if PAYMENT_CONTEXT.search(before):
        return "payment"
    if SUBJECT_CONTEXT.search(before):
        return "subject"
    ordered = core_tokens(name)
    tokens = set(ordered)
    if tokens and tokens <= PROFESSION_WORDS:
        # "Rechtsanwälte PartG mbB" cut from "KESSLER HALDIMANN · Rechtsanwälte PartG mbB":
        # a profession and a legal form name no one.
        return "fragment"
    for firm in firm_names:
        # "Hartmann Ellerbrook LLP" is the firm "Hartmann Ellerbrook Rechtsanwälte PartG mbB".
        firm_tokens = set(core_tokens(firm))
        if tokens and firm_tokens and (tokens <= firm_tokens or firm_tokens <= tokens):
            return "firm"
        # "AWT Legal LLP" is "Aichinger Wyss Thornton Rechtsanwälte GmbH": firms brand by initials.
        initials = firm_initials(core_tokens(firm))
        if len(initials) >= 2 and ordered and ordered[0] == initials:
            return "firm"
        # "Dr. Martina Kessler" of "Kessler Haldimann Rechtsanwälte": a partner of a firm named
        # after its partners writes for the firm (a person's name has no legal form).
        if (
            split_legal_form(name)[1] is None
            and len(ordered) >= 2
            and ordered[-1] in firm_tokens - PROFESSION_WORDS
        ):
            return "firm"
    if ADVISER.search(name):
        return "adviser"
    if FIDUCIARY.search(name):
        return "fiduciary"
    return None
