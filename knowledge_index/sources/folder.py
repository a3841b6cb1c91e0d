"""A folder on disk as a source. Paths are the ids, so a move is a delete plus a create.

One odd entry never stops the scan: a name that is not UTF-8 (old SMB shares), a symbolic link,
a FIFO or device, an entry that cannot be read, a folder that cannot be listed, each becomes a
`SkippedEntry` with its cause, and everything else syncs. Links are not followed unless the
source says so, and then only to targets inside the root, with the target folder's grants.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from knowledge_index.sources.base import (
    AccessGrants,
    ChangeBatch,
    Observation,
    SkippedEntry,
    SourceCapabilities,
    Unsupported,
)

# A small per-folder grants file: {"allow": ["group:litigation"], "deny": ["user:bob"]}.
# Grants accumulate down the tree; deny always wins at query time.
ACL_FILENAME = ".ki-acl.json"
ACL_MAX_BYTES = 64 * 1024
IGNORED_NAMES = frozenset({ACL_FILENAME, ".DS_Store", "Thumbs.db", "desktop.ini"})
NOT_UTF8 = "name is not valid UTF-8 (its bytes are kept escaped); rename it to index it"
LINK_NOT_FOLLOWED = "symbolic link, not followed (the source does not follow links)"
LINK_OUTSIDE = "symbolic link to a target outside the source folder, not followed"


def escaped(name: str) -> str:
    """A name as text with undecodable bytes (surrogate escapes) shown as \\xNN."""
    return os.fsencode(name).decode("utf-8", errors="backslashreplace")


def _is_utf8(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class FolderSource:
    kind = "folder"
    capabilities = SourceCapabilities(acl=True, webhooks=True)

    def __init__(
        self,
        root: Path | str,
        default_acl: AccessGrants | None = None,
        *,
        follow_symlinks: bool = False,
    ) -> None:
        self.root = Path(root).resolve()
        self.default_acl = default_acl or AccessGrants()
        self.follow_symlinks = follow_symlinks
        self._acl_cache: dict[Path, AccessGrants] = {}
        self.acl_problems: list[SkippedEntry] = []

    def _check_root(self) -> None:
        # A missing root is a failed mount, not an empty estate: never read it as "all deleted".
        if not self.root.is_dir():
            raise FileNotFoundError(f"source folder {self.root} does not exist or is not a folder")

    def full_scan(self) -> Iterator[Observation | SkippedEntry]:
        self._check_root()
        self._acl_cache.clear()
        self.acl_problems = []
        unlisted: list[SkippedEntry] = []

        def unreadable_folder(exc: OSError) -> None:
            where = self._rel(Path(exc.filename)) if exc.filename else "?"
            unlisted.append(SkippedEntry(where, f"folder cannot be listed: {exc.strerror}", True))

        for dirpath, dirnames, filenames in os.walk(self.root, onerror=unreadable_folder):
            yield from unlisted
            unlisted.clear()
            folder = Path(dirpath)
            kept = []
            for d in sorted(dirnames):
                if d.startswith("."):
                    continue
                if not _is_utf8(d):
                    yield SkippedEntry(self._rel(folder / d), NOT_UTF8, subtree=True)
                elif (folder / d).is_symlink():
                    yield SkippedEntry(self._rel(folder / d), LINK_NOT_FOLLOWED + " (folder)")
                else:
                    kept.append(d)
            dirnames[:] = kept
            for name in sorted(filenames):
                if name in IGNORED_NAMES or name.startswith("~$"):
                    continue
                found = self._entry(folder, name)
                if found is not None:
                    yield found
            yield from self.acl_problems
            self.acl_problems.clear()
        yield from unlisted

    def _entry(self, folder: Path, name: str) -> Observation | SkippedEntry | None:
        """One file of a folder as an observation, a skipped entry, or None if it vanished."""
        path = folder / name
        rel = self._rel(path)
        if not _is_utf8(name):
            return SkippedEntry(rel, NOT_UTF8)
        try:
            st = path.lstat()
            grants_folder = folder
            if stat.S_ISLNK(st.st_mode):
                if not self.follow_symlinks:
                    return SkippedEntry(rel, LINK_NOT_FOLLOWED)
                target = path.resolve(strict=True)
                if self.root not in target.parents:
                    return SkippedEntry(rel, LINK_OUTSIDE)
                st, grants_folder = target.stat(), target.parent
        except FileNotFoundError:
            if path.is_symlink():
                return SkippedEntry(rel, "symbolic link to nothing (broken link)")
            return None  # vanished mid-scan: absent from this scan, nothing else
        except RuntimeError:
            return SkippedEntry(rel, "symbolic link loop")
        except OSError as exc:
            return SkippedEntry(rel, f"cannot be read: {exc.strerror or exc}")
        if not stat.S_ISREG(st.st_mode):
            return SkippedEntry(rel, "not a regular file (FIFO, socket or device)")
        return Observation(
            external_id=rel,
            path=rel,
            size_bytes=st.st_size,
            mtime_ns=st.st_mtime_ns,
            acl=self._folder_acl(grants_folder),
        )

    def _rel(self, path: Path) -> str:
        return escaped(path.relative_to(self.root).as_posix()) if path != self.root else "."

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
        path = self.root / rel
        if path.is_symlink():
            # Checked again at fetch time: a link re-pointed since the scan must not leak.
            target = path.resolve(strict=True)
            if not self.follow_symlinks or self.root not in target.parents:
                raise PermissionError(
                    f"{external_id}: {LINK_OUTSIDE if self.follow_symlinks else LINK_NOT_FOLLOWED}"
                )
        return path

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
        if acl_file.is_file() or acl_file.is_symlink():
            try:
                grants = inherited.merged(_read_grants(acl_file))
            except (ValueError, OSError, RecursionError) as exc:
                # A broken grants file must not widen access: deny everyone below it.
                grants = AccessGrants(allow=[], deny=["*"])
                cause = f"grants file rejected, everyone denied below it: {_first_line(exc)}"
                self.acl_problems.append(SkippedEntry(self._rel(acl_file), cause))
                _warn(f"{acl_file}: {cause}")
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


def _read_grants(acl_file: Path) -> AccessGrants:
    if acl_file.is_symlink():
        raise ValueError("a grants file may not be a symbolic link")
    if acl_file.stat().st_size > ACL_MAX_BYTES:
        raise ValueError(f"larger than {ACL_MAX_BYTES} bytes")
    data = json.loads(acl_file.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError("must be a JSON object with allow/deny/inherit")
    return AccessGrants.model_validate(data)


def _first_line(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    errors = getattr(exc, "errors", None)
    if callable(errors):  # pydantic: name the offending key
        first = errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "file"
        return f"{where}: {first.get('msg')}"[:300]
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"[:300]


def _warn(message: str) -> None:
    import logging

    logging.getLogger(__name__).warning(message)
