"""What a generated estate file holds, for the files whose bytes LibreOffice does not pin.

LibreOffice's bytes are not reproducible on every run (a clean-clone CI run produced other PDF
bytes than the frozen ones with the same build), so the estates' regeneration tests compare its
output by what it holds: a PDF's pages and text layer, an .odt's content.xml, the text of a .doc
or .rtf. A mail carrying such a file as an attachment is compared part by part, the attachment by
what it holds, so one unpinned PDF inside a mail does not make the mail differ. Everything else
is compared byte for byte.
"""

from __future__ import annotations

import io
import re
import zipfile
from email import message_from_bytes, policy
from typing import Any


def held(path: str, data: bytes) -> Any:
    name = path.lower()
    if name.endswith(".pdf"):
        import pypdfium2

        pdf = pypdfium2.PdfDocument(data)
        return [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    if name.endswith(".doc"):
        assert data[:8] == bytes.fromhex("D0CF11E0A1B11AE1")
        return re.findall(rb"[ -~\xc0-\xff]{12,}", data)
    if name.endswith(".rtf"):
        assert data.startswith(b"{\\rtf1")
        return b" ".join(re.sub(rb"\\[a-z]+-?\d* ?|[{}]|\\'[0-9a-f]{2}|\\\*", b" ", data).split())
    if name.endswith(".odt"):
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return z.read("content.xml")
    if name.endswith(".eml"):
        return _mail_parts(data)
    return data


def _mail_parts(data: bytes) -> list[Any]:
    parts: list[Any] = []
    for part in message_from_bytes(data, policy=policy.compat32).walk():
        if part.is_multipart():
            # A multipart's boundary is fixed by the generator; its headers are what they are.
            parts.append(sorted(part.items()))
            continue
        payload = part.get_payload(decode=True) or b""
        filename = part.get_filename()
        headers = [(k, v) for k, v in part.items() if k.lower() != "content-transfer-encoding"]
        parts.append((headers, held(filename, payload) if filename else payload))
    return parts
