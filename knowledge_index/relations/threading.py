"""E-mail thread membership in Postgres: plan (read-only) before the locks, apply under them."""

from __future__ import annotations

import uuid
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, text

from knowledge_index.objects import store as objects
from knowledge_index.relations import corpus
from knowledge_index.relations.store import insert_relation
from knowledge_index.relations.threads import Message, choose_parent, normalize_subject

ADOPTABLE = ("root", "subject")


class ThreadPlan(BaseModel):
    message: Message
    parent_id: str | None = None
    method: str = "root"
    adopt: list[tuple[str, str]] = []  # (child id, method)

    @property
    def touched(self) -> set[str]:
        return {self.parent_id, *(c for c, _ in self.adopt)} - {None}  # type: ignore[return-value]


def _member(conn: Connection, source_object_id: str) -> dict[str, Any] | None:
    row = (
        conn.execute(
            text("SELECT * FROM thread_members WHERE source_object_id = :s"),
            {"s": source_object_id},
        )
        .mappings()
        .first()
    )
    return dict(row) if row else None


def plan(
    conn: Connection, source_object_id: str, email: dict[str, Any], matter_id: str
) -> ThreadPlan:
    msg = Message.from_headers(source_object_id, email)
    bodies: dict[str, dict[str, Any]] = {}

    def lookup(mid: str) -> Message | None:
        found = corpus.emails_by_message_id(conn, [mid])
        other = found.get(mid)
        if other is None or other == source_object_id:
            return None
        return Message(source_object_id=other, message_id=mid)

    def subject_candidates() -> list[Message]:
        out = []
        for other, headers in corpus.matter_emails(conn, matter_id):
            if other != source_object_id:
                bodies[other] = headers
                out.append(Message.from_headers(other, headers))
        return out

    parent, method = choose_parent(msg, lookup, subject_candidates)
    adopt: list[tuple[str, str]] = []
    if msg.message_id:
        for child, headers in corpus.emails_naming(conn, msg.message_id):
            if child == source_object_id:
                continue
            row = _member(conn, child)
            if row is None:
                continue  # not related yet: it finds me through its own headers
            how = "in_reply_to" if headers.get("in_reply_to") == msg.message_id else "references"
            closer = how == "in_reply_to" and row["method"] == "references"
            waiting = row["parent_source_object_id"] is None or row["method"] in ADOPTABLE
            if (waiting or closer) and row["parent_source_object_id"] != source_object_id:
                adopt.append((child, how))
    return ThreadPlan(
        message=msg,
        parent_id=parent.source_object_id if parent else None,
        method=method,
        adopt=adopt,
    )


def _new_thread(conn: Connection, matter_id: str | None, subject: str, root: str | None) -> str:
    tid = f"thr-{root or 'x'}"[:60]
    exists = conn.execute(text("SELECT 1 FROM communication_threads WHERE id = :t"), {"t": tid})
    if exists.first():
        tid = f"thr-{uuid.uuid4().hex[:16]}"
    conn.execute(
        text(
            "INSERT INTO communication_threads (id, matter_id, subject, root_message_id)"
            " VALUES (:t, :m, :s, :r)"
        ),
        {"t": tid, "m": matter_id, "s": normalize_subject(subject)[:300], "r": root},
    )
    return tid


def _merge(conn: Connection, into: str, other: str) -> None:
    if into == other:
        return
    conn.execute(
        text("UPDATE thread_members SET thread_id = :i, updated_at = now() WHERE thread_id = :o"),
        {"i": into, "o": other},
    )
    conn.execute(text("DELETE FROM communication_threads WHERE id = :o"), {"o": other})


def _upsert_member(
    conn: Connection, msg: Message, thread: str, parent: str | None, method: str
) -> None:
    conn.execute(
        text(
            "INSERT INTO thread_members (source_object_id, thread_id, message_id,"
            " parent_source_object_id, sent_at, method) VALUES (:s, :t, :mid, :p, :at, :m)"
            " ON CONFLICT (source_object_id) DO UPDATE SET thread_id = EXCLUDED.thread_id,"
            " message_id = EXCLUDED.message_id,"
            " parent_source_object_id = EXCLUDED.parent_source_object_id,"
            " sent_at = EXCLUDED.sent_at, method = EXCLUDED.method, updated_at = now()"
        ),
        {
            "s": msg.source_object_id,
            "t": thread,
            "mid": msg.message_id,
            "p": parent,
            "at": msg.sent_at,
            "m": method,
        },
    )


def apply(conn: Connection, p: ThreadPlan, matter_id: str | None, producer_version: str) -> str:
    """Write my membership, my parent's (as a root if it has none) and adopt waiting replies."""
    msg = p.message
    mine = _member(conn, msg.source_object_id)
    thread: str
    if p.parent_id is not None:
        parent_row = _member(conn, p.parent_id)
        if parent_row is None:
            headers = (corpus.body_of(conn, _hash(conn, p.parent_id)) or {}).get("email") or {}
            pmsg = Message.from_headers(p.parent_id, headers)
            thread = _new_thread(conn, matter_id, pmsg.subject, pmsg.message_id)
            _upsert_member(conn, pmsg, thread, None, "root")
        else:
            thread = parent_row["thread_id"]
        if mine is not None:
            _merge(conn, thread, mine["thread_id"])
    elif mine is not None:
        thread = mine["thread_id"]
    else:
        thread = _new_thread(conn, matter_id, msg.subject, msg.message_id)
    _upsert_member(conn, msg, thread, p.parent_id, p.method)
    if p.parent_id is not None:
        _link_parent(
            conn,
            msg.source_object_id,
            p.parent_id,
            p.method,
            {"method": p.method, "message_id": msg.message_id},
            producer_version,
        )
    for child, how in p.adopt:
        row = _member(conn, child)
        if row is None:
            continue
        _merge(conn, thread, row["thread_id"])
        conn.execute(
            text(
                "UPDATE thread_members SET parent_source_object_id = :p, method = :m,"
                " thread_id = :t, updated_at = now() WHERE source_object_id = :c"
            ),
            {"p": msg.source_object_id, "m": how, "t": thread, "c": child},
        )
        conn.execute(
            text(
                "DELETE FROM relations WHERE source_object_id = :c"
                " AND relation IN ('in_thread_with', 'responds_to')"
            ),
            {"c": child},
        )
        _link_parent(
            conn,
            child,
            msg.source_object_id,
            how,
            {"method": how, "adopted": True},
            producer_version,
        )
    _refresh_root(conn, thread)
    return thread


def _link_parent(
    conn: Connection,
    child: str,
    parent: str,
    method: str,
    evidence: dict[str, Any],
    producer_version: str,
) -> None:
    """A reply is in its parent's thread and answers it: both edges, one decision.

    `in_thread_with` carries the thread structure; `responds_to` is the typed relation a reader
    asks for ("what does this mail answer?"), the same one a letter answering a letter has.
    """
    by_subject = method == "subject"
    for relation in ("in_thread_with", "responds_to"):
        insert_relation(
            conn,
            child,
            parent,
            relation,
            method="subject" if by_subject else "headers",
            confidence=0.7 if by_subject else 1.0,
            evidence=evidence,
            producer_version=producer_version,
        )


def _hash(conn: Connection, source_object_id: str) -> str | None:
    return objects.content_hash_of(conn, source_object_id)


def _refresh_root(conn: Connection, thread: str) -> None:
    conn.execute(
        text(
            "UPDATE communication_threads t SET root_message_id = r.message_id, updated_at = now()"
            " FROM (SELECT message_id FROM thread_members WHERE thread_id = :t"
            "  AND parent_source_object_id IS NULL ORDER BY sent_at NULLS LAST LIMIT 1) r"
            " WHERE t.id = :t"
        ),
        {"t": thread},
    )
