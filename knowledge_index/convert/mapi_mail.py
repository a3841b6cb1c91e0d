"""A MAPI message (from a .msg or a PST) as RFC 822 bytes, so it takes the .eml path.

Received mail keeps its transport headers (Outlook stores the header block as it arrived),
minus the MIME headers that described the original body: the body and attachments are
rebuilt from the properties. Sent and draft mail have no transport headers; their From, To,
Cc, Date and threading ids come from the properties, with the SMTP address where Exchange
stored only its own (EX) address. Bcc is only ever known from the recipient table.
"""

from __future__ import annotations

import mimetypes
import re
from email import policy
from email.header import Header
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from typing import Final

from knowledge_index.convert import mapi
from knowledge_index.convert.containers import ContainerBudget
from knowledge_index.convert.mapi import MapiAttachment, MapiMessage, MapiProps
from knowledge_index.convert.rtf_body import decompress, rtf_to_body

_MIME_HEADER = re.compile(r"^(content-[a-z-]*|mime-version)\s*:", re.I)
# RFC 5322 field names: a stored line that is not one would end the parser's header block
# there and push the rebuilt MIME headers into the body.
_FIELD = re.compile(r"^[\x21-\x39\x3b-\x7e]+:")
_RECIPIENT_HEADER: Final = {1: "To", 2: "Cc", 3: "Bcc"}
_SIGNED_CLASS = "ipm.note.smime.multipartsigned"


def to_rfc822(message: MapiMessage, name: str, budget: ContainerBudget) -> tuple[bytes, str]:
    """The message as a .eml, and where its body came from (plain, html, rtf-html, rtf)."""
    head = _header_block(message)
    body, kind = _body(message, name, budget)
    return head + body.as_bytes(policy=policy.SMTP), kind


def _header_block(message: MapiMessage) -> bytes:
    props = message.props
    lines: list[str] = []
    transport = props.text(mapi.TRANSPORT_MESSAGE_HEADERS) or ""
    if transport.strip():
        lines = _transport_lines(transport)
    present = {line.split(":", 1)[0].strip().lower() for line in lines if ":" in line}
    for header, value in _property_headers(message):
        if header.lower() not in present and value:
            lines.append(_encoded(header, value))
    return ("\r\n".join(lines) + "\r\n").encode("utf-8", "replace") if lines else b""


def _transport_lines(transport: str) -> list[str]:
    """The stored header block's fields, folds kept, without the original MIME headers."""
    fields: list[str] = []
    for line in transport.replace("\r\n", "\n").split("\n"):
        if not line.strip():
            if fields:
                break  # the end of the header block (some writers store a body after it)
            continue
        if line[:1] in (" ", "\t") and fields:
            fields[-1] += "\r\n" + line
        elif _FIELD.match(line):
            fields.append(line)
    return [f for f in fields if not _MIME_HEADER.match(f)]


def _property_headers(message: MapiMessage) -> list[tuple[str, str]]:
    props = message.props
    found: list[tuple[str, str]] = [
        ("From", _sender(props)),
        ("Subject", props.text(mapi.SUBJECT) or ""),
    ]
    when = props.time(mapi.CLIENT_SUBMIT_TIME) or props.time(mapi.MESSAGE_DELIVERY_TIME)
    if when is not None:
        found.append(("Date", format_datetime(when)))
    by_kind: dict[str, list[str]] = {}
    for recipient in message.recipients:
        kind = _RECIPIENT_HEADER.get((recipient.int32(mapi.RECIPIENT_TYPE) or 1) & 0x3)
        rendered = _address(
            recipient.text(mapi.DISPLAY_NAME),
            recipient.text(mapi.SMTP_ADDRESS),
            recipient.text(mapi.EMAIL_ADDRESS),
            recipient.text(mapi.ADDRTYPE),
        )
        if kind and rendered:
            by_kind.setdefault(kind, []).append(rendered)
    found += [(kind, ", ".join(values)) for kind, values in by_kind.items()]
    found += [
        ("Message-ID", props.text(mapi.INTERNET_MESSAGE_ID) or ""),
        ("In-Reply-To", props.text(mapi.IN_REPLY_TO_ID) or ""),
        ("References", props.text(mapi.INTERNET_REFERENCES) or ""),
    ]
    return found


def _sender(props: MapiProps) -> str:
    # "Sent representing" is the mailbox the mail is from; the sender may be a delegate.
    for name, smtp, email, kind in (
        (
            mapi.SENT_REPRESENTING_NAME,
            mapi.SENT_REPRESENTING_SMTP_ADDRESS,
            mapi.SENT_REPRESENTING_EMAIL,
            mapi.SENT_REPRESENTING_ADDRTYPE,
        ),
        (mapi.SENDER_NAME, mapi.SENDER_SMTP_ADDRESS, mapi.SENDER_EMAIL, mapi.SENDER_ADDRTYPE),
    ):
        rendered = _address(props.text(name), props.text(smtp), props.text(email), props.text(kind))
        if rendered:
            return rendered
    return ""


def _address(name: str | None, smtp: str | None, email: str | None, kind: str | None) -> str:
    address = (smtp or "").strip()
    kind = (kind or "").strip().upper()
    # An Exchange (EX) address is an X.500 DN, sometimes with "@server" appended: not SMTP.
    if not address and email and (kind == "SMTP" or (not kind and "@" in email)):
        address = email.strip()
    if address.startswith("/"):
        address = ""
    name = (name or "").strip().strip("'\"")
    if name == address:
        name = ""
    if not address and not name:
        return ""
    return formataddr((name, address), charset="utf-8")


def _encoded(header: str, value: str) -> str:
    value = re.sub(r"[\r\n]+", " ", value).strip()
    if value.isascii():
        return f"{header}: {value}"
    if header in ("From", "To", "Cc", "Bcc"):
        return f"{header}: {value}"  # formataddr already encoded the display names
    return f"{header}: {Header(value, 'utf-8', header_name=header).encode()}"


def _body(message: MapiMessage, name: str, budget: ContainerBudget) -> tuple[EmailMessage, str]:
    props = message.props
    signed = _signed_entity(message)
    if signed is not None:
        return signed, "signed"
    body = EmailMessage(policy=policy.SMTP)
    plain = (props.text(mapi.BODY) or "").strip("\x00")
    html = _html(props)
    kind = "plain" if plain.strip() else "none"
    if not plain.strip() and not html and mapi.RTF_COMPRESSED in props:
        rtf = decompress(props.raw(mapi.RTF_COMPRESSED) or b"", budget.limits.max_entry_bytes)
        text, rtf_kind = rtf_to_body(rtf)
        if rtf_kind == "html":
            html, kind = text, "rtf-html"
        else:
            plain, kind = text, "rtf"
    if plain.strip():
        body.set_content(plain)
        if html:
            body.add_alternative(html, subtype="html")
    elif html:
        body.set_content(html, subtype="html")
        kind = "html" if kind == "none" else kind
    else:
        body.set_content("")
    for index, attachment in enumerate(message.attachments, start=1):
        _attach(body, attachment, index, name, budget)
    return body, kind


def _html(props: MapiProps) -> str:
    raw = props.raw(mapi.HTML)
    if not raw:
        return ""
    if props.values[mapi.HTML][0] == mapi.PT_UNICODE:
        return props.text(mapi.HTML) or ""
    # PR_HTML is binary in the message's Internet code page, not the 8-bit string code page.
    codec = mapi.codec_of(props.int32(mapi.INTERNET_CODEPAGE), props.codec)
    return raw.decode(codec, "replace").strip("\x00")


def _attach(
    body: EmailMessage, attachment: MapiAttachment, index: int, name: str, budget: ContainerBudget
) -> None:
    props = attachment.props
    filename = (
        props.text(mapi.ATTACH_LONG_FILENAME)
        or props.text(mapi.ATTACH_FILENAME)
        or props.text(mapi.DISPLAY_NAME)
        or f"attachment-{index}"
    ).strip()
    if attachment.message is not None:
        from email.parser import BytesParser

        inner, _kind = to_rfc822(attachment.message, filename, budget)
        stem = filename[:-4] if filename.lower().endswith((".msg", ".eml")) else filename
        parsed = BytesParser(policy=policy.SMTP).parsebytes(inner)
        body.add_attachment(parsed, filename=f"{stem}.eml")
        return
    if attachment.data is None:
        return  # by reference or an OLE object: nothing of it is in the message
    ctype = (props.text(mapi.ATTACH_MIME_TAG) or "").strip().lower()
    if "/" not in ctype:
        ctype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
    maintype, subtype = ctype.split("/", 1)
    cid = (props.text(mapi.ATTACH_CONTENT_ID) or "").strip().strip("<>")
    # A picture is shown in the body (a part, not a document) when Outlook hid it from the
    # attachment list; an image the sender attached keeps "attachment" even with a cid.
    hidden = props.flag(mapi.ATTACHMENT_HIDDEN)
    disposition = "inline" if cid and hidden else "attachment"
    body.add_attachment(
        attachment.data,
        maintype=maintype,
        subtype=subtype,
        filename=filename,
        disposition=disposition,
        cid=f"<{cid}>" if cid else None,
    )


def _signed_entity(message: MapiMessage) -> EmailMessage | None:
    """An S/MIME clear-signed mail: Outlook keeps the whole signed MIME entity as its attachment.

    Reading that entity as the body gives the real text and attachments, and the signature
    part its `signature` role, as for a signed .eml.
    """
    if not message.message_class.lower().startswith(_SIGNED_CLASS):
        return None
    if len(message.attachments) != 1 or message.attachments[0].data is None:
        return None
    from email.parser import BytesParser

    entity = BytesParser(policy=policy.SMTP).parsebytes(message.attachments[0].data)
    if entity.get_content_type() != "multipart/signed":
        return None
    assert isinstance(entity, EmailMessage)  # policy.SMTP parses into EmailMessage
    return entity
