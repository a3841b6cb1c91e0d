"""RFC 822 mail through the standard library: headers, thread chain, body text, attachments.

Attachments are not text of the message; they come back as children and are converted as
documents of their own, so base64 never reaches the index.
"""

from __future__ import annotations

import hashlib
import re
import sys
import time
from email import policy
from email.headerregistry import Address
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.utils import getaddresses, parsedate_to_datetime
from typing import cast

import lxml.html
from lxml import etree

from knowledge_index.convert.model import (
    Attachment,
    ChildDocument,
    EmailHeaders,
    Provenance,
    StructuredDocument,
)
from knowledge_index.errors import UnsupportedDocument

_MSGID_RE = re.compile(r"<[^<>\s]+>")
_SIGNATURE_TYPES = {
    "application/pkcs7-signature",
    "application/x-pkcs7-signature",
    "application/pgp-signature",
}
_SIGNATURE_NAMES = (".p7s", ".asc", ".sig")
_BLOCK_TAGS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "pre"}


def html_to_text(html: str) -> str:
    """Readable text of an HTML fragment: scripts and styles dropped, blocks on their own lines."""
    if not html.strip():
        return ""
    try:
        root = lxml.html.fromstring(html)
    except (etree.ParserError, ValueError):
        return re.sub(r"<[^>]+>", " ", html)
    for junk in root.xpath("//script|//style|//head"):
        junk.drop_tree()
    for block in root.iter(*_BLOCK_TAGS):
        block.tail = "\n" + (block.tail or "")
    text = root.text_content()
    lines = [re.sub(r"[ \t\xa0]+", " ", line).strip() for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def _addresses(message: Message, header: str) -> list[str]:
    values = message.get_all(header, [])
    rendered = []
    for name, address in getaddresses([str(value) for value in values]):
        if not address and not name:
            continue
        rendered.append(str(Address(display_name=name, addr_spec=address)) if name else address)
    return rendered


def _message_ids(value: object) -> list[str]:
    return _MSGID_RE.findall(str(value or ""))


def _body_text(message: EmailMessage) -> tuple[str, str]:
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return "", "none"
    try:
        content = part.get_content()
    except (LookupError, UnicodeError):  # unknown or lying charset: fall back to bytes
        # decode=True returns a leaf part's bytes (typeshed's return type is wider).
        content = cast("bytes", part.get_payload(decode=True)).decode("cp1252", errors="replace")
    if part.get_content_subtype() == "html":
        return html_to_text(content), "html"
    return content.replace("\r\n", "\n").strip(), "plain"


def _attachment_parts(message: EmailMessage) -> list[EmailMessage]:
    """Every non-body part, including those inside a signed mail's multipart/signed wrapper.

    `iter_attachments` stops at the first multipart layer it does not walk into; a signed mail
    nests its real multipart/mixed inside multipart/signed.
    """
    parts: list[EmailMessage] = []
    body = message.get_body(preferencelist=("plain", "html"))
    for part in message.iter_attachments():
        if part.is_multipart() and part.get_content_type() != "message/rfc822":
            parts += [p for p in part.walk() if not p.is_multipart() and p is not body]
        else:
            parts.append(part)
    if message.get_content_type() == "multipart/signed":
        inner = message.get_payload()
        first = inner[0] if isinstance(inner, list) and inner else None
        if isinstance(first, EmailMessage) and first.is_multipart():  # policy.default parses
            inside = {id(p) for p in first.walk()}
            parts = _attachment_parts(first) + [p for p in parts if id(p) not in inside]
    # Pictures referenced from the HTML body live inside the body's multipart/related.
    taken = {id(p) for p in parts}
    parts += [
        p
        for p in message.walk()
        if not p.is_multipart()
        and p is not body
        and id(p) not in taken
        and p.get_content_type().startswith("image/")
        and p["Content-ID"]
    ]
    return parts


def _role(part: Message, name: str) -> str:
    ctype = part.get_content_type()
    if ctype in _SIGNATURE_TYPES or name.lower().endswith(_SIGNATURE_NAMES):
        return "signature"
    if ctype == "text/calendar" or name.lower().endswith(".ics"):
        return "calendar"
    disposition = (part.get_content_disposition() or "").lower()
    if ctype.startswith("image/") and part["Content-ID"] and disposition != "attachment":
        return "inline_image"  # a logo or pasted picture shown in the body
    return "document"


def convert_email(data: bytes, filename: str) -> tuple[StructuredDocument, list[ChildDocument]]:
    started = time.perf_counter()
    message = BytesParser(policy=policy.default).parsebytes(data)
    if not message.keys():
        raise UnsupportedDocument(f"e-mail {filename!r} has no RFC 822 headers")
    assert isinstance(message, EmailMessage)
    date = None
    if message["Date"]:
        try:
            date = parsedate_to_datetime(str(message["Date"]))
        except (TypeError, ValueError):
            date = None
    headers = EmailHeaders(
        message_id=next(iter(_message_ids(message["Message-ID"])), None),
        in_reply_to=next(iter(_message_ids(message["In-Reply-To"])), None),
        references=_message_ids(message["References"]),
        subject=str(message["Subject"]) if message["Subject"] is not None else None,
        date=date,
        **{"from": _addresses(message, "From")},
        to=_addresses(message, "To"),
        cc=_addresses(message, "Cc"),
    )
    participants: list[str] = []
    for header in ("From", "Sender", "Reply-To", "To", "Cc", "Bcc"):
        for _name, address in getaddresses([str(v) for v in message.get_all(header, [])]):
            if address and address.lower() not in participants:
                participants.append(address.lower())
    headers.participants = participants

    body, body_kind = _body_text(message)
    attachments: list[Attachment] = []
    children: list[ChildDocument] = []
    for index, part in enumerate(_attachment_parts(message), start=1):
        # decode=True: a leaf part's bytes, None for a container (typeshed's type is wider).
        payload = cast("bytes | None", part.get_payload(decode=True))
        if payload is None:  # an attached message/rfc822 keeps its structure
            inner = part.get_payload()
            payload = (
                cast(Message, inner[0]).as_bytes() if isinstance(inner, list) and inner else b""
            )
        name = part.get_filename() or f"attachment-{index}"
        role = _role(part, name)
        attachments.append(
            Attachment(
                filename=name,
                content_type=part.get_content_type(),
                size=len(payload),
                sha256=hashlib.sha256(payload).hexdigest(),
                role=role,
            )
        )
        if role == "document":
            children.append(ChildDocument(filename=name, data=payload, relation="email_attachment"))

    head = [
        f"Subject: {headers.subject or ''}",
        f"From: {', '.join(headers.from_)}",
        f"To: {', '.join(headers.to)}",
    ]
    if headers.cc:
        head.append(f"Cc: {', '.join(headers.cc)}")
    if date:
        head.append(f"Date: {date.isoformat()}")
    documents = [a.filename for a in attachments if a.role == "document"]
    if documents:
        head.append("Attachments: " + ", ".join(documents))
    text = "\n".join(head) + "\n\n" + body
    document = StructuredDocument(
        format="email",
        text=text,
        markdown=text,
        metadata={"title": headers.subject, "author": ", ".join(headers.from_), "body": body_kind},
        attachments=attachments,
        email=headers,
        provenance=Provenance(
            converter="python-email",
            converter_version=sys.version.split()[0],
            pipeline="stdlib-email",
            timings={"total": time.perf_counter() - started},
        ),
    )
    return document, children
