"""Company names: normalization (one company, many spellings) and mentions with register numbers.

`Müller Bau GmbH`, `Mueller Bau G.m.b.H.` and `MÜLLER BAU GmbH` normalize to one name; the legal
form is kept (canonical), because `Müller Bau AG` is another company. Register identifiers (HRB,
HRA, UK company numbers) found right after a name belong to that name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

LEGAL_FORMS: Final[tuple[tuple[str, str], ...]] = (
    (r"gmbh\s*&\s*co\.?\s*kg", "gmbh & co kg"),
    (r"g\.\s?m\.\s?b\.\s?h\.?", "gmbh"),
    (r"gesellschaft mit beschr(?:ä|ae)nkter haftung", "gmbh"),
    (r"gmbh", "gmbh"),
    (r"partg\s*mbb", "partg mbb"),
    (r"ug\s*\(haftungsbeschr(?:ä|ae)nkt\)", "ug"),
    (r"aktiengesellschaft", "ag"),
    (r"kommanditgesellschaft", "kg"),
    (r"ag", "ag"),
    (r"ohg", "ohg"),
    (r"kg", "kg"),
    (r"se", "se"),
    (r"ltd\.?|limited", "ltd"),
    (r"plc", "plc"),
    (r"llp", "llp"),
    (r"llc", "llc"),
    (r"inc\.?|incorporated", "inc"),
    (r"e\.\s?v\.", "ev"),
    # Austrian, Swiss, French, Benelux and Italian forms met in a DACH firm's files.
    (r"ges\.\s?m\.\s?b\.\s?h\.?|gesmbh", "gmbh"),
    (r"privatstiftung", "privatstiftung"),
    (r"s\.\s?a\.|sa", "sa"),
    (r"s\.?\s?[àa]\s?r\.?\s?l\.?|sarl", "sarl"),
    (r"b\.\s?v\.|bv", "bv"),
    (r"n\.\s?v\.|nv", "nv"),
    (r"s\.p\.a\.|spa", "spa"),
    (r"s\.r\.l\.|srl", "srl"),
)
_FORM_AT_END: Final = re.compile(
    r"(?:^|\s)(" + "|".join(p for p, _ in LEGAL_FORMS) + r")\s*$", re.I
)
_FOLD: Final = (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss"), ("é", "e"))
LEADING_NOISE: Final = frozenset(
    [
        "die",
        "der",
        "das",
        "den",
        "dem",
        "des",
        "zwischen",
        "und",
        "the",
        "between",
        "from",
        "von",
        "vom",
        "an",
        "mit",
        "for",
        "dear",
        "sehr",
        "namens",
        "unsere",
        "unserer",
        "unser",
        "mandantin",
        "mandant",
        "client",
        "our",
        "your",
        "ihre",
        "ihr",
        "herr",
        "frau",
        "vertreten",
        "durch",
        "by",
        "to",
        "zu",
        "bei",
        "gegen",
        "against",
        "counterparty",
        "gegnerin",
        "klägerin",
        "beklagte",
        "claimant",
        "defendant",
        "verkäuferin",
        "käuferin",
        "lieferant",
        "kunde",
        "seller",
        "buyer",
        "supplier",
        "purchaser",
        "auftraggeber",
        "auftragnehmer",
        "firma",
        "re",
        "betreff",
        "subject",
        "cc",
        "an",
        "als",
        "sowie",
        "also",
        "and",
        "or",
        "oder",
        # fragments a capitalized noun drags in front of a name ("Angelegenheit X GmbH")
        "angelegenheit",
        "sache",
        "sachen",
        "rechtsstreit",
        "geschäftsführer",
        "geschäftsführerin",
        "gesellschafterin",
        "gesellschafter",
        "vorstand",
        "report",
        "bericht",
        "german",
        "english",
        "deutsche",
        "im",
        "in",
        "am",
        "of",
        # party roles written before a name ("Guarantor and X Ltd", "Vermieterin X GmbH")
        # officers' titles written before their company ("CFO Alpenbau Holding AG")
        "cfo",
        "ceo",
        "coo",
        "cto",
        "gc",
        "prokurist",
        "prokuristin",
        "vorsitzender",
        "vorsitzende",
        "guarantor",
        "lender",
        "borrower",
        "pledgor",
        "pledgee",
        "landlord",
        "tenant",
        "licensor",
        "licensee",
        "vermieterin",
        "vermieter",
        "mieterin",
        "mieter",
        "bürgin",
        "darlehensnehmerin",
        "darlehensgeberin",
        "verkäufer",
        "käufer",
        "verpfänderin",
        "pfandgläubigerin",
    ]
)

# Words a firm's name carries that say what it is, not who (left out of its initials).
PROFESSION_WORDS: Final = frozenset(
    ["rechtsanwaelte", "rechtsanwalt", "partnerschaft", "partner", "legal", "law", "llp", "mbb"]
)


def firm_initials(tokens: Iterable[str]) -> str:
    """The initials a firm brands with, from its name's core tokens: "awt" for "Aichinger Wyss
    Thornton Rechtsanwälte GmbH" (profession words left out)."""
    return "".join(t[0] for t in tokens if t not in PROFESSION_WORDS)


_LEGAL_FORM_RE: Final = (
    # The long German forms, as a party clause writes them, also in capitals.
    r"(?:Gesellschaft[ \t]+mit[ \t]+beschr(?:ä|ae)nkter[ \t]+Haftung"
    r"|GESELLSCHAFT[ \t]+MIT[ \t]+BESCHR(?:Ä|AE)NKTER[ \t]+HAFTUNG"
    r"|Aktiengesellschaft|AKTIENGESELLSCHAFT|Kommanditgesellschaft|KOMMANDITGESELLSCHAFT|"
    r"GmbH\s*&\s*Co\.?\s*KG|GMBH\s*&\s*CO\.?\s*KG|G\.\s?m\.\s?b\.\s?H\.|GmbH|GMBH|PartG\s*mbB|"
    r"AG|KG|OHG|SE|LIMITED|LTD\.?|INC\.?|GESMBH|"
    r"Ltd\.?|Limited|PLC|plc|LLP|LLC|Inc\.?|e\.\s?V\.|GesmbH|Ges\.m\.b\.H\.|Privatstiftung|"
    r"S\.A\.|SA|S[àa]rl|SARL|B\.V\.|BV|N\.V\.|NV|S\.p\.A\.|SpA|S\.r\.l\.|Srl)"
)
# A name token is capitalized and is not itself a legal form (else "X KG. Y Ltd" is one name).
# Linear on hostile text: a token starts only at a word start (the lookbehind) and never gives
# characters back (possessive `*+`, `++`); otherwise every capital inside a 100 KB word or run
# of spaces re-scanned the rest of it, which took minutes.
_WORD_CHAR: Final = r"[\wÄÖÜäöüß'\-]"
_TOKEN: Final = rf"(?:(?!{_LEGAL_FORM_RE}(?![\w]))[A-ZÄÖÜ]{_WORD_CHAR}*+)"
COMPANY: Final = re.compile(
    rf"(?<!{_WORD_CHAR})((?:{_TOKEN})(?:[ \t]++(?:{_TOKEN}|&|und|and)){{0,5}})"
    rf"[ \t]++({_LEGAL_FORM_RE})(?![\w])"
)
# The same care: three optional parts joined by `\s*` split a run of n spaces O(n^3) ways at
# every position of it. Each optional part now starts at a word start and keeps its spaces.
REGISTER: Final = re.compile(
    r"(?:(?<![\w\-])(?:Amtsgericht|AG|Registergericht)\s*+)?"
    r"(?:(?<![\w\-])([A-ZÄÖÜ][\wäöüß\-]++)\s*+,?\s*+)?"
    r"\b(HRB|HRA)\s*+(\d{2,7})(\s?[A-Z])?\b"
)
UK_NUMBER: Final = re.compile(
    r"(?:company|registered)\s+(?:number|no\.?)\s*:?\s*([A-Z]{2}\d{6}|\d{6,8})\b", re.I
)
# The Austrian Firmenbuch number (`FN 402118 m`) and the Swiss company UID (`CHE-123.456.789`).
FN_NUMBER: Final = re.compile(r"\bFN\s?(\d{3,6})\s?([a-z])\b")
CHE_UID: Final = re.compile(r"\bCHE-?(\d{3})\.?(\d{3})\.?(\d{3})\b")
REGISTER_KINDS: Final = ("hrb", "hra", "uk_company_number", "fn", "che_uid")
# English party clauses write the register number after the company's description ("a limited
# liability company ... registered with the commercial register of ... under HRB 130456").
REGISTER_WINDOW: Final = 320
HEAD_REGISTER_WINDOW: Final = 200
# Companies House and UK documents write the number in brackets after the name: "MERIDIAN
# TOOLS LTD (11873409)". Eight characters, all digits or two letters and six digits.
UK_PARENTHESIS: Final = re.compile(r"\s*\(\s*([A-Z]{2}\d{6}|\d{8})\s*\)")
UK_FORMS: Final = frozenset({"ltd", "plc", "llp"})


def fold(value: str) -> str:
    out = value.lower()
    for a, b in _FOLD:
        out = out.replace(a, b)
    return out


def split_legal_form(name: str) -> tuple[str, str | None]:
    match = _FORM_AT_END.search(name.strip())
    if not match:
        return name.strip(), None
    raw = match.group(1).lower()
    for pattern, canonical in LEGAL_FORMS:
        if re.fullmatch(pattern, raw, re.I):
            return name.strip()[: match.start(1)].strip(" ,"), canonical
    return name.strip(), None


def core_tokens(name: str) -> list[str]:
    core, _ = split_legal_form(name)
    folded = fold(core).replace("&", " & ")
    tokens = re.findall(r"[a-z0-9&]+", folded)
    return ["&" if t in ("und", "and") else t for t in tokens]


def writes_name_head(text: str, names: Iterable[str]) -> bool:
    """Whether `text` writes the first two words of one of `names` as a letterhead or an
    address block does ("KESSLER HALDIMANN · ...", "AWT Legal LLP"), compared as core tokens."""
    words = f" {' '.join(core_tokens(text))} "
    for name in names:
        head = core_tokens(name)[:2]
        if head and f" {' '.join(head)} " in words:
            return True
    return False


def normalize_name(name: str) -> str:
    _, form = split_legal_form(name)
    tokens = core_tokens(name)
    return " ".join(tokens + ([form] if form else []))


def legal_form(name: str) -> str | None:
    return split_legal_form(name)[1]


def identity_key(normalized: str, identifiers: dict[str, str]) -> str:
    for kind in REGISTER_KINDS:
        if identifiers.get(kind):
            return f"reg:{kind}:{identifiers[kind]}"
    return f"name:{normalized}"


def contradicts(a: dict[str, str], b: dict[str, str]) -> bool:
    """Both carry the same kind of register identifier with different values."""
    return any(a.get(k) and b.get(k) and a[k] != b[k] for k in REGISTER_KINDS)


def shares_identifier(a: dict[str, str], b: dict[str, str]) -> bool:
    return any(a.get(k) and a.get(k) == b.get(k) for k in REGISTER_KINDS)


@dataclass
class Mention:
    name: str
    start: int
    end: int
    identifiers: dict[str, str] = field(default_factory=dict)

    @property
    def normalized(self) -> str:
        return normalize_name(self.name)


def _clean(raw: str) -> str:
    tokens = raw.split()
    while tokens and (tokens[0].lower().strip(".,:") in LEADING_NOISE or tokens[0] in ("&",)):
        tokens.pop(0)
    return " ".join(tokens)


# A PDF's layout wraps prose inside a name ("... as Buyer and Bavaria\nFeinkost GmbH"): a line
# this long that ends in capitalized words right after a word that introduces a name, with no
# punctuation after them, was wrapped, and those words begin the name on the next line. Short
# lines (headings, letterheads) never are, nor a line ending in a place ("1010 Wien", "mit Sitz
# in Wien"): an address's city would otherwise join the next company's name.
WRAPPED_LINE_MIN: Final = 60
_NAME_INTRODUCERS: Final = frozenset(
    {"and", "und", "&", "between", "zwischen", "der", "die", "den", "dem", "des", "the", "of"}
    | {"von", "with", "mit", "gegen", "against", "v", "vs", "an", "to", "for", "für", "by"}
)
_TRAILING_TOKENS: Final = re.compile(
    rf"(?<!{_WORD_CHAR})((?:{_TOKEN})(?:[ \t]++{_TOKEN}){{0,2}})[ \t]*$"
)


def _wrapped_prefix(text: str, start: int) -> tuple[str, int]:
    """The capitalized words that end the previous line and where they start, when the name at
    `start` begins its line and that line was wrapped by layout; ("", start) otherwise."""
    line_start = text.rfind("\n", 0, start) + 1
    if line_start == 0 or text[line_start:start].strip():
        return "", start
    previous_start = text.rfind("\n", 0, line_start - 1) + 1
    if line_start - 1 - previous_start < WRAPPED_LINE_MIN:
        return "", start
    tail_start = max(previous_start, line_start - 1 - 120)  # bounded: never a whole hostile line
    match = _TRAILING_TOKENS.search(text[tail_start : line_start - 1])
    if match is None:
        return "", start
    words = _clean(match.group(1))
    before = text[tail_start : tail_start + match.start(1)].split()
    if not words or not before or before[-1].lower() not in _NAME_INTRODUCERS:
        return "", start
    return words, tail_start + match.start(1) + match.group(1).rfind(words)


def _capitals_core(core: str) -> str:
    """A name in capitals ("(1) KESTREL BIDCO GMBH"): capitals carry no word boundary, so the
    name is what follows the last word that introduces one ("... SHARE CAPITAL OF FELDMANN
    VERPACKUNG GMBH" is Feldmann Verpackung GmbH)."""
    tokens = core.split()
    cut = max(
        (i + 1 for i, t in enumerate(tokens) if t.lower().strip(".,:;") in _NAME_INTRODUCERS),
        default=0,
    )
    return " ".join(tokens[cut:])


# What a company's constitution says it is ("PRIVATE COMPANY LIMITED BY SHARES"): no name.
_GENERIC_WORDS: Final = frozenset({"private", "public", "company", "companies", "the", "a"})


def find_mentions(text: str) -> list[Mention]:
    """Company names with a legal form, each with the register identifiers written after it."""
    found: list[Mention] = []
    for match in COMPANY.finditer(text):
        core = _clean(match.group(1))
        if core.isupper():
            core = _capitals_core(core)
        if not core or all(t in _GENERIC_WORDS for t in core.casefold().split()):
            continue
        name = f"{core} {match.group(2)}"
        start = match.end() - len(name)
        wrapped, wrapped_start = _wrapped_prefix(text, start)
        if wrapped:
            name, start = f"{wrapped} {name}", wrapped_start
        found.append(Mention(name=name, start=start, end=match.end()))
    for i, mention in enumerate(found):
        limit = found[i + 1].start if i + 1 < len(found) else len(text)
        window = text[mention.end : min(limit, mention.end + REGISTER_WINDOW)]
        # A register number belongs to the name of its own paragraph ("... between Kestrel Bidco
        # GmbH and Harbour Point Capital LLP\n\n1. Corporate documents ... (HRB 130456)" is
        # the Borrower's, not the Lender's).
        window = window.split("\n\n", 1)[0]
        mention.identifiers.update(_identifiers_in(window))
        uk = UK_PARENTHESIS.match(window)
        if uk and legal_form(mention.name) in UK_FORMS:
            mention.identifiers.setdefault("uk_company_number", uk.group(1).upper())
    if found:
        # A register extract heads its page with the number, then names the company ("FN
        # 190234 x – Landesgericht Innsbruck / FIRMA / Berghof Immobilien GmbH"): a number
        # before the first name, with no name between, is that company's.
        first = found[0]
        head = text[max(0, first.start - HEAD_REGISTER_WINDOW) : first.start]
        for kind, value in _identifiers_in(head.rsplit("\n\n", 1)[-1]).items():
            first.identifiers.setdefault(kind, value)
    return found


def _identifiers_in(window: str) -> dict[str, str]:
    out: dict[str, str] = {}
    reg = REGISTER.search(window)
    if reg:
        out[reg.group(2).lower()] = reg.group(3) + (reg.group(4) or "").strip()
        if reg.group(1) and reg.group(1) not in ("HRB", "HRA"):
            out["register_court"] = reg.group(1)
    uk = UK_NUMBER.search(window)
    if uk:
        out["uk_company_number"] = uk.group(1).upper()
    fn = FN_NUMBER.search(window)
    if fn:
        out["fn"] = fn.group(1) + fn.group(2)
    che = CHE_UID.search(window)
    if che:
        out["che_uid"] = "CHE-" + ".".join(che.groups())
    return out


def register_numbers(text: str) -> set[str]:
    """Every company register number in `text`, canonical ("hrb:12345", "fn:76543h")."""
    out = {f"{m[2].lower()}:{m[3]}{(m[4] or '').strip()}" for m in REGISTER.finditer(text)}
    out |= {f"uk:{m[1].upper()}" for m in UK_NUMBER.finditer(text)}
    out |= {f"fn:{m[1]}{m[2]}" for m in FN_NUMBER.finditer(text)}
    out |= {"che:" + "".join(m.groups()) for m in CHE_UID.finditer(text)}
    return out


_LETTER_TAIL: Final = re.compile(r"^(\d+)\s*([A-Za-z]?)$")


def written_register(kind: str, value: str) -> str | None:
    """A stored register number (`fn` "190234x") as documents write it ("FN 190234 x"), so a
    search for the number as written finds it; None for what is not a number (the court)."""
    if kind not in REGISTER_KINDS:
        return None
    if kind in ("uk_company_number", "che_uid"):
        return value
    parts = _LETTER_TAIL.match(value)
    if parts is None:
        return f"{kind.upper()} {value}"
    return " ".join(p for p in (kind.upper(), parts[1], parts[2]) if p)


def unique_mentions(text: str) -> list[Mention]:
    """One mention per normalized name (first occurrence), identifiers merged."""
    out: dict[str, Mention] = {}
    for m in find_mentions(text):
        key = m.normalized
        if key in out:
            for k, v in m.identifiers.items():
                out[key].identifiers.setdefault(k, v)
        else:
            out[key] = m
    return list(out.values())
