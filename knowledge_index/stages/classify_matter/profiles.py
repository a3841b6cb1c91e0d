"""What the documents filed in each matter folder say at their head: a matter's content profile.

A folder named only by number (a DMS export: `Workspace_104233/Matter_0009/Documents/
00041402_1.docx`) gives a loose file nothing to be matched against: no title, no telling file
names. The heads of the documents filed there do (the parties, the property, the project
name), so classify_matter's content mentions read them too (`mentions.rank_mentions`).

Only converted text enters a profile, never another document's classification, so a profile is
complete, and a loose file's answer the same in any processing order, once every filed document
of the source has settled its conversion: classify_matter waits for that (`unconverted_filed`),
and a document in a matter folder converted later reopens the loose files decided without it
(`reopen_blind_loose`), and the matter's correspondence whose parties were read without its party
clause (`extract_metadata.matter_parties.reopen_blind_naming`).
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import Connection, text

from knowledge_index.entities.names import register_numbers
from knowledge_index.ledger.states import WAITING
from knowledge_index.ledger.store import reopen_stage
from knowledge_index.matters.discovery import MatterConvention
from knowledge_index.stages.classify_matter import STAGE

HEAD_CHARS: Final = 600
# Register numbers are read further in: a share deal names its target company after the parties.
NUMBERS_CHARS: Final = 8_000


def folder_of(path: str, folders: set[str]) -> str | None:
    """The deepest matter folder that holds `path`, if any."""
    parts = path.split("/")
    for i in range(len(parts) - 1, 0, -1):
        head = "/".join(parts[:i])
        if head in folders:
            return head
    return None


def matter_folder_paths(convention: MatterConvention) -> set[str]:
    return {m.path for m in convention.matter_folders}


def filed_heads(
    conn: Connection, source_id: str, convention: MatterConvention
) -> tuple[dict[str, list[str]], dict[str, set[str]]]:
    """Matter folder -> the converted heads of the live documents filed below it (path order),
    and matter folder -> the company register numbers those documents carry."""
    wanted = matter_folder_paths(convention)
    heads: dict[str, list[str]] = {f: [] for f in wanted}
    numbers: dict[str, set[str]] = {f: set() for f in wanted}
    if not wanted:
        return heads, numbers
    rows = conn.execute(
        text(
            "SELECT o.path, left(a.body->>'text', :n) FROM source_objects o"
            " JOIN artifacts a ON a.kind = 'structured_json' AND a.content_hash = o.content_hash"
            " WHERE o.source_id = :s AND o.deleted_at IS NULL ORDER BY o.path"
        ),
        {"s": source_id, "n": NUMBERS_CHARS},
    )
    for path, body in rows:
        folder = folder_of(path, wanted)
        if folder is not None and body:
            heads[folder].append(body[:HEAD_CHARS])
            numbers[folder] |= register_numbers(body)
    return heads, numbers


def unconverted_filed(conn: Connection, source_id: str, convention: MatterConvention) -> int:
    """Live documents in matter folders whose conversion is still owed (not yet settled)."""
    wanted = matter_folder_paths(convention)
    if not wanted:
        return 0
    rows = conn.execute(
        text(
            "SELECT o.path FROM source_objects o JOIN processing_state p"
            " ON p.source_object_id = o.id AND p.stage = 'convert'"
            " WHERE o.source_id = :s AND o.deleted_at IS NULL"
            " AND (p.status IN ('pending', 'running', 'failed')"
            " OR (p.status = 'skipped' AND p.reason = :w))"
        ),
        {"s": source_id, "w": WAITING},
    )
    return sum(folder_of(path, wanted) is not None for (path,) in rows)


def reopen_blind_loose(
    conn: Connection, source_id: str, convention: MatterConvention, filed_id: str
) -> list[str]:
    """Called as a filed document is classified: the source's loose files (outside every
    matter folder) that decided before its conversion settled never saw its text, and are owed
    classify_matter again. In a first sync none are (loose files wait for every conversion)."""
    wanted = matter_folder_paths(convention)
    rows = conn.execute(
        text(
            "SELECT o.id, o.path FROM source_objects o JOIN processing_state p"
            " ON p.source_object_id = o.id AND p.stage = :stage AND p.status = 'done'"
            " WHERE o.source_id = :s AND o.deleted_at IS NULL AND o.parent_id IS NULL"
            " AND p.updated_at < (SELECT c.updated_at FROM processing_state c"
            "   WHERE c.source_object_id = :filed AND c.stage = 'convert')"
        ),
        {"s": source_id, "stage": STAGE.name, "filed": filed_id},
    )
    loose = sorted(i for i, p in rows if folder_of(p, wanted) is None)
    return reopen_stage(conn, loose, STAGE.name)
