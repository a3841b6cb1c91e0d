"""Tracked-changes lineage: which version a redline was made against, and which one accepted it.

A redline's deleted text was in the version it was made against and its inserted text was not;
the next version holds the inserted text and has lost the deleted text. `text` of a converted
document is its accepted view (insertions in, deletions out).
"""

from __future__ import annotations

import re
from typing import Any, Final

DIGEST_REVISIONS: Final = 40
DIGEST_CHARS: Final = 4_000
MIN_CHANGE_CHARS: Final = 4
_DELETES: Final = frozenset({"delete", "paragraph_delete", "move_from"})
_INSERTS: Final = frozenset({"insert", "paragraph_insert", "move_to"})
_SPACE = re.compile(r"\s+")


def norm(text: str) -> str:
    return _SPACE.sub(" ", text).strip().lower()


def digest(
    revisions: list[dict[str, Any]],
    comments: list[dict[str, Any]] | None = None,
    *,
    limit: int = DIGEST_REVISIONS,
    chars: int = DIGEST_CHARS,
) -> dict[str, Any]:
    """Longest changes first, bounded, with the total so the reader knows what was left out."""
    ranked = sorted(
        (r for r in revisions if (r.get("text") or "").strip()),
        key=lambda r: (-len(r.get("text") or ""), r.get("paragraph_index") or 0),
    )
    shown: list[dict[str, Any]] = []
    used = 0
    for r in ranked[:limit]:
        snippet = (r.get("text") or "").strip()[:600]
        if used + len(snippet) > chars:
            break
        used += len(snippet)
        shown.append({"kind": r.get("kind"), "author": r.get("author"), "text": snippet})
    out: dict[str, Any] = {"total": len(revisions), "shown": len(shown), "revisions": shown}
    if comments:
        out["comments_total"] = len(comments)
        out["comments"] = [
            {"author": c.get("author"), "text": (c.get("text") or "")[:300]} for c in comments[:10]
        ]
    return out


def _changes(revisions: list[dict[str, Any]], kinds: frozenset[str]) -> list[str]:
    out = []
    for r in revisions:
        if r.get("kind") in kinds:
            t = norm(r.get("text") or "")
            if len(t) >= MIN_CHANGE_CHARS:
                out.append(t)
    return out


def made_against_score(revisions: list[dict[str, Any]], candidate_text: str) -> float:
    """How well `candidate_text` fits as the version these tracked changes were made against."""
    deleted, inserted = _changes(revisions, _DELETES), _changes(revisions, _INSERTS)
    if not deleted and not inserted:
        return 0.0
    base = norm(candidate_text)
    hits = sum(1 for d in deleted if d in base) + sum(1 for i in inserted if i not in base)
    return hits / (len(deleted) + len(inserted))


def accepted_by_score(revisions: list[dict[str, Any]], candidate_text: str) -> float:
    """How well `candidate_text` fits as the version that accepted these tracked changes."""
    deleted, inserted = _changes(revisions, _DELETES), _changes(revisions, _INSERTS)
    if not inserted:
        return 0.0  # deletions alone cannot tell "accepted" from "unrelated"
    nxt = norm(candidate_text)
    hits = sum(1 for i in inserted if i in nxt) + sum(1 for d in deleted if d not in nxt)
    return hits / (len(deleted) + len(inserted))
