"""Dated mentions of other documents: how a letter, a mail or a contract cites a document.

Lawyers cite a document by what it is and when it was made, in many word orders: "the framework
agreement dated 2 March 2021", "Entwurf des Kaufvertrags der Gegenseite vom 4. März 2024", "zu
Ihrem Pachtvertragsentwurf vom 8. April 2024", "Amendment No. 2 of 3 June 2024", "our draft of
20 December", "votre projet du 15 avril 2024". A mention is a date
after a connector (vom / dated / of / du) with a document noun among the few words before it.
A year-less date ("of 6 November") is the last such day on or before the citing document's own
date. The words before the date say what kind of document is meant; when they name only a
draft, a letter or a mark-up, the date alone identifies it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Final, NamedTuple

from knowledge_index.relations.dates import (
    DATE_PATTERN,
    YEARLESS_PATTERN,
    parse_date,
    parse_yearless,
)

# "vom15. Juli 2024": OCR and PDF text lose the space after the connector.
# "Entwurf Aufhebungsvertrag (Stand 02.06.2025)": the state a German draft is cited in.
# "Particulars of Claim (24 March 2025), Defence (22 April 2025)": a kind and its date in
# brackets, as a skeleton argument lists the pleadings.
_DATED: Final = re.compile(
    rf"(?<![\w])(?:vom|dated|of|du|Stand:?)\s*(?P<date>{DATE_PATTERN}|{YEARLESS_PATTERN})"
    rf"|\((?P<bracketed>{DATE_PATTERN})\)",
    re.I,
)
# A sentence, a clause, a paragraph, a table cell or a heading ("Pleadings are closed:") ends
# before the mention's words ("Agreement, marked up against our first draft of 6 November"
# cites the draft); "No. 1", "Nr. 2" and "Dr." do not.
_BREAK: Final = re.compile(r"\n\s*\n|[;:!?,|]|(?<!\bNo)(?<!\bNr)(?<!\bDr)(?<!\bAbs)\.\s")
# "THIS AGREEMENT is dated 30 April 2025", "This deed is made on ...": the document's own date.
_SELF: Final = re.compile(
    r"(?i:\b(?:this|these|dieser|diese|dieses|ce|cette)\s+[\w-]+(?:\s+[\w-]+)?"
    r"(?:\s+(?:is|was|are|ist|wurde|est))?)$"
)
_WINDOW_WORDS: Final = 7
# The nouns a document is cited by, also at the end of a compound ("Mietvertragsentwurf") and
# declined ("des Abtretungsvertrags", "des Mietvertrages").
_STEMS: Final = (
    "vertrag|vereinbarung|entwurf|gutachten|bericht|beschluss|protokoll|satzung|urkunde"
    "|schreiben|schriftsatz|nachtrag|markup|mark-up|fassung|anmerkungen|stellungnahme|rechnung"
    "|angebot|agreement|contract|deed|draft|version|letter|memo|memorandum|report|amendment"
    "|addendum|invoice|offer|proposal|comments|projet|contrat|lettre|avenant|accord|convention"
)
_NOUN: Final = re.compile(rf"(?i:(?:{_STEMS})(?:e?s|n)?)$")
_STEM_END: Final = re.compile(rf"(?i:(?:{_STEMS}))$")
# Nouns that say only that a draft, a letter or comments are meant, not which document.
_GENERIC: Final = re.compile(
    r"(?i:^(?:entwurf|markup|mark-up|fassung|anmerkungen|stellungnahme|schreiben|draft|version"
    r"|letter|memo|comments|projet|lettre)(?:e?s|n)?$)"
)

_GENERIC_END: Final = re.compile(r"(?i:-?(?:entwurf|markup|mark-up|fassung|anmerkungen))$")


class Mention(NamedTuple):
    phrase: str  # the words before the date, which say what is cited
    nouns: tuple[str, ...]  # its document nouns that name a kind (not "draft", "letter")
    date: dt.date
    quote: str


def _words_before(text: str, end: int, count: int = _WINDOW_WORDS) -> str:
    # "Agreement, dated 28 June 2024": the comma before the date is no break.
    before = text[max(0, end - 300) : end].rstrip(" ,\n")
    cuts = list(_BREAK.finditer(before))
    if cuts:
        before = before[cuts[-1].end() :]
    return " ".join(_AGREED_FORM.sub("", before).split()[-count:])


# "the share purchase agreement relating to Brightwater Freight Limited in the agreed form
# dated ...", "the facility letter from Northgate Commercial Finance Limited dated ...": the
# parties or subject after a kind's name still leave the date that kind's.
# "der Kaufvertrag in der Fassung des Entwurfs vom ...", "the SPA in the version of ...": the
# version of the kind named before it.
_AGREED_FORM: Final = re.compile(
    r"(?i:\s+in\s+(?:(?:the\s+)?agreed\s+form|(?:the|its)\s+version"
    r"|der\s+(?:\w+\s+)?Fassung(?:\s+des\s+Entwurfs)?)\s*$)"
)
_QUALIFIERS: Final = frozenset({"from", "between", "relating", "made", "entered", "zwischen"})
_QUALIFIED_WORDS: Final = 14


def _qualified_kind(
    text: str, end: int, kind_of: Callable[[str], str | None]
) -> tuple[str, str] | None:
    """The kind named right before a qualifier of the dated words, and the words from it."""
    words = [w.strip(" ,„“”\"'()[]–-") for w in _words_before(text, end, _QUALIFIED_WORDS).split()]
    for i in range(len(words) - 1, 0, -1):
        if words[i].lower() not in _QUALIFIERS:
            continue
        named = _kind_named(words[:i], kind_of)
        if named and named[1] == i:
            return named[0], " ".join(words[i - len(named[0].split()) :])
    return None


def _declined(noun: str) -> str:
    """The noun without its case ending: "Abtretungsvertrags" -> "abtretungsvertrag"."""
    n = noun.lower()
    if _STEM_END.search(n):
        return n
    for ending in ("es", "s", "n"):
        if n.endswith(ending) and _STEM_END.search(n[: -len(ending)]):
            return n[: -len(ending)]
    return n


def core(noun: str) -> str:
    """What a compound names, without its draft part: "Mietvertragsentwurf" -> "mietvertrag"."""
    n = _declined(noun)
    bare = _GENERIC_END.sub("", n)
    return bare.rstrip("s-") if bare != n and _STEM_END.search(bare.rstrip("s-")) else n


# A reply quotes the mail it answers: what that mail cites is that mail's reference (it is in
# the estate itself). A forward carries the forwarded mail as its content, so it keeps it.
_REPLY_SUBJECT: Final = re.compile(r"(?im:^(?:Subject|Betreff)\s*:\s*(?:re|aw|antw)\s*:)")
_QUOTE_START: Final = re.compile(
    r"(?im:^(?:-{3,}\s*(?:Original Message|Ursprüngliche Nachricht|Message d'origine)"
    r"|(?:Am|On|Le)\s[^\n]{4,120}\s(?:schrieb|wrote|a écrit)\b[^\n]{0,80}:\s*$"
    r"|>|(?:From|Von|De)\s*:[^\n]+\n(?:Sent|Gesendet|Envoyé|Date|Datum)\s*:))"
)


def own_words(text: str) -> str:
    """A reply's own text, without the mail it quotes; any other text whole."""
    if not _REPLY_SUBJECT.search(text[:600]):
        return text
    body_start = text.find("\n\n")
    quote = _QUOTE_START.search(text, body_start if body_start >= 0 else 0)
    return text[: quote.start()] if quote else text


# A kind's name ends within the last words before the date: "der Handelsregisterauszug der
# Gesellschaft vom" is too far to be sure which noun the date belongs to.
_KIND_REACH: Final = 3
_KIND_WORDS: Final = 3


def _kind_named(words: list[str], kind_of: Callable[[str], str | None]) -> tuple[str, int] | None:
    """The fewest words, nearest the date first, that name a kind of document, and where they
    end. Its last word must add to the kind: "Kaufvertrags der Gegenseite" names a purchase
    agreement by its first word alone, so the date is not that kind's."""
    for end in range(len(words), max(0, len(words) - _KIND_REACH), -1):
        for size in range(1, min(_KIND_WORDS, end) + 1):
            gram = words[end - size : end]
            kind = kind_of(" ".join(gram)) if all(w[:1].isalpha() for w in gram) else None
            if kind is None:
                continue
            last = gram[-1]
            if size > 1 and not _NOUN.search(last) and kind_of(" ".join(gram[:-1])) == kind:
                break
            return " ".join(gram), end
    return None


# The date before the kind: "Die Parteien haben am 28. Januar 2025 ein Term Sheet abgestimmt",
# "on 3 May 2025 the Share Purchase Agreement was notarised".
_DATE_THEN_KIND: Final = re.compile(
    rf"(?<![\w])(?:am|on)\s+(?P<date>{DATE_PATTERN})\s+"
    r"(?:(?:ein|eine|einen|den|die|das|the|a|an)\s+)?(?P<words>[\w\-]+(?:[ \t]+[\w\-]+){0,2})"
)


def _kind_after(words: list[str], kind_of: Callable[[str], str | None]) -> str | None:
    """The fewest words from the start that name a kind, the last of them a noun (capitalised)."""
    for size in range(1, len(words) + 1):
        gram = " ".join(words[:size])
        if words[size - 1][:1].isupper() and kind_of(gram) is not None:
            return gram
    return None


def cites_date(line: str) -> bool:
    """A date stands after "vom", "dated", "of" or "du": the date of something cited."""
    return any(m["date"] for m in _DATED.finditer(line))


def dated_mentions(
    text: str,
    as_of: dt.date | None,
    limit: int = 40_000,
    kind_of: Callable[[str], str | None] | None = None,
) -> list[Mention]:
    """Every dated mention of a document in `text` (its first `limit` characters).

    `kind_of` names the document type a word or a few words stand for (the firm's ontology):
    a document is cited by whatever its kind is called ("unsere Anforderungsliste vom ...",
    "heads of terms dated ...", "aufgrund Vollmacht vom ..."), not only by the nouns above.
    """
    out: list[Mention] = []
    body = text[:limit]
    for m in _DATED.finditer(body):
        raw = m["date"] or m["bracketed"]
        date = parse_date(raw) or parse_yearless(raw, as_of)
        if date is None:
            continue
        phrase = _words_before(body, m.start())
        if _SELF.search(phrase):
            continue
        words = [w.strip(" ,„“”\"'()[]–-") for w in phrase.split()]
        nouns = [w for w in words if w and _NOUN.search(w)]
        named = _kind_named(words, kind_of) if kind_of is not None else None
        # The kind the words right before the date name is what is cited ("the facility
        # agreement dated ...", "this deed is supplemental to a lease dated ...").
        qualified = (
            _qualified_kind(body, m.start(), kind_of)
            if kind_of is not None and not m["bracketed"] and not (named and named[1] == len(words))
            else None
        )
        if qualified:
            nouns, phrase = [qualified[0]], qualified[1]
        elif named and (not nouns or named[1] == len(words)):
            nouns = [named[0]]
        elif m["bracketed"]:
            continue  # a date in brackets is a kind's only right after its name
        if not nouns:
            continue
        specific = tuple(core(w) for w in nouns if not _GENERIC.search(w))
        quote = f"{phrase} {m.group(0)}".strip()
        out.append(Mention(phrase, specific, date, quote[:300]))
    if kind_of is None:
        return out
    for m in _DATE_THEN_KIND.finditer(body):
        date = parse_date(m["date"])
        kind = _kind_after(m["words"].split(), kind_of) if date is not None else None
        if kind is None or date is None:
            continue
        out.append(Mention(kind, (core(kind),), date, " ".join(m.group(0).split())[:300]))
    return out
