"""Which file a textual cue names: every candidate scored on the signals a lawyer uses.

An annex belongs to the document that cites its label ("siehe Anlage 4.2"), that its heading
names ("Anlage 4.2 zum Geschäftsanteilskaufvertrag") and that it is filed beside; an amendment
or a citation names its target by title and date; a reply by the date of what it answers.
Exactly one target per cue: the best score, then a signed or final version before the others,
the editable original before its print, the earliest document, the path (so
the answer never depends on processing order).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final

from knowledge_index.relations import cues, dates, defined_terms, doc_numbers, filenames, mentions
from knowledge_index.relations.corpus import TAIL_CHARS, DocRow

_MAIN_WORDS: Final = (
    "vertrag",
    "agreement",
    "vereinbarung",
    "satzung",
    "klage",
    "schriftsatz",
    "urkunde",
    "deed",
    "claim",
)
# A heading that is an amendment's or a side letter's own title, whatever it amends.
_DEPENDENT_HEAD: Final = re.compile(
    r"^\s*(?:\d+\.\s*|first|second|third)?\s*(?:nachtrag|amendment|addendum"
    r"|änderungsvereinbarung|side letter|avenant|deed of variation|supplemental agreement"
    r"|supplemental deed)\b",
    re.I,
)
_SOURCE_FORMATS: Final = {"docx": 0, "doc": 0, "odt": 0, "rtf": 0, "pdf": 1}


# A contract is cited by the date it was signed on; a letter or mail by the date at its top
# (the end of a mail quotes other mails' dates).
_SIGNED_KINDS: Final = frozenset({"annex_of", "amends", "references"})
# The candidate kinds that say this document names the candidate (not that it is a version).
CITED_KINDS: Final = frozenset({"attachment_of", "annex_of", "amends", "responds_to", "references"})
# The contract as signed (or final) before any other version.
_SIGNED_FIRST: Final = {"executed": 0, "final": 0}


def _signed(cue: cues.Cue) -> bool:
    """Whether the cited date may be the one the target was signed on: a contract's, and a
    pleading's, which its statement of truth dates at its end ("Reply to the Defence dated
    22 April 2025")."""
    return cue.kind in _SIGNED_KINDS or (
        cue.kind == "responds_to"
        and bool(cue.phrase)
        and cues.document_kind(cue.phrase) is not None
    )


def cue_dates(cue: cues.Cue, d: DocRow) -> set[dt.date]:
    return own_dates(d.path, d.lead, d.tail if _signed(cue) else "")


def own_dates(path: str, lead: str, tail: str = "") -> set[dt.date]:
    """The dates a document goes by: in its file name, the first date at its top, and the date
    it was signed on at its end."""
    found = (
        filenames.signals(path).date,
        cues.letter_date(cues.without_exhibit_sheet(lead)),
        cues.signing_date(tail),
    )
    return {d for d in found if d is not None}


# A bare "agreement" names nothing on its own; a compound ("Mietvertrag") or two words do.
_GENERIC: Final = frozenset(
    {
        "vertrag",
        "vertrags",
        "vereinbarung",
        "agreement",
        "letter",
        "schreiben",
        "bericht",
        "report",
        "erklärung",
        "beschluss",
        "beschlusses",
        "protokoll",
        "memorandum",
        "gutachten",
    }
)


def specific(phrase: str) -> bool:
    words = cues.norm(phrase).split()
    return len(words) >= 2 or (len(words) == 1 and words[0] not in _GENERIC)


def names(phrase: str, path: str, lead: str) -> bool:
    """The phrase is this document's title: in its file name or one of its first lines."""
    if not phrase:
        return False
    stem = filenames.signals(path).stem
    # A title line is short and no sentence: "Under English law, ... a share purchase agreement
    # are upheld." mentions an agreement, it does not name the document.
    # A table row ("1 | Abtretungsvertrag (Notariatsakt) | AWT") is a checklist's entry.
    lines = [x.rstrip(" |") for x in cues.top_lines(lead)]
    titles = [x for x in lines if len(x) <= 120 and not x.endswith(".") and "|" not in x]
    return any(cues.phrase_matches(phrase, x) for x in (stem, *titles))


def _named(cue: cues.Cue, d: DocRow) -> bool:
    return names(cue.phrase, d.path, d.lead or d.head) or (
        bool(cue.phrase) and cues.phrase_matches(cue.phrase, d.head)
    )


def _names_kind(cue: cues.Cue) -> bool:
    """The cue itself names an annex or an amendment, so such a file may be its target."""
    phrase = cue.phrase
    if cue.kind in ("references", "amends") and any(_DEPENDENT_NOUN.search(n) for n in cue.nouns):
        return True
    return bool(cues.is_annex_heading(phrase) or cues.is_amendment(phrase))


_DEPENDENT_NOUN: Final = re.compile(
    r"(?i:nachtrag|amendment|addendum|side letter|änderungsvereinbarung|avenant|anlage|annex"
    r"|schedule|exhibit|beilage|appendix|variation|supplemental)"
)
_LETTER_WORD: Final = re.compile(r"(?i:letter|schreiben|brief|lettre|courrier|memo)")
_NUMBERED: Final = re.compile(r"(?i:\b(?:No|Nr|Nummer|number)\.?\s*(\d+)\b)")


def _also_cites(cue: cues.Cue, path: str, lead: str, tail: str) -> bool:
    """The file carries the cited date only in a sentence that cites the same kind of document
    ("... under the Supply Agreement of 10 January 2022." in a note): it is another citing
    document, not the cited one. A title line ("Entwurf vom 4. März 2024", "dated 1 July
    2024" under an agreement's name), its file name and its signature are its own dates."""
    assert cue.date is not None
    if cue.date in {filenames.signals(path).date, cues.signing_date(tail)}:
        return False
    sentences = [x for x in lead.splitlines() if len(x.strip()) > 120 or x.rstrip().endswith(".")]
    for m in mentions.dated_mentions("\n".join(sentences), None, kind_of=cues.cited_kind):
        if m.date == cue.date and m.nouns and set(m.nouns) & set(cue.nouns):
            return True
    return False


def _title_cited(cue: cues.Cue, d: DocRow) -> bool:
    """The file's own title stands in the citation ("a written supply agreement dated ..." and
    a file headed "Supply Agreement"), and it says more than "Agreement"."""
    phrase = cues.compact(cue.phrase)
    titles = [x for x in cues.top_lines(d.lead or d.head, 2) if len(x) <= 120]
    return any(
        len(cues.compact(x)) >= 6 and cues.compact(x) in phrase and specific(x) for x in titles
    )


_TITLE_LINES: Final = 12


def nouns_named(cue: cues.Cue, path: str, lead: str) -> bool:
    """Every kind noun of a dated reference stands in the file's name or title ("the supply
    agreement" in "Supply Agreement Bavaria Feinkost 2022"), or names the same kind of
    document; a number it cites ("Amendment No. 1") is there too."""
    stem = filenames.signals(path).stem
    # A letter's title follows its letterhead and address ("FACILITY LETTER" on line 8): the
    # short lines further down are title-like too.
    lines = cues.top_lines(lead, _TITLE_LINES)
    titled = [x for x in lines[4:] if len(x) <= 60 and x[-1] != "."]
    tops = [stem, *lines[:4], *titled]
    compact = cues.compact(" ".join(tops))
    for noun in cue.nouns:
        kind = cues.document_kind(noun)
        if cues.compact(noun) in compact:
            continue
        if kind is not None and any(cues.document_kind(x) == kind for x in tops):
            continue
        # An amendment is one in either language ("Änderungsvereinbarung vom 10.06.2024" is
        # the file headed "Amendment Agreement").
        if cues.AMENDMENT_NOUN.search(noun) and any(_DEPENDENT_HEAD.match(x) for x in tops):
            continue
        return False
    number = _NUMBERED.search(cue.phrase)
    return number is None or re.search(rf"(?<!\d){number[1]}(?!\d)", " ".join(tops)) is not None


def score(cue: cues.Cue, d: DocRow, my_folder: str, citing: set[str]) -> float:
    """How well `d` fits the cue; 0 when it cannot be the target."""
    head = d.head.lower()
    same_folder = d.path.rsplit("/", 1)[0] == my_folder
    named = _named(cue, d)
    dated = cue.date is not None and cue.date in cue_dates(cue, d)
    if dated and cue.kind == "references" and _also_cites(cue, d.path, d.lead, d.tail):
        dated = False
    main_like = any(w in head for w in _MAIN_WORDS)
    dependent = False
    if cue.kind in ("annex_of", "amends", "references"):
        if d.format == "email":
            return 0.0  # a title and date name a document; a mail is reached through its thread
        stem = filenames.signals(d.path).stem
        tops = cues.top_lines(d.lead or d.head)
        looks_dependent = (
            cues.is_annex_heading(stem)
            or any(cues.is_annex_heading(x) or cues.is_amendment(x) for x in [d.head, *tops])
            # "AMENDMENT No. 1 / to the Distribution Agreement dated ...": over two lines.
            or cues.is_amendment(" ".join(tops[:3]))
            or bool(_DEPENDENT_HEAD.match(d.head) or _DEPENDENT_HEAD.match(stem))
        )
        # An annex or amendment is not the main document of another annex, unless the annex
        # names no agreement and the amendment cites its label ("wie im Lageplan (Anlage 3)").
        dependent = (
            looks_dependent and not _names_kind(cue) and not cues.exhibit_stamped(d.lead or d.head)
        )
        own_annex = cue.kind == "annex_of" and not cue.phrase and d.id in citing
        if dependent and not own_annex:
            return 0.0
    if cue.kind == "annex_of":
        cited = d.id in citing
        fallback = not cue.phrase and same_folder and main_like
        if not (cited or named or fallback):
            return 0.0
        # Of the files citing the label the first one filed it (a pleading's exhibit is the
        # statement of claim's, not the later brief's that cites it again): a main-document
        # heading only helps a file that does not cite the label.
        return (
            3.0 * cited
            + 1.5 * named
            + 2.0 * same_folder
            + 0.5 * (main_like and not cited)
            # The cited date names the version ("zum Abtretungsvertrag vom 2. April 2024" is
            # the signed act), where the title names only the family.
            + 2.0 * dated
            # An amendment citing the label has it only when no main agreement cites it too
            # ("Exhibit A" of the licence agreement, which its amendment mentions again).
            - 1.0 * dependent
        )
    if cue.kind == "amends":
        # An amendment's title names what it amends; its recital may name an earlier
        # amendment by kind, number and date ("den Nachtrag Nr. 1 vom 1. März 2022").
        by_kind = dated and bool(cue.nouns) and nouns_named(cue, d.path, d.lead or d.head)
        if not (named or by_kind):
            return 0.0
        return 2.0 + 2.0 * dated + 1.0 * same_folder + 0.5 * main_like
    if cue.kind == "references":
        # Cited by kind and date: the date and the kind together name one document; a cited
        # draft or letter is named by its date alone. Without the date, only by its title.
        if dated and nouns_named(cue, d.path, d.lead or d.head):
            # "our letter of 2 April" is a letter, "your draft of 11 March" a draft of a
            # contract: among the files of that date, the one of that sort first.
            fits = not cue.nouns and (main_like != bool(_LETTER_WORD.search(cue.phrase)))
            return 2.0 + 2.0 * dated + 1.0 * named + 0.5 * same_folder + 0.5 * fits
        if not (named and cue.nouns and specific(" ".join(cue.nouns))) and not _title_cited(cue, d):
            return 0.0
        return 2.0 + 0.5 * same_folder
    # responds_to: the date of what it answers, and for pleadings the pleading's name
    if cue.date is not None:
        if not dated or (cue.phrase and not named):
            return 0.0
        # "your letter of 9 June" is the letter of that day, not the draft it enclosed.
        letter = bool(_LETTER_WORD.search(cue.quote)) and not cues.title_kind(
            cues.top_lines(d.lead or d.head, 6)
        )
        return 2.0 + 1.0 * named + 0.5 * same_folder + 0.5 * letter
    # A subject line ("Re: Licence Agreement - audit") answers a letter, not the agreement.
    if named and not head.startswith("re") and not main_like:
        return 1.0 + 0.5 * same_folder
    return 0.0


# The words a signature block leaves at the end of a signed print ("gez.", "unterfertigt").
_SIGNED_WORDS: Final = re.compile(r"(?i:\bgez\.|unterfertigt|unterzeichnet|/s/|signed by)")


def _label(d: DocRow) -> str:
    """The version label of the name, else "executed" for a PDF whose end is signed."""
    label = filenames.signals(d.path).label
    if label is None and d.format == "pdf" and _SIGNED_WORDS.search(d.tail):
        return "executed"
    return label or ""


def _kind_title(d: DocRow) -> str:
    """The first top line naming a kind of document ("Share Purchase Agreement" under a
    "Draft 3 – agreed form" stamp): the versions of one agreement share it."""
    for line in cues.top_lines(d.lead or d.head):
        if _DRAFT_STAMP.search(line) and dates.dates(line):
            continue
        if len(line) <= 120 and cues.document_kind(line) is not None:
            return cues.compact(line)
    return ""


# A draft's stamp above its title: "Draft 3 – agreed form – 28 April 2025", "Stand: 20.06.2025".
_DRAFT_STAMP: Final = re.compile(r"(?i:\b(?:draft|entwurf|stand|fassung|version|projet)\b)")


def best(
    scored: list[tuple[float, DocRow]], *, latest: bool = False
) -> tuple[float, DocRow] | None:
    """The target among equally good candidates. `latest`: of an agreement's drafts, none
    signed, the newest (an annex belongs to the agreement as it stands, a schedule filed for
    signing to the last draft, not to the first); otherwise, and among different documents
    (the pleadings citing one exhibit), the earliest (a citation names the document that
    existed when it was written)."""
    if not scored:
        return None
    top = max(value for value, _ in scored)
    tied = [d for value, d in scored if value == top]
    titles = {_kind_title(d) for d in tied}
    latest = latest and len(titles) == 1 and "" not in titles

    def key(item: tuple[float, DocRow]) -> tuple[float, int, bool, bool, bool, int, int, str]:
        value, d = item
        own = own_dates(d.path, d.lead)
        when = (max(own) if latest else min(own)) if own else None
        day = when.toordinal() if when else dt.date.max.toordinal()
        return (
            -value,
            # What an annex or amendment belongs to is the contract as signed, not a draft.
            _SIGNED_FIRST.get(_label(d), 1),
            # The original, not a copy someone saved beside it ("... - Kopie.docx").
            filenames.signals(d.path).copy_marker,
            # The file on the share, not its copy inside the mail it was sent with.
            d.parent_id is not None,
            # A scan is a copy of the paper: the document it shows is the one cited.
            d.scanned,
            _SOURCE_FORMATS.get(filenames.extension(d.path), 2),
            -day if latest and when else day,
            d.path,
        )

    return min(scored, key=key)


def amending_titles(path: str, lead: str) -> list[str]:
    """The lines that may title an amendment or a side letter, which are no document kind of
    their own (`cues.document_kind`): those of its first lines, then its file name, that lead
    with an amendment's name."""
    lines = [*cues.top_lines(lead, 6), filenames.signals(path).stem]
    return [x for x in lines if cues.amending_title(x)]


def confirms(cue: cues.Cue, path: str, head: str, text: str) -> bool:
    """The opened file is what the cue names (the model's check, made offline)."""
    top = text[:1_500]
    named = names(cue.phrase, path, text[:600]) or (
        bool(cue.phrase) and cues.phrase_matches(cue.phrase, head)
    )
    tail = text[-TAIL_CHARS:] if _signed(cue) else ""
    dated = cue.date is not None and cue.date in own_dates(path, text[:600], tail)
    if dated and cue.kind == "references" and _also_cites(cue, path, text[:600], tail):
        dated = False
    if cue.kind == "annex_of":
        if cue.label and cues.cites_label(text, cue.label):
            return True
        return named or not cue.phrase or cues.norm(cue.phrase) in cues.norm(top)
    if cue.kind == "references" and cue.label and cue.label in doc_numbers.owned(path, text[:600]):
        return True  # cited by its own number (`doc_numbers`)
    if cue.named_kind == defined_terms.AMENDMENT:
        # "dem 1. Nachtrag": an amendment's title carrying that number.
        number = defined_terms.number_in(cue.phrase)
        return any(defined_terms.number_in(x) == number for x in amending_titles(path, text[:600]))
    if cue.kind in ("amends", "references"):
        return named or dated
    if cue.date is not None:
        return dated
    return named
