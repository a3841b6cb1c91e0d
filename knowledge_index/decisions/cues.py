"""Cue matching: which topic a changed clause is about, which rationale its comments give.

Plain functions over text, deterministic, shared by the stage (as signals in the model's
evidence) and the offline policy (which takes the top signal).

Topic: the evidence is weighed by where a cue occurs. The words that actually changed (the
diff of deleted against inserted text, without the words both share) weigh most, then the
clause heading, then the words right next to the change ("[three] months' notice": the change
quantifies the notice), then the rest of the words around it and of the paragraph.
A topic counts once per place (a paragraph full of "payment" words is not more about payment
than one with a single one). Within a place the longest cue wins: "consumer price index" is
one price_adjustment cue, not also a "price" one. A topic may name `broader` ones
(notice_period within termination): when the change itself or the words around it name the
narrower topic, it also takes the broader topic's heading and paragraph, because a clause
headed "Term and Termination" is the context of a notice period too. On a tie the topic listed
first in the taxonomy wins, and the shipped file lists specific topics before broad ones.
Rationale: only the comments explaining the change count (a comment decides the rationale;
the clause text says what, never why). No comment, or none with a cue: the fallback
(`unstated`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Final

from pydantic import BaseModel

from knowledge_index.decisions.taxonomy import Taxonomy, cue_weight

CORE_WEIGHT: Final = 3.0
NEAR_WEIGHT: Final = 2.0
HEADING_WEIGHT: Final = 2.5
WINDOW_WEIGHT: Final = 1.0
PARAGRAPH_WEIGHT: Final = 1.0
NEAR_WORDS: Final = 3
WINDOW_WORDS: Final = 12
MAX_SIGNALS: Final = 3
_WORD: Final = re.compile(r"\S+")
_PLACEHOLDER: Final = re.compile(r"\[PARTY_[A-Z]+\]")
# A note to a colleague asking for something to be done ("Bitte Rücksprache mit Mandantin vor
# dem Termin", "Please check with the client") says what to do next, not why the text changed.
_TO_DO: Final = re.compile(
    r"^\W*(?:bitte|please|pls|todo|to do)\b.{0,80}?\b(?:prüf|check|klär|rücksprache|abstimm"
    r"|besprech|confirm|discuss|verify|clarify|nachfrag|follow up|erinner|remind)",
    re.I,
)
# ... unless it gives a reason as well ("bitte prüfen, da die Gegenseite ...").
_REASON: Final = re.compile(r"\b(?:weil|da|denn|because|since|as|so that|damit)\b", re.I)
# In lower-cased text: group 1 is how a lawyer names their own client, group 2 the other side.
_SIDE_WORDS: Final = re.compile(
    r"((?:\b(?:unser(?:e[mnrs]?)?|our)\s+)?\b(?:mandant(?:in|en|schaft)?|clients?)\b)"
    r"|(\b(?:gegenseite|gegenpartei|andere seite|other side|counterparty)\b)"
)


class CueSignal(BaseModel):
    """A category whose cues occur in the evidence, with the cues that matched."""

    id: str
    score: float
    cues: list[str]


@dataclass(frozen=True)
class TopicText:
    """The places of one locus a topic cue may occur in (all lower-cased by the caller)."""

    core: str = ""
    window: str = ""
    heading: str = ""
    paragraph: str = ""
    near: str = ""


def _matches(taxonomy: Taxonomy, text: str) -> dict[str, list[str]]:
    """The categories whose cues occur in `text`, a cue's span only where no longer cue of
    another category covers it (ties between a topic and its broader one go to the narrower)."""
    if not text.strip():
        return {}
    spans: list[tuple[int, int, str, str]] = []
    for category in taxonomy.categories:
        for cue, pattern in category.patterns:
            spans.extend((m.start(), m.end(), category.id, cue) for m in pattern.finditer(text))
    found: dict[str, list[str]] = {}
    for start, end, cid, cue in spans:
        if not any(
            s <= start
            and end <= e
            and other != cid
            and (e - s > end - start or cid in taxonomy.broader.get(other, ()))
            for s, e, other, _ in spans
        ):
            hits = found.setdefault(cid, [])
            if cue not in hits:
                hits.append(cue)
    return {c.id: found[c.id] for c in taxonomy.categories if c.id in found}


def _ranked(
    taxonomy: Taxonomy, scores: dict[str, float], cues: dict[str, list[str]]
) -> list[CueSignal]:
    order: dict[str, float] = {c.id: i for i, c in enumerate(taxonomy.categories)}
    for cid, broader in taxonomy.broader.items():
        # On a tie the narrower topic wins over its broader ones wherever the file lists it.
        order[cid] = min(order[cid], *(order[b] - 0.5 for b in broader))
    ranked = sorted(scores, key=lambda cid: (-round(scores[cid], 6), order[cid]))
    return [
        CueSignal(id=cid, score=round(scores[cid], 3), cues=sorted(set(cues[cid]))[:8])
        for cid in ranked[:MAX_SIGNALS]
    ]


def topic_signals(taxonomy: Taxonomy, text: TopicText) -> list[CueSignal]:
    near = _matches(taxonomy, text.near)
    places = {
        "core": (CORE_WEIGHT, _matches(taxonomy, text.core)),
        "near": (NEAR_WEIGHT, near),
        # A cue right at the change counts there, not again a few words further out.
        "window": (
            WINDOW_WEIGHT,
            {c: h for c, h in _matches(taxonomy, text.window).items() if c not in near},
        ),
        "heading": (HEADING_WEIGHT, _matches(taxonomy, text.heading)),
        "paragraph": (PARAGRAPH_WEIGHT, _matches(taxonomy, text.paragraph)),
    }
    at_change = {c for key in ("core", "near", "window") for c in places[key][1]}
    scores: dict[str, float] = {}
    cues: dict[str, list[str]] = {}
    for key, (weight, found) in places.items():
        for cid, hits in found.items():
            scores[cid] = scores.get(cid, 0.0) + weight
            cues.setdefault(cid, []).extend(hits)
        if key in ("heading", "paragraph"):
            for cid in at_change:
                if cid not in found and any(b in found for b in taxonomy.broader.get(cid, ())):
                    scores[cid] = scores.get(cid, 0.0) + weight
    return _ranked(taxonomy, scores, cues)


def rationale_signals(
    taxonomy: Taxonomy,
    comments: list[str],
    client_placeholders: frozenset[str] = frozenset(),
    from_other_side: Sequence[bool] = (),
) -> list[CueSignal]:
    """Rationale categories the comments name; a known client placeholder reads as "Mandant".

    Comments name parties by placeholder after pseudonymization ("auf Wunsch von [PARTY_B]"):
    the client's placeholder reads as the client, any other party's as the other side. A
    comment the other side's counsel wrote (`from_other_side`, `decisions/sides.py`) means
    their client by "our client" and the firm's by "the other side": the two are swapped.
    """
    scores: dict[str, float] = {}
    cues: dict[str, list[str]] = {}
    for i, comment in enumerate(comments):
        if _TO_DO.match(comment) and not _REASON.search(comment):
            continue
        text = _PLACEHOLDER.sub(
            lambda m: " Mandant " if m.group(0) in client_placeholders else " Gegenseite ", comment
        ).lower()
        if i < len(from_other_side) and from_other_side[i]:
            text = _SIDE_WORDS.sub(lambda m: " gegenseite " if m.group(1) else " mandant ", text)
        for cid, hits in _matches(taxonomy, text).items():
            fresh = [h for h in hits if h not in cues.get(cid, [])]
            scores[cid] = scores.get(cid, 0.0) + sum(cue_weight(h) for h in fresh)
            cues.setdefault(cid, []).extend(fresh)
    return _ranked(taxonomy, scores, cues)


def best(signals: list[CueSignal], fallback: str) -> str:
    return signals[0].id if signals else fallback


# -- the changed words ------------------------------------------------------------------------


def changed_core(inserted: list[str], deleted: list[str]) -> str:
    """The words that changed: deleted and inserted text without the words both share.

    "10 % des Kaufpreises" -> "30 % des Kaufpreises" is a change of "10" to "30", not of the
    purchase price: the shared words say where, not what.
    """
    new = _WORD.findall(" ".join(inserted))
    old = _WORD.findall(" ".join(deleted))
    if not new or not old:
        return " ".join(new or old)
    shared = {w.lower() for w in new} & {w.lower() for w in old}
    return " ".join(w for w in [*old, *new] if w.lower() not in shared)


def window(paragraph: str, changed: list[str], words: int = WINDOW_WORDS) -> str:
    """The words of `paragraph` around where the changed text sits (or its start)."""
    tokens = _WORD.findall(paragraph)
    if not tokens:
        return ""
    low = paragraph.lower()
    positions = [low.find(c.strip().lower()) for c in changed if c.strip()]
    positions = [p for p in positions if p >= 0]
    if not positions:
        return ""
    at = len(_WORD.findall(paragraph[: min(positions)]))
    end = len(_WORD.findall(paragraph[: max(positions)])) + 1
    return " ".join(tokens[max(0, at - words) : end + words])


def changed_span(before: str, after: str) -> tuple[str, int, int] | None:
    """Where the wording changed: (the text, first and last changed word's index in it).

    The text is the paragraph after the change, or before it for a pure deletion. Word often
    tracks a longer span than what changed ("; diese sind ... aufgeführt" replaced by the
    same words "und frei von Rechten Dritter"): the word diff finds the words that differ.
    None when the two read the same.
    """
    old, new = _WORD.findall(before), _WORD.findall(after)
    ops = SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    changed_new = [(j1, j2) for tag, _, _, j1, j2 in ops if tag in ("replace", "insert")]
    if changed_new:
        return after, changed_new[0][0], changed_new[-1][1] - 1
    changed_old = [(i1, i2) for tag, i1, i2, _, _ in ops if tag == "delete"]
    if changed_old:
        return before, changed_old[0][0], changed_old[-1][1] - 1
    return None


def around(text: str, first: int, last: int, words: int) -> str:
    """The `words` words either side of words first..last of `text`, and those words."""
    tokens = _WORD.findall(text)
    return " ".join(tokens[max(0, first - words) : last + 1 + words])
