"""RFC 822 mail through the standard library: headers, thread chain, body text, attachments.

Attachments are not text of the message; they come back as children and are converted as
documents of their own, so base64 never reaches the index.
"""

from __future__ import annotations

import hashlib
import re
import sys
import time
from email.headerregistry import Address
from email.message import EmailMessage, Message
from email.utils import getaddresses, parsedate_to_datetime
from typing import cast

import lxml.html
from lxml import etree

from knowledge_index.convert.containers import (
    ContainerBudget,
    ContainerLimits,
    MailPart,
    parse_email,
    walk_message,
)
from knowledge_index.convert.model import (
    Attachment,
    ChildDocument,
    EmailHeaders,
    Provenance,
    StructuredDocument,
)
from knowledge_index.errors import UnsupportedDocument

_MSGID_RE = re.compile(r"<[^<>\s]+>")
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
        if not address:  # `"Name" <>`: Outlook's recipients known by display name only
            rendered.append(name)
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


def _tnef_body(found: MailPart) -> tuple[str, str, str | None]:
    """(body, kind, why not) from a winmail.dat, for a mail with no body of its own."""
    if found.tnef_contents is None:
        return "", "none", found.tnef_error
    try:
        text, kind = found.tnef_contents.body()
    except UnsupportedDocument as exc:
        return "", "none", str(exc)
    if kind == "html":
        return html_to_text(text), "tnef-html", None
    if kind:
        return text.replace("\r\n", "\n").strip(), f"tnef-{kind}", None
    return "", "none", None


def convert_email(
    data: bytes, filename: str, limits: ContainerLimits | None = None, *, depth: int = 0
) -> tuple[StructuredDocument, list[ChildDocument]]:
    """The mail as a document and its `document` attachments as children.

    The mail is a container like a zip: its parts, and every container an attachment holds
    (a zip, another mail, an Office package), are checked on one budget before anything is
    returned, so a mail cannot smuggle what a zip of its own would be refused for.
    """
    started = time.perf_counter()
    budget = ContainerBudget(limits or ContainerLimits(), filename, depth=depth)
    message = parse_email(data, filename, budget)
    if not message.keys():
        raise UnsupportedDocument(f"e-mail {filename!r} has no RFC 822 headers")
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
        bcc=_addresses(message, "Bcc"),
    )
    participants: list[str] = []
    for header in ("From", "Sender", "Reply-To", "To", "Cc", "Bcc"):
        for _name, address in getaddresses([str(v) for v in message.get_all(header, [])]):
            if address and address.lower() not in participants:
                participants.append(address.lower())
    headers.participants = participants

    body, body_kind = _body_text(message)
    tnef_error: str | None = None
    attachments: list[Attachment] = []
    children: list[ChildDocument] = []
    for found in walk_message(message, filename, budget):
        name, payload, role, part = found.filename, found.payload, found.role, found.part
        if role == "tnef" and not body.strip():
            body, body_kind, tnef_error = _tnef_body(found)
        attachments.append(
            Attachment(
                filename=name,
                content_type=found.content_type or part.get_content_type(),
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
        metadata={
            "title": headers.subject,
            "author": ", ".join(headers.from_),
            "body": body_kind,
            **({"tnef_error": tnef_error} if tnef_error else {}),
        },
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
