"""Cue matching: which topic a changed clause is about, which rationale its comments give.

Plain functions over text, deterministic, shared by the stage (as signals in the model's
evidence) and the offline policy (which takes the top signal).

Topic: the evidence is weighed by where a cue occurs. The words that actually changed (the
diff of deleted against inserted text, without the words both share) and the clause heading
weigh most, then the words around the change, then the rest of the paragraph. A topic counts
once per place (a paragraph full of "payment" words is not more about payment than one with a
single one); on a tie the topic listed first in the taxonomy wins, and the shipped file lists
specific topics (limitation_period, events_of_default) before the broad ones they sit in
(warranty, payment_terms).
Rationale: only the comments explaining the change count (a comment decides the rationale;
the clause text says what, never why). No comment, or none with a cue: the fallback
(`unstated`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from pydantic import BaseModel

from knowledge_index.decisions.taxonomy import Taxonomy, cue_weight

CORE_WEIGHT: Final = 3.0
WINDOW_WEIGHT: Final = 2.0
HEADING_WEIGHT: Final = 3.0
PARAGRAPH_WEIGHT: Final = 1.0
WINDOW_WORDS: Final = 12
MAX_SIGNALS: Final = 3
_WORD: Final = re.compile(r"\S+")
_PLACEHOLDER: Final = re.compile(r"\[PARTY_[A-Z]+\]")
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


def _matches(taxonomy: Taxonomy, text: str) -> dict[str, list[str]]:
    if not text.strip():
        return {}
    found: dict[str, list[str]] = {}
    for category in taxonomy.categories:
        hits = [cue for cue, pattern in category.patterns if pattern.search(text)]
        if hits:
            found[category.id] = hits
    return found


def _ranked(
    taxonomy: Taxonomy, scores: dict[str, float], cues: dict[str, list[str]]
) -> list[CueSignal]:
    order = {c.id: i for i, c in enumerate(taxonomy.categories)}
    ranked = sorted(scores, key=lambda cid: (-round(scores[cid], 6), order[cid]))
    return [
        CueSignal(id=cid, score=round(scores[cid], 3), cues=sorted(set(cues[cid]))[:8])
        for cid in ranked[:MAX_SIGNALS]
    ]


def topic_signals(taxonomy: Taxonomy, text: TopicText) -> list[CueSignal]:
    places = (
        (CORE_WEIGHT, text.core),
        (WINDOW_WEIGHT, text.window),
        (HEADING_WEIGHT, text.heading),
        (PARAGRAPH_WEIGHT, text.paragraph),
    )
    scores: dict[str, float] = {}
    cues: dict[str, list[str]] = {}
    for weight, place in places:
        for cid, hits in _matches(taxonomy, place).items():
            scores[cid] = scores.get(cid, 0.0) + weight
            cues.setdefault(cid, []).extend(hits)
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
