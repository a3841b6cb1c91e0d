"""The folder neighbourhood of a file, rendered for the model.

The file's own folder in full, two levels up and two levels down; folders off the ancestor
spine appear by name with a size hint. Children of containers (`a.eml!/b.pdf`) are left out:
they live inside their parent, not in the folder.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, text

from knowledge_index.objects import store as objects

MAX_ENTRIES = 60
KNOWN_TITLES = 200


def _children(
    conn: Connection, source_id: str, folder: str, cache: dict[str, Any]
) -> list[tuple[str, int, bool]]:
    """(name, files below, is_file) for the immediate children of `folder` ('' = root)."""
    key = f"folder:{source_id}:{folder}"
    if key in cache:
        return cache[key]
    out = [(e.name, e.files, e.is_file) for e in objects.folder_entries(conn, source_id, folder)]
    cache[key] = out
    return out


def _like(prefix: str) -> str:
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _join(folder: str, name: str) -> str:
    return f"{folder}/{name}" if folder else name


def neighbourhood(
    conn: Connection, source_id: str, path: str, cache: dict[str, Any] | None = None
) -> str:
    cache = cache if cache is not None else {}
    parts = path.split("/")
    own = "/".join(parts[:-1])
    spine = parts[:-1]
    top_depth = max(0, len(spine) - 2)
    top = "/".join(spine[:top_depth])
    lines = [f"{top or '(source root)'}/"]

    def render(folder: str, depth_below_own: int | None, indent: int) -> None:
        entries = _children(conn, source_id, folder, cache)
        shown = 0
        for name, files, is_file in entries:
            if shown >= MAX_ENTRIES:
                lines.append("  " * indent + f"... and {len(entries) - shown} more")
                break
            shown += 1
            child = _join(folder, name)
            if is_file:
                if depth_below_own is not None:  # files only in and under the own folder
                    mark = "   <- this file" if child == path else ""
                    lines.append("  " * indent + name + mark)
                else:
                    shown -= 1
                continue
            on_spine = own == child or own.startswith(child + "/")
            if on_spine:
                mark = "   <- this file's folder" if child == own else ""
                lines.append("  " * indent + f"{name}/ ({files} files){mark}")
                render(child, 0 if child == own else None, indent + 1)
            elif depth_below_own is not None and depth_below_own < 2:
                lines.append("  " * indent + f"{name}/ ({files} files)")
                render(child, depth_below_own + 1, indent + 1)
            else:
                lines.append("  " * indent + f"{name}/ ({files} files)")

    render(top, 0 if top == own else None, 1)
    return "\n".join(lines)


def known_titles(
    conn: Connection, source_id: str, path: str, limit: int = KNOWN_TITLES
) -> list[str]:
    """Titles of documents near the file (one level up), with their matter when known."""
    parts = path.split("/")
    base = "/".join(parts[: max(0, len(parts) - 2)])
    prefix = f"{base}/" if base else ""
    rows = conn.execute(
        text(
            "SELECT o.path, d.title, m.reference_number FROM source_objects o"
            " LEFT JOIN document_metadata d ON d.source_object_id = o.id"
            " LEFT JOIN matter_assignments a ON a.source_object_id = o.id"
            " LEFT JOIN matters m ON m.id = a.matter_id"
            " WHERE o.source_id = :s AND o.deleted_at IS NULL AND o.parent_id IS NULL"
            " AND o.path LIKE :like AND o.path <> :path ORDER BY o.path LIMIT :n"
        ),
        {"s": source_id, "like": _like(prefix) + "%", "path": path, "n": limit},
    ).all()
    out = []
    for p, title, ref in rows:
        label = title or p.rsplit("/", 1)[-1]
        out.append(f"{p} | {label}" + (f" | matter {ref}" if ref else ""))
    return out
