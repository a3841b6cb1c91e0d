"""Mail as it really arrives: long transport header blocks, signatures, invitations, inline images.

The messages are built the way mail servers and clients write them (stdlib `email` for the MIME
structure, then the transport headers a delivered message carries: dozens of Received lines,
DKIM, ARC and authentication results before From and Subject).
"""

from __future__ import annotations

from email.message import EmailMessage
from email.policy import SMTP

from knowledge_index.convert import ConvertOptions, convert_bytes, detect_format

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
P7S = bytes(range(256)) * 4  # opaque DER as far as the converter cares


def _transport_headers(n: int) -> bytes:
    lines = []
    for i in range(n):
        lines.append(
            f"Received: from mx{i:02d}.relay.example (mx{i:02d}.relay.example"
            f" [192.0.2.{i % 250}])\r\n"
            f"\tby mx{i + 1:02d}.relay.example (Postfix) with ESMTPS id 4X{i:04d}Q\r\n"
            f"\tfor <anna@kanzlei.example>; Tue, 5 Mar 2024 10:{i % 60:02d}:00 +0100\r\n"
        )
    lines.append(
        "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=client.example;\r\n"
        "\ts=sel1; h=from:to:subject:date:message-id;\r\n"
        "\tbh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=;\r\n"
        "\tb=dGhpcyBpcyBub3QgYSByZWFsIHNpZ25hdHVyZSBidXQgaXQgbG9va3MgbGlrZSBvbmU=\r\n"
    )
    lines.append(
        "ARC-Seal: i=1; a=rsa-sha256; t=1709630100; cv=none; d=relay.example;\r\n\ts=arc\r\n"
    )
    lines.append("Authentication-Results: mx.kanzlei.example; dkim=pass; spf=pass\r\n")
    return "".join(lines).encode()


def _message(subject: str = "Entwurf Liefervertrag") -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Max Käufer <max@client.example>"
    msg["To"] = "Anna Anwältin <anna@kanzlei.example>"
    msg["Subject"] = subject
    msg["Date"] = "Tue, 05 Mar 2024 10:15:00 +0100"
    msg["Message-ID"] = "<real-1@client.example>"
    msg.set_content("Sehr geehrte Frau Anwältin,\n\nanbei der Entwurf.\n\nGrüße\nMax Käufer")
    return msg


def test_a_mail_behind_sixty_received_lines_is_read_as_mail() -> None:
    data = _transport_headers(60) + _message().as_bytes(policy=SMTP)
    assert data.count(b"Received:") == 60
    assert detect_format(data, "message.txt") == "email"
    doc = convert_bytes(data, "message.txt", ConvertOptions()).document
    assert doc.format == "email"
    assert doc.metadata["title"] == "Entwurf Liefervertrag"
    assert doc.email is not None and doc.email.message_id == "<real-1@client.example>"
    assert "Received:" not in doc.text and "anbei der Entwurf" in doc.text


def test_an_mbox_envelope_line_before_the_headers_still_reads_as_mail() -> None:
    data = b"From max@client.example Tue Mar  5 10:15:00 2024\n" + _message().as_bytes()
    assert detect_format(data, "export") == "email"


def test_a_text_that_merely_starts_like_a_header_is_not_mail() -> None:
    memo = b"Betreff: Liefervertrag\nVon: Anna\n\nDer Vertrag ist fertig."
    assert detect_format(memo, "memo.txt") == "text"
    notes = b"Subject: notes\nFrom: me\nthis line is prose, not a header at all\n\nbody"
    assert detect_format(notes, "notes.txt") == "text"


def _signed(inner: EmailMessage) -> bytes:
    """An S/MIME signed mail as Outlook sends it: multipart/signed around the real message."""
    boundary = "----=_signed_boundary_42"
    body = inner.as_bytes(policy=SMTP)
    head, _, rest = body.partition(b"\r\n\r\n")
    keep = [line for line in head.split(b"\r\n") if line.lower().startswith(b"content-")]
    part = b"\r\n".join(keep) + b"\r\n\r\n" + rest
    outer = (
        b"From: Max K\xc3\xa4ufer <max@client.example>\r\n"
        b"To: anna@kanzlei.example\r\nSubject: Unterschriebene Fassung\r\n"
        b"Date: Tue, 05 Mar 2024 11:00:00 +0100\r\nMessage-ID: <signed-1@client.example>\r\n"
        b"MIME-Version: 1.0\r\n"
        b'Content-Type: multipart/signed; protocol="application/pkcs7-signature";'
        b' micalg=sha-256; boundary="' + boundary.encode() + b'"\r\n\r\n'
        b"This is a cryptographically signed message in MIME format.\r\n\r\n"
        b"--" + boundary.encode() + b"\r\n" + part + b"\r\n"
        b"--" + boundary.encode() + b"\r\n"
        b'Content-Type: application/pkcs7-signature; name="smime.p7s"\r\n'
        b"Content-Transfer-Encoding: base64\r\n"
        b'Content-Disposition: attachment; filename="smime.p7s"\r\n\r\n'
    )
    import base64

    outer += base64.encodebytes(P7S).replace(b"\n", b"\r\n") + b"--" + boundary.encode() + b"--\r\n"
    return _transport_headers(12) + outer


def test_a_signed_mail_keeps_its_signature_as_a_part_and_its_attachment_as_a_document() -> None:
    inner = _message()
    inner.add_attachment(PDF, maintype="application", subtype="pdf", filename="Vertrag.pdf")
    result = convert_bytes(_signed(inner), "signed.eml", ConvertOptions())
    doc = result.document
    assert doc.format == "email" and doc.metadata["title"] == "Unterschriebene Fassung"
    assert "anbei der Entwurf" in doc.text
    roles = {a.filename: a.role for a in doc.attachments}
    assert roles == {"Vertrag.pdf": "document", "smime.p7s": "signature"}
    # Only the real attachment becomes a document; the signature is never quarantined as one.
    assert [c.filename for c in result.children] == ["Vertrag.pdf"]
    assert "smime.p7s" not in doc.text.split("\n\n")[0]


def test_invitations_and_inline_images_are_parts_of_the_mail_not_documents() -> None:
    msg = _message("Einladung: Verhandlungstermin")
    msg.add_alternative(
        '<p>Bitte den Termin bestätigen.</p><img src="cid:logo@kanzlei">', subtype="html"
    )
    html = msg.get_payload()[1]
    html.add_related(
        b"\x89PNG\r\n\x1a\nlogo", maintype="image", subtype="png", cid="<logo@kanzlei>"
    )
    msg.add_attachment(
        "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Verhandlung\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
        subtype="calendar",
        filename="invite.ics",
    )
    msg.add_attachment(PDF, maintype="application", subtype="pdf", filename="Agenda.pdf")
    result = convert_bytes(_transport_headers(45) + msg.as_bytes(), "invite.eml", ConvertOptions())
    roles = sorted((a.role, a.content_type) for a in result.document.attachments)
    assert roles == [
        ("calendar", "text/calendar"),
        ("document", "application/pdf"),
        ("inline_image", "image/png"),
    ]
    assert [c.filename for c in result.children] == ["Agenda.pdf"]


def test_quoted_printable_html_only_body_in_a_mislabelled_charset_reads_right() -> None:
    body = "<html><body><p>Gr=FC=DFe aus M=FCnchen &ndash; Stra=DFe 5</p></body></html>"
    data = _transport_headers(3) + (
        "From: a@client.example\r\nTo: b@kanzlei.example\r\nSubject: =?iso-8859-1?q?Gr=FC=DFe?=\r\n"
        "Date: Tue, 05 Mar 2024 10:15:00 +0100\r\nMessage-ID: <qp-1@client.example>\r\n"
        "MIME-Version: 1.0\r\nContent-Type: text/html; charset=iso-8859-1\r\n"
        "Content-Transfer-Encoding: quoted-printable\r\n\r\n" + body + "\r\n"
    ).encode("ascii")
    doc = convert_bytes(data, "qp.eml", ConvertOptions()).document
    assert doc.metadata["title"] == "Grüße"
    assert "Grüße aus München – Straße 5" in doc.text
