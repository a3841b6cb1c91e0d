"""Containers inside containers for permission tests: a mail carrying a zip that holds a text
and another mail with its own attachment (eml > zip > eml > txt)."""

from __future__ import annotations

import io
import zipfile
from email.message import EmailMessage


def make_mail(subject: str, body: str, attachments: dict[str, bytes], *, msg_id: str) -> bytes:
    message = EmailMessage()
    message["From"] = "Anna Anwältin <anna@kanzlei.example>"
    message["To"] = "Max Mandant <max@client.example>"
    message["Subject"] = subject
    message["Date"] = "Tue, 05 Mar 2024 10:15:00 +0100"
    message["Message-ID"] = f"<{msg_id}@kanzlei.example>"
    message.set_content(body)
    for name, data in attachments.items():
        if name.endswith(".zip"):
            maintype, subtype = "application", "zip"
        elif name.endswith(".eml"):
            maintype, subtype = "message", "rfc822"
        else:
            maintype, subtype = "text", "plain"
        if maintype == "text":
            message.add_attachment(data.decode(), subtype=subtype, filename=name)
        elif maintype == "message":
            message.add_attachment(
                data, maintype="application", subtype="octet-stream", filename=name
            )
        else:
            message.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)
    return message.as_bytes()


def make_zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buf.getvalue()


def nested_mail(tag: str) -> bytes:
    """eml > zip > (txt, eml > txt); every level's text carries `tag` to find it by search."""
    inner = make_mail(
        f"Inner {tag}",
        f"Inner mail body {tag}.",
        {f"deep-{tag}.txt": f"Deep annex {tag}: the escrow schedule.".encode()},
        msg_id=f"inner-{tag}",
    )
    archive = make_zip(
        {
            f"entry-{tag}.txt": f"Archive entry {tag}: purchase price terms.".encode(),
            f"nested-{tag}.eml": inner,
        }
    )
    return make_mail(
        f"Outer {tag}",
        f"Outer mail body {tag}, archive attached.",
        {f"bundle-{tag}.zip": archive},
        msg_id=f"outer-{tag}",
    )
