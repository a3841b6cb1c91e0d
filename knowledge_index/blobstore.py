"""Content-addressed blob store: bytes land once per sha256, whatever path they came from."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import BinaryIO

from sqlalchemy import Connection, text

from knowledge_index.errors import ArtifactTooLarge

_CHUNK = 1 << 20


class BlobStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    def path_for(self, content_hash: str) -> Path:
        return self.root / content_hash[:2] / content_hash[2:4] / content_hash

    def put_stream(self, stream: BinaryIO, *, max_bytes: int, label: str = "") -> tuple[str, int]:
        """Stream into the store; raises ArtifactTooLarge as soon as the limit is crossed."""
        self.root.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256()
        size = 0
        fd, tmp = tempfile.mkstemp(dir=self.root, prefix=".incoming-")
        try:
            with os.fdopen(fd, "wb") as out:
                while chunk := stream.read(_CHUNK):
                    size += len(chunk)
                    if size > max_bytes:
                        raise ArtifactTooLarge(
                            f"{label or 'object'} exceeds pipeline.max_file_mb "
                            f"({max_bytes // (1024 * 1024)} MB); raise the limit to admit it"
                        )
                    digest.update(chunk)
                    out.write(chunk)
            content_hash = digest.hexdigest()
            final = self.path_for(content_hash)
            if final.exists():
                os.unlink(tmp)
            else:
                final.parent.mkdir(parents=True, exist_ok=True)
                os.replace(tmp, final)
            return content_hash, size
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    def put_bytes(self, data: bytes, *, max_bytes: int, label: str = "") -> tuple[str, int]:
        import io

        return self.put_stream(io.BytesIO(data), max_bytes=max_bytes, label=label)

    def read(self, content_hash: str) -> bytes:
        return self.path_for(content_hash).read_bytes()


def record_blob(conn: Connection, store: BlobStore, content_hash: str, size: int) -> None:
    conn.execute(
        text(
            "INSERT INTO blobs (content_hash, size_bytes, storage_path) VALUES (:h, :s, :p)"
            " ON CONFLICT (content_hash) DO NOTHING"
        ),
        {"h": content_hash, "s": size, "p": str(store.path_for(content_hash))},
    )
