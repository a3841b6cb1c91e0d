"""E-mail threading (JWZ): parents from Message-ID / In-Reply-To / References, subject last.

Headers decide whenever they name a known message; the subject only links a message whose
headers name nothing, and only to an earlier message with overlapping participants sent within
SUBJECT_WINDOW: two unrelated threads that happen to share "Vertrag" as subject stay apart.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any, Final, Literal

from pydantic import BaseModel

SUBJECT_WINDOW: Final = dt.timedelta(days=14)
_PREFIX = re.compile(r"^\s*((re|aw|wg|fw|fwd|antw|antwort|sv|tr)\s*(\[\d+\])?\s*:\s*)+", re.I)

Method = Literal["in_reply_to", "references", "subject", "root"]


class Message(BaseModel):
    source_object_id: str
    message_id: str | None = None
    in_reply_to: str | None = None
    references: list[str] = []
    subject: str = ""
    participants: list[str] = []
    sent_at: dt.datetime | None = None

    @classmethod
    def from_headers(cls, source_object_id: str, email: dict[str, Any]) -> Message:
        sent = email.get("date")
        if isinstance(sent, str):
            try:
                sent = dt.datetime.fromisoformat(sent)
            except ValueError:
                sent = None
        return cls(
            source_object_id=source_object_id,
            message_id=email.get("message_id"),
            in_reply_to=email.get("in_reply_to"),
            references=list(email.get("references") or []),
            subject=email.get("subject") or "",
            participants=[p.lower() for p in email.get("participants") or []],
            sent_at=sent,
        )


def normalize_subject(subject: str) -> str:
    return re.sub(r"\s+", " ", _PREFIX.sub("", subject or "")).strip().lower()


def named_parents(msg: Message) -> list[tuple[str, Method]]:
    """Ids that may name the parent, strongest first: In-Reply-To, then References newest first."""
    out: list[tuple[str, Method]] = []
    if msg.in_reply_to:
        out.append((msg.in_reply_to, "in_reply_to"))
    for ref in reversed(msg.references):
        if ref != msg.message_id and all(ref != r for r, _ in out):
            out.append((ref, "references"))
    return out


def subject_parent_ok(child: Message, candidate: Message) -> bool:
    if not child.subject or normalize_subject(child.subject) != normalize_subject(
        candidate.subject
    ):
        return False
    if not set(child.participants) & set(candidate.participants):
        return False
    if child.sent_at is None or candidate.sent_at is None:
        return False
    gap = _aware(child.sent_at) - _aware(candidate.sent_at)
    return dt.timedelta(0) < gap <= SUBJECT_WINDOW


def _aware(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)


def choose_parent(
    msg: Message,
    lookup: Callable[[str], Message | None],
    subject_candidates: Callable[[], list[Message]],
) -> tuple[Message | None, Method]:
    for mid, method in named_parents(msg):
        parent = lookup(mid)
        if parent is not None and parent.source_object_id != msg.source_object_id:
            return parent, method
    if named_parents(msg):
        # Headers name a parent we have not seen: it will adopt this message when it arrives.
        return None, "root"
    fits = [c for c in subject_candidates() if subject_parent_ok(msg, c)]
    if fits:
        fits.sort(key=lambda c: _aware(c.sent_at or dt.datetime.min.replace(tzinfo=dt.UTC)))
        return fits[-1], "subject"
    return None, "root"
