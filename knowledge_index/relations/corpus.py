"""What relate reads from the corpus: converted bodies, matter documents, MinHash neighbours."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, text

from knowledge_index.relations.cues import heading


@dataclass(frozen=True)
class DocRow:
    id: str
    path: str
    parent_id: str | None
    content_hash: str | None
    seq: int
    matter_id: str | None
    head: str
    format: str | None
    lead: str = ""
    mtime_ns: int | None = None
    # The end of its text, where a contract's signature block carries its signing date.
    tail: str = ""
    # Its text was read by OCR: a scan or photo of paper, not the document it shows (the test
    # `candidates.ocr_read` makes on a body, here in the row's SQL).
    scanned: bool = False


# How much of a document's end relate reads (`DocRow.tail`; targets.confirms reads as much).
# The artifacts table stores the first 600 and the last 400 characters of every converted text
# (sql/023_artifact_text_edges.sql), so a matter's list is read without its bodies.
TAIL_CHARS = 400
_DOC_COLUMNS = (
    "o.id, o.path, o.parent_id, o.content_hash, o.seq, a.matter_id, art.text_head,"
    " art.text_format, o.mtime_ns, art.text_tail, art.ocr_read"
)
_DOC_FROM = (
    " FROM source_objects o"
    " LEFT JOIN matter_assignments a ON a.source_object_id = o.id"
    " LEFT JOIN artifacts art ON art.kind = 'structured_json' AND art.content_hash = o.content_hash"
)


def _row(r: Any) -> DocRow:
    return DocRow(
        r[0],
        r[1],
        r[2],
        r[3],
        int(r[4]),
        r[5],
        heading(r[6] or ""),
        r[7],
        r[6] or "",
        r[8],
        r[9] or "",
        bool(r[10]),
    )


def matter_documents(conn: Connection, matter_id: str) -> list[DocRow]:
    """Every live, converted file assigned to the matter."""
    rows = conn.execute(
        text(
            f"SELECT {_DOC_COLUMNS}{_DOC_FROM}"
            " WHERE a.matter_id = :m AND o.deleted_at IS NULL AND art.body IS NOT NULL"
            " ORDER BY o.seq"
        ),
        {"m": matter_id},
    ).all()
    return [_row(r) for r in rows]


def documents(conn: Connection, ids: list[str]) -> dict[str, DocRow]:
    rows = conn.execute(
        text(f"SELECT {_DOC_COLUMNS}{_DOC_FROM} WHERE o.id = ANY(CAST(:ids AS text[]))"),
        {"ids": ids},
    ).all()
    return {r[0]: _row(r) for r in rows}


def same_hash(conn: Connection, content_hash: str, exclude: str) -> list[DocRow]:
    rows = conn.execute(
        text(
            f"SELECT {_DOC_COLUMNS}{_DOC_FROM}"
            # A mail attachment not fetched yet has only its observed hash.
            " WHERE (o.content_hash = :h OR (o.content_hash IS NULL AND o.observed_hash = :h))"
            " AND o.id <> :id AND o.deleted_at IS NULL ORDER BY o.seq"
        ),
        {"h": content_hash, "id": exclude},
    ).all()
    return [_row(r) for r in rows]


def body_of(conn: Connection, content_hash: str | None) -> dict[str, Any] | None:
    if not content_hash:
        return None
    return conn.execute(
        text("SELECT body FROM artifacts WHERE kind = 'structured_json' AND content_hash = :h"),
        {"h": content_hash},
    ).scalar_one_or_none()


def cached_body_of(
    conn: Connection, content_hash: str | None, cache: dict[str, Any] | None
) -> dict[str, Any] | None:
    """`body_of` through a claim chunk's cache: the files of one matter are each other's
    candidates, so each body would be read (and its JSON parsed) once per file relating.

    A body is the conversion of its bytes, so it cannot change under a content hash; a missing
    one is not remembered (relate may convert that file meanwhile). Callers only read it.
    """
    if cache is None or not content_hash:
        return body_of(conn, content_hash)
    key = f"relate:body:{content_hash}"
    body = cache.get(key)
    if body is None:
        body = body_of(conn, content_hash)
        if body is not None:
            cache[key] = body
    return body


def band_neighbours(
    conn: Connection, source_object_id: str, bands: list[str], matter_id: str
) -> list[tuple[str, list[int]]]:
    """Files of the matter sharing at least one LSH band with this signature."""
    rows = conn.execute(
        text(
            "SELECT s.source_object_id, s.signature FROM near_duplicate_signatures s"
            " JOIN matter_assignments a ON a.source_object_id = s.source_object_id"
            " JOIN source_objects o ON o.id = s.source_object_id"
            " WHERE s.band_keys && CAST(:bands AS text[]) AND s.source_object_id <> :id"
            " AND a.matter_id = :m AND o.deleted_at IS NULL"
        ),
        {"bands": bands, "id": source_object_id, "m": matter_id},
    ).all()
    return [(r[0], [int(v) for v in r[1]]) for r in rows]


def emails_by_message_id(conn: Connection, message_ids: list[str]) -> dict[str, str]:
    """message id -> source object id, for live files whose headers carry it."""
    if not message_ids:
        return {}
    out: dict[str, str] = {}
    for mid, source_object_id in conn.execute(
        text(
            "SELECT art.body->'email'->>'message_id', o.id FROM artifacts art"
            " JOIN source_objects o ON o.content_hash = art.content_hash"
            " WHERE art.kind = 'structured_json' AND o.deleted_at IS NULL"
            " AND art.body->'email'->>'message_id' = ANY(CAST(:ids AS text[]))"
            " ORDER BY o.seq"
        ),
        {"ids": message_ids},
    ):
        out.setdefault(mid, source_object_id)
    return out


def emails_naming(conn: Connection, message_id: str) -> list[tuple[str, dict[str, Any]]]:
    """Live e-mails whose In-Reply-To or References name this message id."""
    rows = conn.execute(
        text(
            "SELECT o.id, art.body->'email' FROM artifacts art"
            " JOIN source_objects o ON o.content_hash = art.content_hash"
            " WHERE art.kind = 'structured_json' AND o.deleted_at IS NULL"
            " AND (art.body->'email'->>'in_reply_to' = :mid"
            "  OR art.body->'email'->'references' ? :mid)"
            " ORDER BY o.seq"
        ),
        {"mid": message_id},
    ).all()
    return [(r[0], r[1] or {}) for r in rows]


def matter_emails(conn: Connection, matter_id: str) -> list[tuple[str, dict[str, Any]]]:
    rows = conn.execute(
        text(
            "SELECT o.id, art.body->'email' FROM source_objects o"
            " JOIN matter_assignments a ON a.source_object_id = o.id"
            " JOIN artifacts art ON art.kind = 'structured_json'"
            " AND art.content_hash = o.content_hash"
            " WHERE a.matter_id = :m AND o.deleted_at IS NULL AND art.body->'email' IS NOT NULL"
            " AND jsonb_typeof(art.body->'email') = 'object'"
        ),
        {"m": matter_id},
    ).all()
    return [(r[0], r[1]) for r in rows]


def containing(conn: Connection, matter_id: str, snippets: list[str], exclude: str) -> list[DocRow]:
    """Converted files of the matter whose text contains any snippet (a redline's base)."""
    if not snippets:
        return []
    likes = {f"s{i}": f"%{s}%" for i, s in enumerate(snippets)}
    cond = " OR ".join(f"art.body->>'text' ILIKE :{k}" for k in likes)
    rows = conn.execute(
        text(
            f"SELECT {_DOC_COLUMNS}{_DOC_FROM}"
            f" WHERE a.matter_id = :m AND o.id <> :x AND o.deleted_at IS NULL AND ({cond})"
            " ORDER BY o.seq LIMIT 20"
        ),
        {"m": matter_id, "x": exclude, **likes},
    ).all()
    return [_row(r) for r in rows]


def mentioning(conn: Connection, matter_id: str, pattern: str, exclude: str) -> set[str]:
    """Files of the matter whose text matches a POSIX regex (an annex label they cite)."""
    rows = conn.execute(
        text(
            "SELECT o.id FROM source_objects o"
            " JOIN matter_assignments a ON a.source_object_id = o.id"
            " JOIN artifacts art ON art.kind = 'structured_json'"
            " AND art.content_hash = o.content_hash"
            " WHERE a.matter_id = :m AND o.id <> :x AND o.deleted_at IS NULL"
            " AND art.body->>'text' ~* :p"
        ),
        {"m": matter_id, "x": exclude, "p": pattern},
    ).scalars()
    return set(rows)


def headed_like(conn: Connection, source_id: str, phrase: str, exclude: str) -> list[DocRow]:
    """Files of the source whose top names the phrase (a title cited from another matter)."""
    words = phrase.replace("\\", " ").replace("%", " ").replace("_", " ")
    rows = conn.execute(
        text(
            f"SELECT {_DOC_COLUMNS}{_DOC_FROM}"
            " WHERE o.source_id = :s AND o.id <> :x AND o.deleted_at IS NULL"
            " AND art.body IS NOT NULL AND art.text_head ILIKE :p"
            " ORDER BY o.path LIMIT 50"
        ),
        {"s": source_id, "x": exclude, "p": f"%{' '.join(words.split())}%"},
    ).all()
    return [_row(r) for r in rows]


def numbered(conn: Connection, source_id: str, pattern: str, exclude: str) -> list[DocRow]:
    """Files of the source whose name or top writes a document number (`doc_numbers.pattern`)."""
    rows = conn.execute(
        text(
            f"SELECT {_DOC_COLUMNS}{_DOC_FROM}"
            " WHERE o.source_id = :s AND o.id <> :x AND o.deleted_at IS NULL"
            " AND art.body IS NOT NULL AND (o.path ~* :p OR art.text_head ~* :p)"
            " ORDER BY o.path LIMIT 50"
        ),
        {"s": source_id, "x": exclude, "p": pattern},
    ).all()
    return [_row(r) for r in rows]


def visible_since(conn: Connection, source_object_id: str) -> dt.datetime | None:
    """When the file became part of its matter: its classification settled (after the
    assignment committed, so a read that began at or after this instant sees it)."""
    row = conn.execute(
        text(
            "SELECT updated_at FROM processing_state"
            " WHERE source_object_id = :x AND stage = 'classify_matter'"
        ),
        {"x": source_object_id},
    ).first()
    return row[0] if row else None


def related_before_visible(
    conn: Connection,
    source_object_id: str,
    matter_id: str,
    candidates: list[str],
    visible: dt.datetime,
) -> list[str]:
    """Files of the matter whose relate read it before this file became part of it (at
    `visible`), so they decided, or are deciding, without it: those it is a candidate of, and
    those that read cues a new file may answer.

    A decision's reads begin at its claim, not at its settle: a claim chunk reads the matter's
    documents once, before its first file decides, and a file settles after its write. So a
    relate that settled after this file joined may still have decided without it; judged by
    when it settled, it would keep that decision (one worker relating while another still
    classifies). A relate still running and claimed before `visible` is blind in the same way
    (its decision may even be written already); it has no cue count yet when it has written
    nothing, so it counts as reading cues."""
    rows = conn.execute(
        text(
            "SELECT y.source_object_id FROM processing_state y"
            " JOIN matter_assignments a ON a.source_object_id = y.source_object_id"
            " LEFT JOIN document_versions v ON v.source_object_id = y.source_object_id"
            " WHERE y.stage = 'relate' AND a.matter_id = :m AND y.source_object_id <> :x"
            " AND ((y.status = 'done' AND v.source_object_id IS NOT NULL"
            # A decision stored before decisions recorded their claim: when it settled.
            "   AND COALESCE(CAST(v.provenance->>'claimed_at' AS timestamptz), y.updated_at)"
            "   < :visible)"
            "  OR (y.status = 'running' AND y.claimed_at < :visible))"
            " AND (y.source_object_id = ANY(CAST(:cands AS text[]))"
            "  OR COALESCE(CAST(v.provenance->>'cues' AS int),"
            "   CASE WHEN y.status = 'running' THEN 1 ELSE 0 END) > 0)"
            " ORDER BY y.source_object_id"
        ),
        {"m": matter_id, "x": source_object_id, "cands": candidates, "visible": visible},
    ).scalars()
    return list(rows)


def documents_at(conn: Connection, source_id: str, paths: list[str]) -> list[DocRow]:
    """The live files of the source at these paths (candidates name their files by path)."""
    if not paths:
        return []
    rows = conn.execute(
        text(
            f"SELECT {_DOC_COLUMNS}{_DOC_FROM}"
            " WHERE o.source_id = :s AND o.deleted_at IS NULL"
            " AND o.path = ANY(CAST(:paths AS text[]))"
        ),
        {"s": source_id, "paths": paths},
    ).all()
    return [_row(r) for r in rows]


def cached_texts(
    conn: Connection, content_hashes: list[str], cache: dict[str, Any]
) -> dict[str, str]:
    """The converted texts of these contents, in one query for those not read yet: a scan is
    compared with every document of its matter, and their whole bodies (tables, revisions,
    markup) are not needed for that. Cached like `cached_body_of`, under its own key."""
    missing = sorted({h for h in content_hashes if f"relate:text:{h}" not in cache})
    if missing:
        rows = conn.execute(
            text(
                "SELECT content_hash, body->>'text' FROM artifacts"
                " WHERE kind = 'structured_json' AND content_hash = ANY(CAST(:h AS text[]))"
            ),
            {"h": missing},
        )
        for content_hash, body_text in rows:
            cache[f"relate:text:{content_hash}"] = body_text or ""
    return {h: cache[f"relate:text:{h}"] for h in content_hashes if f"relate:text:{h}" in cache}
