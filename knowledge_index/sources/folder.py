"""A folder on disk as a source. Paths are the ids, so a move is a delete plus a create."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from knowledge_index.sources.base import (
    AccessGrants,
    ChangeBatch,
    Observation,
    SourceCapabilities,
    Unsupported,
)

# A small per-folder grants file: {"allow": ["group:litigation"], "deny": ["user:bob"]}.
# Grants accumulate down the tree; deny always wins at query time.
ACL_FILENAME = ".ki-acl.json"
IGNORED_NAMES = frozenset({ACL_FILENAME, ".DS_Store", "Thumbs.db", "desktop.ini"})


class FolderSource:
    kind = "folder"
    capabilities = SourceCapabilities(acl=True, webhooks=True)

    def __init__(self, root: Path | str, default_acl: AccessGrants | None = None) -> None:
        self.root = Path(root).resolve()
        self.default_acl = default_acl or AccessGrants()
        self._acl_cache: dict[Path, AccessGrants] = {}

    def _check_root(self) -> None:
        # A missing root is a failed mount, not an empty estate: never read it as "all deleted".
        if not self.root.is_dir():
            raise FileNotFoundError(f"source folder {self.root} does not exist or is not a folder")

    def full_scan(self) -> Iterator[Observation]:
        self._check_root()
        self._acl_cache.clear()
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            folder = Path(dirpath)
            for name in sorted(filenames):
                if name in IGNORED_NAMES or name.startswith("~$"):
                    continue
                path = folder / name
                try:
                    st = path.stat()
                except FileNotFoundError:
                    continue  # vanished mid-scan: absent from this scan, nothing else
                if not path.is_file():
                    continue
                rel = path.relative_to(self.root).as_posix()
                yield Observation(
                    external_id=rel,
                    path=rel,
                    size_bytes=st.st_size,
                    mtime_ns=st.st_mtime_ns,
                    acl=self._folder_acl(folder),
                )

    def changes(self, cursor: str | None) -> ChangeBatch:
        raise Unsupported("a folder has no change feed; the engine diffs full scans")

    def fetch(self, external_id: str) -> BinaryIO:
        return self._resolve(external_id).open("rb")

    def acl(self, external_id: str) -> AccessGrants | None:
        return self._folder_acl(self._resolve(external_id).parent)

    def _resolve(self, external_id: str) -> Path:
        rel = PurePosixPath(external_id)
        if rel.is_absolute() or ".." in rel.parts:
            raise ValueError(f"external id {external_id!r} escapes the source folder")
        return self.root / rel

    def _folder_acl(self, folder: Path) -> AccessGrants:
        cached = self._acl_cache.get(folder)
        if cached is not None:
            return cached
        if folder == self.root or self.root not in folder.parents:
            inherited = self.default_acl
        else:
            inherited = self._folder_acl(folder.parent)
        grants = inherited
        acl_file = folder / ACL_FILENAME
        if acl_file.is_file():
            try:
                data = json.loads(acl_file.read_text(encoding="utf-8"))
                grants = inherited.merged(AccessGrants.model_validate(data))
            except (ValueError, OSError) as exc:
                # A broken grants file must not widen access: deny everyone below it.
                grants = AccessGrants(allow=[], deny=["*"])
                _warn(f"unreadable {acl_file}: {exc}; denying access below it until fixed")
        self._acl_cache[folder] = grants
        return grants

    def dir_fingerprint(self) -> str:
        """Cheap change probe for sensors: folder mtimes move when entries are added or removed."""
        self._check_root()
        parts: list[str] = []
        for dirpath, dirnames, _ in os.walk(self.root):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            try:
                parts.append(f"{dirpath}:{os.stat(dirpath).st_mtime_ns}")
            except FileNotFoundError:
                continue
        import hashlib

        return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def _warn(message: str) -> None:
    import logging

    logging.getLogger(__name__).warning(message)
