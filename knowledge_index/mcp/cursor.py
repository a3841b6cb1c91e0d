"""Opaque, tamper-evident paging cursors.

A cursor is base64url(JSON{tool, offset, query fingerprint}) + "." + HMAC-SHA256 tag. The server
keeps no paging state, so the tag is what stops a client from forging offsets or replaying a
cursor against a different query or identity.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

_TAG_BYTES = 16


class CursorError(ValueError):
    """A cursor that was not issued by this server for this query."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class CursorCodec:
    def __init__(self, key: bytes) -> None:
        self._key = key

    def _tag(self, body: bytes) -> bytes:
        return hmac.new(self._key, body, hashlib.sha256).digest()[:_TAG_BYTES]

    def encode(self, tool: str, fingerprint: str, offset: int) -> str:
        body = json.dumps({"t": tool, "f": fingerprint, "o": offset}, separators=(",", ":"))
        raw = body.encode()
        return f"{_b64(raw)}.{_b64(self._tag(raw))}"

    def decode(self, cursor: str, tool: str, fingerprint: str) -> int:
        try:
            body_part, tag_part = cursor.split(".", 1)
            raw, tag = _unb64(body_part), _unb64(tag_part)
        except ValueError:
            raise CursorError("cursor is malformed") from None
        if not hmac.compare_digest(tag, self._tag(raw)):
            raise CursorError("cursor was not issued by this server or was altered")
        try:
            data: dict[str, Any] = json.loads(raw)
            offset = int(data["o"])
        except (ValueError, KeyError, TypeError):
            raise CursorError("cursor is malformed") from None
        if data.get("t") != tool or data.get("f") != fingerprint:
            raise CursorError("cursor belongs to a different query; start again without it")
        if offset < 0:
            raise CursorError("cursor is malformed")
        return offset
