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

from knowledge_index.relations import cues, filenames
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
    r"^\s*(?:\d+\.\s*)?(?:nachtrag|amendment|addendum|änderungsvereinbarung|side letter"
    r"|avenant)\b",
    re.I,
)
_SOURCE_FORMATS: Final = {"docx": 0, "doc": 0, "odt": 0, "rtf": 0, "pdf": 1}


# A contract is cited by the date it was signed on; a letter or mail by the date at its top
# (the end of a mail quotes other mails' dates).
_SIGNED_KINDS: Final = frozenset({"annex_of", "amends", "references"})
# The contract as signed (or final) before any other version.
_SIGNED_FIRST: Final = {"executed": 0, "final": 0}


def cue_dates(cue: cues.Cue, d: DocRow) -> set[dt.date]:
    return own_dates(d.path, d.lead, d.tail if cue.kind in _SIGNED_KINDS else "")


def own_dates(path: str, lead: str, tail: str = "") -> set[dt.date]:
    """The dates a document goes by: in its file name, the first date at its top, and the date
    it was signed on at its end."""
    found = (filenames.signals(path).date, cues.letter_date(lead), cues.signing_date(tail))
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
    titles = [x for x in cues.top_lines(lead) if len(x) <= 120 and not x.endswith(".")]
    return any(cues.phrase_matches(phrase, x) for x in (stem, *titles))


def _named(cue: cues.Cue, d: DocRow) -> bool:
    return names(cue.phrase, d.path, d.lead or d.head) or (
        bool(cue.phrase) and cues.phrase_matches(cue.phrase, d.head)
    )


def _names_kind(phrase: str) -> bool:
    """The cue itself names an annex or an amendment, so such a file may be its target."""
    return bool(cues.is_annex_heading(phrase) or cues.is_amendment(phrase))


def score(cue: cues.Cue, d: DocRow, my_folder: str, citing: set[str]) -> float:
    """How well `d` fits the cue; 0 when it cannot be the target."""
    head = d.head.lower()
    same_folder = d.path.rsplit("/", 1)[0] == my_folder
    named = _named(cue, d)
    dated = cue.date is not None and cue.date in cue_dates(cue, d)
    main_like = any(w in head for w in _MAIN_WORDS)
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
        if looks_dependent and not _names_kind(cue.phrase):
            return 0.0  # an annex or amendment is not the main document of another annex
    if cue.kind == "annex_of":
        cited = d.id in citing
        fallback = not cue.phrase and same_folder and main_like
        if not (cited or named or fallback):
            return 0.0
        return 3.0 * cited + 1.5 * named + 2.0 * same_folder + 0.5 * main_like + 1.0 * dated
    if cue.kind == "amends":
        if not named:
            return 0.0
        return 2.0 + 2.0 * dated + 1.0 * same_folder + 0.5 * main_like
    if cue.kind == "references":
        if not (named and (dated or specific(cue.phrase))):
            return 0.0
        return 2.0 + 2.0 * dated + 0.5 * same_folder
    # responds_to: the date of what it answers, and for pleadings the pleading's name
    if cue.date is not None:
        if not dated or (cue.phrase and not named):
            return 0.0
        return 2.0 + 1.0 * named + 0.5 * same_folder
    # A subject line ("Re: Licence Agreement - audit") answers a letter, not the agreement.
    if named and not head.startswith("re") and not main_like:
        return 1.0 + 0.5 * same_folder
    return 0.0


def _extension(path: str) -> str:
    name = path.split("!/")[-1].rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[-1].lower() if "." in name else ""


def best(scored: list[tuple[float, DocRow]]) -> tuple[float, DocRow] | None:
    if not scored:
        return None

    def key(item: tuple[float, DocRow]) -> tuple[float, int, int, dt.date, str]:
        value, d = item
        dates = own_dates(d.path, d.lead)
        return (
            -value,
            # What an annex or amendment belongs to is the contract as signed, not a draft.
            _SIGNED_FIRST.get(filenames.signals(d.path).label or "", 1),
            _SOURCE_FORMATS.get(_extension(d.path), 2),
            min(dates) if dates else dt.date.max,
            d.path,
        )

    return min(scored, key=key)


def confirms(cue: cues.Cue, path: str, head: str, text: str) -> bool:
    """The opened file is what the cue names (the model's check, made offline)."""
    top = text[:1_500]
    named = names(cue.phrase, path, text[:600]) or (
        bool(cue.phrase) and cues.phrase_matches(cue.phrase, head)
    )
    tail = text[-TAIL_CHARS:] if cue.kind in _SIGNED_KINDS else ""
    dated = cue.date is not None and cue.date in own_dates(path, text[:600], tail)
    if cue.kind == "annex_of":
        if cue.label and cues.cites_label(text, cue.label):
            return True
        return named or not cue.phrase or cues.norm(cue.phrase) in cues.norm(top)
    if cue.kind in ("amends", "references"):
        return named or dated
    if cue.date is not None:
        return dated
    return named
