"""Textual cues of typed relations: annexes, amendments, letters answering letters, citations.

Each cue names what the target looks like (a title phrase, a date); the stage searches for it
and the model confirms by opening the candidate.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from typing import Final, Literal

from pydantic import BaseModel

from knowledge_index.ontology import load_ontology
from knowledge_index.relations import filenames, mentions
from knowledge_index.relations.dates import (
    DATE_PATTERN,
    YEARLESS_PATTERN,
    dates,
    parse_date,
    parse_yearless,
)
from knowledge_index.relations.lineage import norm

CueKind = Literal["annex_of", "amends", "responds_to", "references"]
# "Beilage ./A" is how Austrian pleadings label their exhibits; "Annexe" the French annex.
_ANNEX_WORD = r"(?:Anlage|Annexe|Annex|Anhang|Beilage|Schedule|Exhibit|Appendix)"
_ANNEX = re.compile(
    rf"^\s*{_ANNEX_WORD}\s*[\w.]*\s*(?:\([^)]*\))?\s*[:\-–]?\s*(?:zum|zur|zu|to the|to)\s+"
    rf"(?P<target>[^\n]+?)(?:\s+(?:vom|dated|of)\s+(?P<date>{DATE_PATTERN}))?\s*$",
    re.I | re.M,
)
# An annex's own label: the word and an id ("Anlage 4.2", "Anlage K 4", "Schedule 2",
# "Exhibit A"). "Schedule of short deliveries" is a list, not an annex: the id is required.
# A witness's initials before the number are an English exhibit's ("Exhibit KLS-2").
_ANNEX_ID = r"(?:[A-Z]{1,4}[\s-]?)?\d+(?:\.\d+)*[a-z]?(?![\w.]*\d)|[A-Z](?:\.\d+)*(?![\w])"
_ANNEX_HEAD = re.compile(rf"^\s*(?i:{_ANNEX_WORD})\s*(?:\./\s?)?(?:{_ANNEX_ID})")
# "Schedule 1 – Price List / to the Reseller and Licence Agreement between ...": the agreement
# may follow the annex's own title and sit on the next line.
_ANNEX_TO = re.compile(
    rf"^\s*{_ANNEX_WORD}\b[^\n]{{0,80}}?\s(?:zum|zur|zu|to the|to)\s+(?P<target>[^\n]+?)"
    rf"(?:\s+(?:vom|dated|of)\s+(?P<date>{DATE_PATTERN})|\s+(?:zwischen|between)\s|\s[–—-]\s|$)",
    re.I | re.M,
)
_AMEND = re.compile(
    rf"(?:(?:\d+\.\s*)?Nachtrag|Änderungsvereinbarung|Ergänzungsvereinbarung"
    rf"|Amendment|Addendum|Side Letter|Deed of Variation|Variation Agreement"
    rf"|Supplemental (?:Agreement|Deed)|Vereinbarung zur Änderung)"
    rf"(?:\s+(?:Agreement|Vereinbarung))?(?:\s+(?:No\.?|Nr\.?)\s*\d+)?"
    rf"\s+(?:zum|zur|zu|des|der|to the|to|of the|relating to the|in respect of the)\s+"
    rf"(?P<target>[^\n]+?)(?:\s+(?:vom|dated|of)\s+(?P<date>{DATE_PATTERN})|\s*(?:$|[.,;]))",
    re.I | re.M,
)
_AMENDED_IN_PLACE = re.compile(
    r"(?:§\s*\d+[a-z]?(?:\s*Abs\.\s*\d+)?|Ziffer\s+[\d.]+|clause\s+[\d.]+|section\s+[\d.]+)"
    r"\s+(?:des|der|of the)\s+(?P<target>[A-ZÄÖÜ][\w\-]{3,60}?)(?:s|es)?"
    r"\s+(?:wird|werden|is|shall be)\s+(?:hiermit\s+|hereby\s+)?(?:[\w ]{0,30}\s)?"
    r"(?:geändert|neu gefasst|ergänzt|amended|replaced)",
    re.I,
)
# What a reply answers: a letter, a mail, an offer. "Your draft of 17 March" and "Ihr Entwurf
# vom ..." are not answered but cited: the draft of that date is the target (a dated mention).
_DOCUMENT_NOUN = (
    r"(?:Schreiben|E-Mail|Email|Brief|Angebot|Vorschlag|Schriftsatz|letter|e-?mail"
    r"|proposal|offer)(?![\w-])"
)
# Austrian courts call the defence "Klagebeantwortung" and the appeal's answer "...beantwortung".
_PLEADING = re.compile(
    rf"(?<![\w])(?P<noun>Klageschrift|Klageerwiderung|Klagebeantwortung|Klage|Replik|Duplik"
    rf"|Berufungsbegründung|Berufungserwiderung|Berufungsbeantwortung|Berufung"
    rf"|Revisionsbeantwortung|Einspruch|Schriftsatz|Statement of Claim|Particulars of Claim"
    rf"|Defence|Reply to Defence)(?:s|es)?\s+(?:vom|dated|of)\s+(?P<date>{DATE_PATTERN})",
    re.I,
)
_RESPONSE = re.compile(
    rf"(?:Ihr(?:e|em|en|er)?\s+{_DOCUMENT_NOUN}(?:\s+[\w\-]+){{0,3}}?\s+vom"
    rf"|your\s+{_DOCUMENT_NOUN}(?:\s+[\w\-]+){{0,3}}?\s+(?:of|dated)"
    rf"|votre\s+(?:lettre|courrier|courriel|e-mail|message)(?:\s+[\w\-]+){{0,3}}?\s+du)"
    rf"\s+(?P<date>{DATE_PATTERN}|{YEARLESS_PATTERN})",
    re.I,
)
_RE_LINE = re.compile(r"^\s*(?:Re|Betreff|Betr\.|Subject)\s*:\s*(?P<subject>.+)$", re.I | re.M)


class Cue(BaseModel):
    kind: CueKind
    phrase: str = ""
    date: dt.date | None = None
    quote: str = ""
    label: str = ""  # an annex's own label ("Anlage 4.2"), which the main document cites
    # A reference's document nouns that name a kind ("mietvertrag", "amendment"); none when it
    # cites only "the draft" or "our letter", which its date then identifies alone.
    nouns: list[str] = []
    # A document cited by its name alone ("the Defence", "des Mietvertrags"): the kind that
    # name stands for, which the matter must hold one document of.
    named_kind: str = ""


# Anywhere in a file name or a title line: "Mietvertrag - Anlage 2 - Lageplan", "Anl. 3",
# "SPA_Schedule_3", "Anlage1".
_ANNEX_ANY = re.compile(
    rf"(?<![\w])(?P<word>(?i:{_ANNEX_WORD}|Anl\.))\s?(?:\./\s?)?(?P<id>{_ANNEX_ID})"
)


def _label(m: re.Match[str]) -> str:
    word = "Anlage" if m["word"].lower() == "anl." else m["word"]
    return f"{word} {' '.join(m['id'].split())}"


# The front sheet English practice puts on an exhibit to a witness statement: "This is the
# exhibit marked “KLS-1” referred to in the witness statement of Katrin Strobel dated 30 May
# 2025."
_EXHIBIT_SHEET = re.compile(
    r"(?i:this is the exhibit marked)\s*[\"“”'‘’]?(?P<id>[A-Z]{1,4}[\s-]?\d{1,3})[\"“”'‘’]?"
    rf"(?:\s+referred to in the\s+(?P<target>[^\n]+?)(?:\s+dated\s+(?P<date>{DATE_PATTERN}))?"
    r"\s*(?:\.|$))?",
    re.M,
)


def exhibit_sheet(text: str) -> re.Match[str] | None:
    return _EXHIBIT_SHEET.search(" ".join(text[:600].split()))


def without_exhibit_sheet(text: str) -> str:
    """The exhibit itself, without the front sheet on top (whose date is the statement's)."""
    if exhibit_sheet(text) is None:
        return text
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines[:6]):
        if line.rstrip().endswith("."):
            return "".join(lines[i + 1 :])
    return text


def annex_label(text: str, filename: str = "") -> str:
    """The annex's label from its file name or the top of its text, else ''.

    In the name and the first two lines it may stand anywhere ("Mietvertrag – Anlage 2:
    Lageplan"); further down only at a line's start, where a title stands ("Gutachten … /
    Anlage K 4"), not inside a sentence ("siehe Anlage C.1").
    """
    sheet = exhibit_sheet(text)
    if sheet:
        return f"Exhibit {sheet['id']}"
    stem = re.sub(r"[_]+|\s-\s|(?<=\w)-(?=[A-Z]\b|\d)", " ", filename.rsplit(".", 1)[0])
    found = _ANNEX_ANY.search(stem)
    if found:
        return _label(found)
    lines = [x.strip().strip("#").strip() for x in text[:1_500].splitlines() if x.strip()][:6]
    for i, line in enumerate(lines):
        found = _ANNEX_ANY.search(line) if i < 2 else _ANNEX_ANY.match(line)
        if found and ((i < 2 and len(line) <= 120) or i >= 2):
            return _label(found)
    return ""


# A court exhibit's label: a party letter and a number ("Anlage K 1", "Anlage BK 3", "Exhibit
# C-3") or the Austrian "Beilage ./A". A contract's own "Anlage 3" or "Schedule 2" is no exhibit.
_EXHIBIT = re.compile(
    r"(?<![\w])(?P<word>Anlagen?|Anl\.|Exhibit|Beilage)\s?"
    r"(?:(?P<party>[A-Z]{1,3})\s?-?\s?(?P<number>\d{1,3})(?![\w.]*\d)|\./\s?(?P<letter>[A-Z]{1,2})\b)"
)


def exhibit_labels(text: str) -> list[str]:
    """The court exhibits a text cites, as `annex_label` writes their labels, in order."""
    out: list[str] = []
    for m in _EXHIBIT.finditer(text):
        word = "Anlage" if m["word"].lower().startswith("anl") else m["word"]
        ident = f"{m['party']} {m['number']}" if m["party"] else m["letter"]
        label = f"{word} {ident}"
        if label not in out:
            out.append(label)
    return out


def exhibit_label(text: str, filename: str) -> str:
    """The exhibit label a file carries in its name or as its stamp (its first line), else ''."""
    named = exhibit_labels(filename.rsplit(".", 1)[0])
    if named:
        return named[0]
    tops = top_lines(text, 1)
    if tops and _EXHIBIT.fullmatch(tops[0].strip()):
        return exhibit_labels(tops[0])[0]
    return ""


def exhibit_stamped(lead: str) -> bool:
    """A whole document stamped as an exhibit ("Anlage K 1" above "WERKLIEFERVERTRAG", or an
    exhibit's front sheet above "SUPPLY AGREEMENT"): it is the document its heading names,
    citable by that name, not a dependent schedule."""
    tops = top_lines(lead)
    if len(tops) >= 2 and _EXHIBIT.fullmatch(tops[0].strip()):
        title = tops[1]
    elif exhibit_sheet(lead) is not None and (rest := top_lines(without_exhibit_sheet(lead), 1)):
        title = rest[0]
    else:
        return False
    return (
        document_kind(title) is not None and not is_annex_heading(title) and not is_amendment(title)
    )


def label_pattern(label: str) -> str:
    """A POSIX regex (Postgres `~*`) for a main document citing the label: "Anlage K4",
    "Anlagen K 4", "Schedule 2," but not "Anlage 4.21" or "Schedule 20"."""
    word, _, ident = label.partition(" ")
    parts = [re.escape(p) for p in re.findall(r"[A-Za-z]+|\d+|\.", ident)]
    body = r"[\s-]*".join(p if p != r"\." else r"\." for p in parts)
    words = (
        rf"(?:{re.escape(word)}(n|s|en)?|anl\.)"
        if word.lower() == "anlage"
        else (rf"{re.escape(word)}(n|s|en)?")
    )
    return rf"\m{words}\s*(\./)?\s*[\"“”'‘’]?{body}(?![0-9A-Za-z]|\.[0-9])"


def cites_label(text: str, label: str) -> bool:
    pattern = label_pattern(label).replace(r"\m", r"\b")
    return re.search(pattern, text, re.I) is not None


def heading(text: str) -> str:
    """The document's first meaningful line: how lawyers title agreements and letters."""
    for line in text.splitlines():
        line = line.strip().strip("#").strip()
        if len(line) >= 3:
            return line[:200]
    return ""


def letter_date(text: str) -> dt.date | None:
    """The date a letter carries near its top (the first date in the letterhead area)."""
    head = text[:800]
    found = dates(head)
    return found[0] if found else None


# A signature block's place-and-date line: "Linz, am 14. Mai 2024", "Signed on 14 December
# 2023", "Dated: 2 April 2024", "Wien, 3.5.2024" (short, so no sentence that cites a date).
_SIGNED_LINE_CHARS = 80
_PLACE_AND_DATE = re.compile(
    rf"^\s*[A-ZÄÖÜ][\w.\- ]{{1,30}},\s*(?:(?:am|den|le)\s+)?(?P<date>{DATE_PATTERN})"
)


_OWN_DATE_LINE = re.compile(r"(?i:^\s*(?:dated|datiert)\b\s*:?\s*\S)")
# A statement of truth run into one paragraph: "... sign this statement. Signed: Katrin
# Strobel, Head of Quality, 24 March 2025".
_SIGNED_CLAUSE = re.compile(
    rf"(?i:\b(?:signed|dated|unterschrieben|unterzeichnet)\s*:\s*[^\n.]{{0,80}}?)"
    rf"(?P<date>{DATE_PATTERN})\s*\.?\s*$"
)


def signing_date(tail: str) -> dt.date | None:
    """The date of the last short line of a document's end that carries one: where a contract
    is signed, which is the date other documents cite it by ("Mietvertrag vom 14. Mai 2024")."""
    for line in reversed(tail.splitlines()[1:] or tail.splitlines()):
        # A PDF's text layer may run the signatures into the place-and-date line.
        placed = _PLACE_AND_DATE.match(line) or _SIGNED_CLAUSE.search(line)
        if placed:
            return parse_date(placed["date"])
        # "... under the Lease Agreement of 3 March 2023." cites a date; it is signed on none.
        # "Dated 4 February 2025" alone on its line is the document's own date.
        own = _OWN_DATE_LINE.match(line) is not None
        short = len(line.strip()) <= _SIGNED_LINE_CHARS and (own or not mentions.cites_date(line))
        if short and (found := dates(line)):
            return found[-1]
    return None


def _clean_phrase(phrase: str) -> str:
    phrase = re.sub(r"^(?:dem|der|den|die|das|the)\s+", "", phrase.strip(), flags=re.I)
    return phrase.strip(" .,:;\"'„“”")


def find_cues(text: str, filename: str = "") -> list[Cue]:
    head = text[:3_000]
    cues: list[Cue] = []
    label = annex_label(text, filename)
    top = "\n".join([x for x in head.splitlines() if x.strip()][:6])
    annex = _ANNEX_TO.search(top) or _ANNEX.search(head)
    sheet = exhibit_sheet(text)
    if sheet and sheet["target"]:
        cues.append(
            Cue(
                kind="annex_of",
                phrase=_clean_phrase(sheet["target"]),
                date=parse_date(sheet["date"]) if sheet["date"] else None,
                quote=sheet.group(0)[:300],
                label=label,
            )
        )
    elif annex and (label or _ANNEX.search(head)):
        cues.append(
            Cue(
                kind="annex_of",
                phrase=_clean_phrase(annex["target"]),
                date=parse_date(annex["date"]) if annex["date"] else None,
                quote=annex.group(0).strip()[:300],
                label=label,
            )
        )
    elif label:
        cues.append(Cue(kind="annex_of", quote=heading(text), label=label))
    # An amendment says so in its title; a letter or mail that mentions "Amendment No. 1 to
    # our Distribution Agreement" in a sentence cites it.
    amend = next((m for m in _AMEND.finditer(head) if _starts_line(head, m.start())), None)
    if amend:
        cues.append(
            Cue(
                kind="amends",
                phrase=_clean_phrase(amend["target"]),
                date=parse_date(amend["date"]) if amend["date"] else None,
                quote=amend.group(0).strip()[:300],
            )
        )
    in_place = _AMENDED_IN_PLACE.search(text[:20_000])
    if in_place and not amend:
        cues.append(
            Cue(kind="amends", phrase=in_place["target"], quote=in_place.group(0).strip()[:300])
        )
    # A pleading answers the one it names by its date ("zur Klageerwiderung vom ..."); the
    # court's own order or judgment answers no one, it cites the pleadings it rules on, as does
    # a document titled as anything but a pleading (a settlement's "claims set out in the
    # Particulars of Claim dated ...").
    tops = top_lines(head, 6)
    decides = any(document_kind(x) in _COURT_DECISIONS for x in tops if len(x) < 80)
    titled_as = title_kind(tops)
    cites_only = decides or (titled_as is not None and not titled_as.startswith("court."))
    for m in _PLEADING.finditer(text[:20_000]):
        cues.append(
            Cue(
                kind="references" if cites_only else "responds_to",
                phrase=m["noun"],
                date=parse_date(m["date"]),
                quote=m.group(0).strip()[:300],
                nouns=[m["noun"].lower()] if cites_only else [],
            )
        )
    named_on = filenames.signals(filename).date
    written = letter_date(text) or named_on
    for m in _RESPONSE.finditer(text[:6_000]):
        # "Thank you for your letter of 9 June": the last 9 June before this letter's date.
        answered = parse_date(m["date"]) or parse_yearless(m["date"], written)
        if answered is not None:
            cues.append(Cue(kind="responds_to", date=answered, quote=m.group(0).strip()[:300]))
    re_line = _RE_LINE.search(head)
    if re_line and not any(c.kind == "responds_to" for c in cues):
        subject = re_line["subject"].strip()
        cues.append(Cue(kind="responds_to", phrase=subject, quote=re_line.group(0).strip()))
    own = {d for d in (written, named_on) if d is not None}
    # The citation an annex, amendment or reply cue already read is not a second relation.
    typed = {c.date for c in cues if c.date is not None}
    own_kind = titled_as
    # An amendment titled without what it amends ("DEED OF VARIATION", "SUPPLEMENTAL
    # AGREEMENT", "SIDE LETTER") names it in its recital: the first contract it cites.
    titled = None if amend else _amendment_title(tops)
    main_owed = titled is not None
    side_letter = bool(
        (amend and _SIDE_LETTER.match(amend.group(0))) or titled == "contract.side_letter"
    )
    for cited in mentions.dated_mentions(mentions.own_words(text), written, kind_of=cited_kind):
        # "Entwurf vom 1. Juli 2024" under a report's title is the report's own date, as is
        # "this Senior Facility Agreement dated 5 May 2025" in the agreement of that date.
        # A contract's first date may be the one its recital cites ("Dieser Liefervertrag
        # ergänzt den Rahmenvertrag vom ..."): a noun naming another kind is a citation.
        other_kind = any((k := cited_kind(n)) is not None and k != own_kind for n in cited.nouns)
        if cited.date in typed or (
            cited.date in own
            and (
                not cited.nouns
                or (own_kind and document_kind(cited.phrase) == own_kind and not other_kind)
            )
        ):
            continue
        names_amendment = any(AMENDMENT_NOUN.search(n) for n in cited.nouns)
        main = main_owed and bool(cited.nouns) and not names_amendment
        main_owed = main_owed and not main
        cues.append(
            Cue(
                # An amendment amends the contract as amended so far: the earlier amendment
                # its recital names ("geändert durch den Nachtrag Nr. 1 vom 1. März 2022").
                # A side letter stands beside the agreement: the amendments it names are cited.
                kind="amends"
                if main or ((amend or titled) and not side_letter and names_amendment)
                else "references",
                phrase=cited.phrase,
                date=cited.date,
                quote=cited.quote,
                nouns=list(cited.nouns),
            )
        )
    return cues


def title_kind(tops: list[str]) -> str | None:
    """What the document is by its title line (short, no sentence)."""
    return next(
        (k for x in tops if len(x) < 120 and not x.endswith(".") and (k := document_kind(x))),
        None,
    )


def _amendment_title(tops: list[str]) -> str | None:
    """The amendment or side-letter kind a title line names, if one does."""
    ontology = load_ontology()
    for line in tops:
        if len(line) < 80 and not line.endswith(".") and _AMENDING_TITLE.match(line):
            hits = ontology.search(line)
            if hits and hits[0].id in _AMENDING_KINDS:
                return hits[0].id
    return None


_AMENDING_KINDS: Final = frozenset({"contract.amendment", "contract.side_letter"})
# The amendment's own title leads the line (not "Agreement ... as amended").
_AMENDING_TITLE: Final = re.compile(
    r"(?i:^\s*(?:\d+\.\s*|first|second|third|fourth|erste[rs]?|zweite[rs]?|dritte[rs]?)?\s*"
    r"(?:deed of variation|variation|supplemental|side letter|amendment|addendum|nachtrag"
    r"|änderungs|ergänzungs|zusatzvereinbarung|avenant))"
)
_COURT_DECISIONS: Final = frozenset({"court.order", "court.judgment"})
_SIDE_LETTER: Final = re.compile(r"(?i:\s*side letter)")
AMENDMENT_NOUN: Final = re.compile(
    r"(?i:nachtrag|amendment|addendum|änderungsvereinbarung|ergänzungsvereinbarung|avenant"
    r"|deed of variation|variation agreement|supplemental (?:agreement|deed))"
)


def _starts_line(text: str, at: int) -> bool:
    """Only a list number ("2.", "(1)") or a title word stands before `at` on its line."""
    line = text[text.rfind("\n", 0, at) + 1 : at]
    return re.fullmatch(r"\s*(?:[\d.()]+\s*|[A-ZÄÖÜ][\w.]*\s+){0,2}", line) is not None


def compact(text: str) -> str:
    # "Geschäftsführer-Dienstvertrag" and "Geschäftsführerdienstvertrag" are one word.
    return re.sub(r"[\W_]+", "", norm(text))


# Kinds that do not identify a document by kind and date: what depends on another document,
# and correspondence (a letter of 3 May is found by its date, not by being a letter).
_DEPENDENT_KINDS: Final = frozenset(
    {"contract.annex", "contract.amendment", "contract.side_letter"}
)


@functools.lru_cache(maxsize=8192)
def document_kind(text: str) -> str | None:
    """The document type a title or a cited name leads with, in either language of the
    ontology ("Vertriebsvertrag" and "Distribution Agreement - executed" are one kind)."""
    ontology = load_ontology()
    # A citation declines its noun ("des Vertriebsvertrags", "des Mietvertrages").
    hits = ontology.search(text[:200]) or ontology.search(
        re.sub(r"(?<=\w{4})e?s\b", "", text[:200])
    )
    if not hits:
        return None
    return _document_node(hits[0].id)


def _document_node(node: str | None) -> str | None:
    if (
        not node
        or "." not in node
        or node in _DEPENDENT_KINDS
        or node.startswith("correspondence.")
    ):
        return None
    return node


def dependent_kind_named_exactly(name: str) -> str | None:
    """The dependent kind (annex, amendment, side letter) `name` is one of the names of."""
    node = load_ontology().named_exactly(name)
    return node if node in _DEPENDENT_KINDS else None


def kind_named_exactly(name: str) -> str | None:
    """The kind of document `name` is one of the names of ("Facility Agreement", "Defence",
    "Mietvertrag"); none for a general word ("Agreement"), a dependent kind or a letter."""
    return _document_node(load_ontology().named_exactly(name))


@functools.lru_cache(maxsize=8192)
def cited_kind(text: str) -> str | None:
    """The document type words citing a document name, amendments and annexes included ("a
    deed of variation dated ..."); a letter or mail is found by its date instead."""
    hits = load_ontology().search(text[:200])
    node = hits[0].id if hits else ""
    return node if "." in node and not node.startswith("correspondence.") else None


def _letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


def phrase_matches(phrase: str, title: str) -> bool:
    """Whether a cue's title phrase names a document with this heading (either way round),
    by its words or by the document type both name."""
    p, t = compact(phrase), compact(title)
    # A title is words: a line "2025" under "DATED" names nothing.
    if _letters(p) < 4 or _letters(t) < 4:
        return False
    if p in t or t in p:
        return True
    kind = document_kind(phrase)
    return kind is not None and document_kind(title) == kind


def top_lines(text: str, count: int = 4) -> list[str]:
    """The first lines of a document: its title may follow a draft marker or a letterhead."""
    return [x.strip().strip("#").strip() for x in text.splitlines() if len(x.strip()) >= 3][:count]


def is_annex_heading(text: str) -> bool:
    return bool(_ANNEX_HEAD.match(text))


def is_amendment(text: str) -> bool:
    return bool(_AMEND.search(text))


def amending_title(line: str) -> bool:
    """A title line that leads with an amendment's name ("Nachtrag Nr. 1", "1. Nachtrag zum
    Mietvertrag", "First Amendment - final")."""
    return len(line) <= 80 and _AMENDING_TITLE.match(line) is not None


# The state a text is in: "Stand: 3. August 2012", "in der Fassung vom ...", "zuletzt geändert
# am ...", "as amended on ...", "as at ...", "version of ...".
_STATE_DATE = re.compile(
    rf"(?:\bStand\b\s*:?\s*(?:vom\s+)?|in der Fassung (?:vom|der Bekanntmachung vom)\s+"
    rf"|zuletzt geändert (?:am|durch [^\n]{{0,120}}? vom)\s+|as amended (?:on|up to|to)\s+"
    rf"|\bas at\s+|\bversion (?:of|dated)\s+)(?P<date>{DATE_PATTERN})",
    re.I,
)


def state_date(text: str) -> dt.date | None:
    """The date of the state a text is in, when it says so near its top."""
    m = _STATE_DATE.search(text[:3_000])
    return parse_date(m["date"]) if m else None
