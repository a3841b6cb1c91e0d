"""The parts of a MIME message and what each one is, with the standard library only.

Shared by the e-mail converter and the container budget (which walks mails nested in archives
without the `convert` extra's HTML parser).
"""

from __future__ import annotations

from email.message import EmailMessage, Message
from typing import Literal, cast

AttachmentRole = Literal["document", "signature", "calendar", "inline_image", "tnef"]

_SIGNATURE_TYPES = {
    "application/pkcs7-signature",
    "application/x-pkcs7-signature",
    "application/pgp-signature",
}
_SIGNATURE_NAMES = (".p7s", ".asc", ".sig")


def attachment_parts(message: EmailMessage) -> list[EmailMessage]:
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
            parts = attachment_parts(first) + [p for p in parts if id(p) not in inside]
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


def part_payload(part: Message) -> bytes:
    """A leaf part's decoded bytes; an attached message/rfc822 as the message's own bytes."""
    # decode=True: a leaf part's bytes, None for a container (typeshed's type is wider).
    payload = cast("bytes | None", part.get_payload(decode=True))
    if payload is None:  # an attached message/rfc822 keeps its structure
        inner = part.get_payload()
        payload = cast(Message, inner[0]).as_bytes() if isinstance(inner, list) and inner else b""
    return payload


def part_role_by_name(name: str) -> AttachmentRole:
    """For files without a MIME part of their own (inside a TNEF part): by name alone."""
    if name.lower().endswith(_SIGNATURE_NAMES):
        return "signature"
    if name.lower().endswith(".ics"):
        return "calendar"
    return "document"


def part_role(part: Message, name: str) -> AttachmentRole:
    ctype = part.get_content_type()
    if ctype in _SIGNATURE_TYPES or name.lower().endswith(_SIGNATURE_NAMES):
        return "signature"
    if ctype == "text/calendar" or name.lower().endswith(".ics"):
        return "calendar"
    disposition = (part.get_content_disposition() or "").lower()
    if ctype.startswith("image/") and part["Content-ID"] and disposition != "attachment":
        return "inline_image"  # a logo or pasted picture shown in the body
    return "document"
