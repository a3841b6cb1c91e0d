"""The document's own clause reference for a paragraph: "§ 5 Abs. 1", "Clause 6.1", "Art. 7".

German and English contracts number their clauses in a few styles, written into the text:
`§ 5` (with Absätze `(1)` and letters `a)`/`(a)`), `Art. 7`/`Artikel 7`/`Article 7`, a word and
a number (`Clause 6.1`, `Section 4`, `Ziffer 3.2`, `Ziff. 3.2`) or a bare decimal (`5.`, `5.1`,
`5.1.2`). `read_label` reads the numbering at the start of one paragraph; `clause_reference`
walks back from a paragraph through the preceding ones in document order to the clause it
belongs to (a `(1)` under `§ 5 Haftung` is `§ 5 Abs. 1`; an unnumbered paragraph under
`§ 6 Wettbewerbsverbot` is `§ 6`). Bare decimals take the word the document itself uses in its
cross-references ("subject to clause 5.1" -> "Clause"), else the language's usual one.
Numbering Word generates (w:numPr) is written into the converted text and the revision
contexts by convert/numbering.py, so auto-numbered documents read like typed-out ones.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

LabelKind = Literal["paragraph_sign", "article", "worded", "decimal", "absatz", "letter", "roman"]
TOP: Final = frozenset({"paragraph_sign", "article", "worded", "decimal"})
_RANK: Final[dict[str, int]] = {"absatz": 1, "letter": 2, "roman": 3}
HEADING_MAX_CHARS: Final = 120

_MONTHS: Final = (
    r"januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|"
    r"january|february|march|may|june|july|october|december|jan|feb|mar|apr|jun|jul|aug|sep|"
    r"sept|oct|okt|nov|dec|dez"
)
_PARA_SIGN: Final = re.compile(
    r"^\s*§\s*(?P<num>\d+[a-z]?)\b\.?"
    r"(?:\s*(?:Abs\.?|Absatz)\s*(?P<abs>\d+)|\s*\((?P<abs2>\d+)\))?"
    r"(?:\s*(?:lit\.?|Buchst\.?)\s*(?P<lit>[a-z])|\s*\((?P<lit2>[a-z])\))?",
    re.I,
)
_ARTICLE: Final = re.compile(
    r"^\s*(?P<word>Art\.|Artikel|Article)\s*(?P<num>\d+[a-z]?(?:\.\d+)*)\b\.?"
    r"(?:\s*(?:Abs\.?|Absatz)\s*(?P<abs>\d+)|\s*\((?P<abs2>\d+)\))?",
    re.I,
)
_WORDED: Final = re.compile(
    r"^\s*(?P<word>Clause|Section|Ziffer|Ziff\.|Nr\.|Abschnitt|Paragraph|Para\.|Punkt|Pkt\.|Point"
    r"|Chiffre)\s*"
    r"(?P<num>\d+(?:\.\d+)*)\b\.?(?:\s*\((?P<sub>[a-z]{1,2}|\d{1,3})\))?",
    re.I,
)
# "5." or "5.1" / "5.1." (a bare "18 Monate" is an amount, "1. Oktober" a date).
_DECIMAL: Final = re.compile(
    r"^\s*(?P<num>\d{1,2}(?:\.\d{1,2})+(?!\d)\.?|\d{1,2}\.)"
    rf"(?=\s)(?!\s*(?:{_MONTHS})\b)"
    r"(?:\s*\((?P<sub>[a-z]{1,2}|\d{1,3})\))?(?=\s*\S)",
    re.I,
)
_BRACKETED: Final = re.compile(
    r"^\s*(?:\((?P<a>[a-z0-9]{1,5})\)|(?P<b>[a-z0-9]{1,5})\))\s+\S", re.I
)
_ROMAN: Final = re.compile(r"^[ivx]{1,5}$", re.I)
_CROSS_REF: Final = re.compile(
    r"(?<![\w])(clause|section|ziffer|ziff\.|article|artikel|abschnitt|punkt|pkt\.|point|chiffre)"
    r"\s+\d+(?:\.\d+)+",
    re.I,
)
_GERMAN_WORDS: Final = re.compile(r"\b(?:der|die|das|und|ist|wird|nicht|des|mit)\b", re.I)
_ENGLISH_WORDS: Final = re.compile(r"\b(?:the|and|is|shall|of|to|not|with)\b", re.I)
_CANON_WORD: Final[dict[str, str]] = {
    "art.": "Art.",
    "artikel": "Artikel",
    "article": "Article",
    "clause": "Clause",
    "section": "Section",
    "ziffer": "Ziffer",
    "ziff.": "Ziff.",
    "nr.": "Nr.",
    "abschnitt": "Abschnitt",
    "paragraph": "Paragraph",
    "para.": "Para.",
    # Austrian settlements and contracts number by "Punkt"; Swiss-French and French by
    # "chiffre" and "point".
    "punkt": "Punkt",
    "pkt.": "Pkt.",
    "point": "Point",
    "chiffre": "Chiffre",
}
_GERMAN_STYLE: Final = frozenset(
    {"§", "Art.", "Artikel", "Ziffer", "Ziff.", "Nr.", "Abschnitt", "Punkt", "Pkt."}
)


@dataclass(frozen=True)
class Label:
    """The numbering a paragraph starts with."""

    kind: LabelKind
    number: str
    word: str = ""  # "§", "Art.", "Clause", ... ("" for a bare decimal or a sub-label)
    subs: tuple[tuple[LabelKind, str], ...] = field(default=())

    @property
    def top(self) -> bool:
        return self.kind in TOP


def _sub_kind(value: str) -> LabelKind:
    if value.isdigit():
        return "absatz"
    # "(ii)", "(iv)" are roman; of the single letters only "(i)" is read as one.
    if _ROMAN.match(value) and (len(value) > 1 or value.lower() == "i"):
        return "roman"
    return "letter"


def read_label(text: str) -> Label | None:
    """The clause numbering at the start of `text`, or None."""
    if m := _PARA_SIGN.match(text):
        subs: list[tuple[LabelKind, str]] = []
        if absatz := m.group("abs") or m.group("abs2"):
            subs.append(("absatz", absatz))
        if lit := m.group("lit") or m.group("lit2"):
            subs.append(("letter", lit.lower()))
        return Label("paragraph_sign", m.group("num"), "§", tuple(subs))
    if m := _ARTICLE.match(text):
        absatz = m.group("abs") or m.group("abs2")
        word = _CANON_WORD[m.group("word").lower()]
        return Label("article", m.group("num"), word, (("absatz", absatz),) if absatz else ())
    if m := _WORDED.match(text):
        word = _CANON_WORD[m.group("word").lower()]
        sub = m.group("sub")
        return Label("worded", m.group("num"), word, ((_sub_kind(sub), sub),) if sub else ())
    if m := _DECIMAL.match(text):
        sub = m.group("sub")
        return Label(
            "decimal", m.group("num").rstrip("."), "", ((_sub_kind(sub), sub),) if sub else ()
        )
    if m := _BRACKETED.match(text):
        value = m.group("a") or m.group("b")
        if value.isdigit() or len(value) <= 2 or _ROMAN.match(value):
            kind = _sub_kind(value.lower())
            return Label(kind, value.lower() if kind != "absatz" else value)
    return None


def reference_style(text: str) -> tuple[str, bool]:
    """The word this document uses for its bare decimal clauses, and whether it is German."""
    german = len(_GERMAN_WORDS.findall(text)) > len(_ENGLISH_WORDS.findall(text))
    words = Counter(_CANON_WORD[m.group(1).lower()] for m in _CROSS_REF.finditer(text))
    if words:
        word = words.most_common(1)[0][0]
        return word, german
    return ("Ziffer" if german else "Clause"), german


def _format(top: Label, subs: list[tuple[LabelKind, str]], term: str, german: bool) -> str:
    word = top.word or term
    base = f"§ {top.number}" if word == "§" else f"{word} {top.number}"
    german_style = word in _GERMAN_STYLE or (not top.word and german)
    out = base
    for kind, value in subs:
        if german_style and word in {"§", "Art.", "Artikel"} and kind == "absatz":
            out += f" Abs. {value}"
        elif german_style and kind == "letter":
            out += f" lit. {value}"
        else:
            out += f"({value})"
    return out


def _rank(label: Label) -> int:
    return 0 if label.top else _RANK[label.kind]


@dataclass(frozen=True)
class ClauseRef:
    reference: str
    heading: str  # the clause's heading line, when it has one of its own ("§ 5 Haftung")


def clause_reference(
    paragraphs: Sequence[str],
    index: int,
    *,
    term: str = "Clause",
    german: bool = False,
    skip: frozenset[int] = frozenset(),
) -> ClauseRef | None:
    """The clause `paragraphs[index]` belongs to, read back through the paragraphs before it.

    `skip`: paragraphs whose numbering is no clause (the document title: "1. Nachtrag ...").
    None when neither the paragraph nor any before it is numbered.
    """
    own = read_label(paragraphs[index]) if index not in skip else None
    chain: list[Label] = [own] if own is not None else []
    need = _rank(own) if own is not None else 1  # unnumbered: only a clause heading above counts
    if own is None or not own.top:
        for j in range(index - 1, -1, -1):
            if j in skip:
                continue
            label = read_label(paragraphs[j])
            if label is None:
                continue
            if _rank(label) < need:
                chain.append(label)
                need = _rank(label)
                if label.top:
                    break
    top = next((lab for lab in chain if lab.top), None)
    if top is None:
        return None
    heading = _heading(paragraphs, index, top, skip)
    subs = list(top.subs)
    for lab in reversed(chain):
        if not lab.top:
            subs.append((lab.kind, lab.number))
            subs.extend(lab.subs)
    return ClauseRef(_format(top, subs, term, german), heading)


_BARE_HEADING: Final = re.compile(r"(?P<num>\d{1,3})[ \t]+[A-ZÄÖÜ][\w ,;&/'’()-]*")


def _bare_heading(line: str, article: str) -> bool:
    """A clause heading numbered without a dot ("9 Limitations of Liability", "12 Kosten"): the
    article's number, then a short title of capitalised words that is no sentence. Only read
    as the heading of the clause it numbers, never as a clause label ("9 Monate ...")."""
    m = _BARE_HEADING.fullmatch(line)
    if m is None or m.group("num") != article or len(line) > HEADING_MAX_CHARS:
        return False
    words = line.split()[1:]
    return len(words) <= 8 and words[0][:1].isupper()


def _heading(paragraphs: Sequence[str], index: int, top: Label, skip: frozenset[int]) -> str:
    """The heading line of the clause `top` sits in: "§ 5 Haftung", "5. LIABILITY"."""
    article = top.number.split(".")[0]
    for j in range(index - 1, -1, -1):
        if j in skip:
            continue
        line = " ".join(paragraphs[j].split())
        if _bare_heading(line, article):
            return line
        label = read_label(paragraphs[j])
        if label is None or not label.top:
            continue
        if label.number == article and len(line) <= HEADING_MAX_CHARS:
            return line
        if label.number.split(".")[0] != article:
            return ""  # left the clause without meeting its heading
    return ""


# -- finding the paragraph in the converted text ----------------------------------------------

_KEEP: Final = re.compile(r"[\W_]+", re.UNICODE)


def squash(value: str) -> str:
    return _KEEP.sub("", value).lower()


def locate(paragraphs: Sequence[str], context: str, start: int = 0) -> int | None:
    """The first paragraph at or after `start` that is `context` (compared without spacing)."""
    want = squash(context)
    if not want:
        return None
    squashed = [squash(p) for p in paragraphs]
    for i in range(start, len(paragraphs)):
        if squashed[i] == want:
            return i
    if len(want) >= 20:
        for i in range(start, len(paragraphs)):
            if squashed[i] and (
                want in squashed[i] or (len(squashed[i]) >= 20 and squashed[i] in want)
            ):
                return i
    return None
