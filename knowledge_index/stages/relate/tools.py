"""The relate agent's tools; each opens its own short connection (a model turn can take minutes).

Refs: `open_file` is the only tool that returns a file's `ref`, so the validator can demand that
every submitted target was actually read.
"""

from __future__ import annotations

import re
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Engine, text

from knowledge_index.matters.folders import _like
from knowledge_index.matters.search import Page
from knowledge_index.objects import store as objects
from knowledge_index.relations import corpus, lineage
from knowledge_index.relations.cues import heading
from knowledge_index.stages.base import Readiness

OPEN_DEFAULT: Final = 6_000
OPEN_MAX: Final = 20_000
SEARCH_TEXT_CHARS: Final = 20_000
_WORD = re.compile(r"\w{3,}", re.UNICODE)


class ListFolderArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    path: str = Field("/", description="Folder path relative to the source root; / is the root.")


class SearchDocumentsArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1, description="Title words, a date, a party, a subject.")
    limit: int = Field(10, ge=1, le=50)
    offset: int = Field(0, ge=0)


class OpenFileArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    path: str = Field(description="File path exactly as listed or found.")
    offset: int = Field(0, ge=0)
    max_chars: int = Field(OPEN_DEFAULT, ge=200, le=OPEN_MAX)


def list_folder(
    engine: Engine, source_id: str, path: str, cache: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A folder's subfolders and files; with `cache` (a claim chunk's), each folder is read once.

    The evidence lists the file's own folder, its parent and its subfolders, and the model
    lists them again: neighbours in one folder share all of them. Files appear and vanish
    through a sync, not through relate, so a claim chunk may keep what it read.
    """
    folder = path.strip().strip("/")
    prefix = f"{folder}/" if folder else ""
    key = f"relate:folder:{source_id}:{folder}"
    entries = cache.get(key) if cache is not None else None
    if entries is None:
        with engine.connect() as conn:
            entries = objects.folder_entries(conn, source_id, folder)
        if cache is not None:
            cache[key] = entries
    folders = [{"name": e.name, "files": e.files} for e in entries if not e.is_file]
    files = [f"{prefix}{e.name}" for e in entries if e.is_file]
    return {"path": folder or "/", "folders": folders, "files": files}


def search_documents(
    engine: Engine, source_id: str, query: str, limit: int, offset: int
) -> dict[str, Any]:
    """Title, filename and text matches over converted files, ranked whole before the page cut."""
    terms = sorted({w.lower() for w in _WORD.findall(query)})
    if not terms:
        return {"results": [], "page": Page.window(offset, limit, 0, 0).model_dump()}
    likes = {f"t{i}": f"%{_like(t)}%" for i, t in enumerate(terms)}
    # The file name, not the folder: every file of a matter folder would match its title.
    any_term = " OR ".join(
        f"substring(o.path from '[^/]*$') ILIKE :{k} OR art.body->>'text' ILIKE :{k}" for k in likes
    )
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT o.path, left(art.body->>'text', :n), m.reference_number, o.seq"
                " FROM source_objects o"
                " JOIN artifacts art ON art.kind = 'structured_json'"
                " AND art.content_hash = o.content_hash"
                " LEFT JOIN matter_assignments a ON a.source_object_id = o.id"
                " LEFT JOIN matters m ON m.id = a.matter_id"
                f" WHERE o.source_id = :s AND o.deleted_at IS NULL AND ({any_term})"
            ),
            {"s": source_id, "n": SEARCH_TEXT_CHARS, **likes},
        ).all()
    scored = []
    for path, body, ref, seq in rows:
        title = heading(body or "")
        low_title, low_body = title.lower(), (body or "").lower()
        low_path = path.rsplit("/", 1)[-1].lower()
        score = sum(
            3.0 * (t in low_title) + 2.0 * (t in low_path) + 1.0 * (t in low_body) for t in terms
        )
        scored.append((score, seq, path, title, ref))
    scored.sort(key=lambda s: (-s[0], s[1]))
    page = scored[offset : offset + limit]
    results = [
        {"path": p, "title": t, "matter": r, "score": round(s / len(terms), 3)}
        for s, _, p, t, r in page
    ]
    return {
        "results": results,
        "page": Page.window(offset, limit, len(results), len(scored)).model_dump(),
    }


def open_file(
    engine: Engine,
    readiness: Readiness,
    source_id: str,
    path: str,
    offset: int,
    max_chars: int,
    cache: dict[str, Any] | None = None,
) -> dict[str, Any]:
    with engine.connect() as conn:
        source_object_id = objects.live_id_at_path(conn, source_id, path.strip())
    if source_object_id is None:
        return {"path": path, "status": "not_found"}
    status = readiness.ensure_ready(source_object_id)
    if status != "ready":
        # No ref: a file that could not be read cannot be submitted as a target.
        return {"path": path, "status": status}
    with engine.connect() as conn:
        doc = corpus.documents(conn, [source_object_id])[source_object_id]
        body = corpus.cached_body_of(conn, doc.content_hash, cache) or {}
    full = body.get("text") or ""
    chunk = full[offset : offset + max_chars]
    end = offset + len(chunk)
    out: dict[str, Any] = {
        "ref": source_object_id,
        "path": path,
        "status": "ready",
        "has_matter": doc.matter_id is not None,
        "format": body.get("format"),
        "heading": heading(full),
        "offset": offset,
        "returned_chars": len(chunk),
        "total_chars": len(full),
        "has_more": end < len(full),
        "next_offset": end if end < len(full) else None,
        "text": chunk,
    }
    if body.get("revisions") or body.get("comments"):
        out["tracked_changes"] = lineage.digest(
            body.get("revisions") or [], body.get("comments") or []
        )
    if isinstance(body.get("email"), dict):
        email = body["email"]
        out["email"] = {
            k: email.get(k)
            for k in ("message_id", "in_reply_to", "references", "subject", "date", "participants")
        }
    return out
