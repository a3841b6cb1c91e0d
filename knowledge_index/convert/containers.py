"""Zip archives become child documents, behind guards a hostile archive cannot talk its way past."""

from __future__ import annotations

import io
import zipfile

from pydantic import BaseModel, Field

from knowledge_index.convert.model import ChildDocument
from knowledge_index.errors import UnsupportedDocument

_READ_CHUNK = 1024 * 1024


class ContainerLimits(BaseModel):
    max_entries: int = Field(default=10_000, ge=1)
    max_total_bytes: int = Field(default=2 * 1024**3, ge=1, description="Expanded, all levels.")
    max_entry_bytes: int = Field(default=512 * 1024**2, ge=1)
    max_ratio: float = Field(default=200.0, gt=1, description="Expanded / compressed per entry.")
    max_depth: int = Field(default=3, ge=1, description="Zips inside zips, counting the outer.")


class _Budget:
    """Running totals across every nesting level, so a bomb cannot split itself to hide."""

    def __init__(self, limits: ContainerLimits) -> None:
        self.limits = limits
        self.entries = 0
        self.total = 0


def _reject(filename: str, cause: str) -> UnsupportedDocument:
    return UnsupportedDocument(f"zip archive {filename!r} rejected: {cause}")


def _read_entry(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, budget: _Budget, top: str
) -> bytes:
    limits = budget.limits
    # Declared sizes are checked first (cheap), then enforced while inflating because a
    # crafted header can lie about them.
    if info.file_size > limits.max_entry_bytes:
        raise _reject(
            top,
            f"entry {info.filename!r} expands to {info.file_size} bytes "
            f"(limit {limits.max_entry_bytes})",
        )
    # Small files may legitimately compress very well; the ratio only matters at bomb scale.
    ratio = info.file_size / max(info.compress_size, 1)
    if info.file_size > _READ_CHUNK and ratio > limits.max_ratio:
        raise _reject(
            top,
            f"entry {info.filename!r} has compression ratio "
            f"{ratio:.0f}:1 (limit {limits.max_ratio:.0f}:1)"
            " — looks like a zip bomb",
        )
    out = io.BytesIO()
    try:
        with archive.open(info) as stream:
            while chunk := stream.read(_READ_CHUNK):
                out.write(chunk)
                budget.total += len(chunk)
                size = out.tell()
                if size > limits.max_entry_bytes:
                    raise _reject(
                        top, f"entry {info.filename!r} inflates past {limits.max_entry_bytes} bytes"
                    )
                if budget.total > limits.max_total_bytes:
                    raise _reject(
                        top,
                        f"archive inflates past {limits.max_total_bytes} bytes "
                        "in total — looks like a zip bomb",
                    )
                if size > max(info.compress_size, 1) * limits.max_ratio and size > _READ_CHUNK:
                    raise _reject(
                        top,
                        f"entry {info.filename!r} inflates beyond ratio "
                        f"{limits.max_ratio:.0f}:1 — looks like a zip bomb",
                    )
    except RuntimeError as exc:  # zipfile raises RuntimeError for encrypted entries
        raise _reject(top, f"entry {info.filename!r} is encrypted ({exc})") from exc
    except (zipfile.BadZipFile, EOFError, OSError, NotImplementedError) as exc:
        raise _reject(top, f"entry {info.filename!r} is corrupt ({exc})") from exc
    return out.getvalue()


def _walk(data: bytes, budget: _Budget, depth: int, top: str) -> list[tuple[str, bytes]]:
    limits = budget.limits
    if depth > limits.max_depth:
        raise _reject(top, f"zips nested deeper than {limits.max_depth} levels")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError) as exc:
        raise _reject(top, f"not a readable zip ({exc})") from exc
    with archive:
        entries = [info for info in archive.infolist() if not info.is_dir()]
        budget.entries += len(entries)
        if budget.entries > limits.max_entries:
            raise _reject(top, f"more than {limits.max_entries} entries")
        declared = sum(info.file_size for info in entries)
        if budget.total + declared > limits.max_total_bytes:
            raise _reject(
                top,
                f"declares {declared} expanded bytes "
                f"(limit {limits.max_total_bytes}) — looks like a zip bomb",
            )
        children: list[tuple[str, bytes]] = []
        for info in entries:
            payload = _read_entry(archive, info, budget, top)
            if zipfile.is_zipfile(io.BytesIO(payload)) and not _is_ooxml(payload):
                # Validated now so the whole tree is bounded; converted later as its own child.
                _walk(payload, budget, depth + 1, top)
            children.append((info.filename, payload))
        return children


def _is_ooxml(payload: bytes) -> bool:
    try:
        with zipfile.ZipFile(io.BytesIO(payload)) as archive:
            return "[Content_Types].xml" in archive.namelist()
    except (zipfile.BadZipFile, OSError):
        return False


def expand_zip(data: bytes, filename: str, limits: ContainerLimits) -> list[ChildDocument]:
    """The archive's files as children, after checking the whole nested tree against `limits`."""
    budget = _Budget(limits)
    return [
        ChildDocument(filename=name, data=payload, relation="zip_entry")
        for name, payload in _walk(data, budget, 1, filename)
    ]


def zip_listing(children: list[ChildDocument]) -> str:
    """The text a zip contributes itself: its table of contents, not its members' bytes."""
    return "\n".join(f"{child.filename} ({len(child.data)} bytes)" for child in children)
