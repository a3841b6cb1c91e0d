"""winmail.dat (TNEF) inside a mail: its attachments are the mail's, its body fills an empty mail.

The TNEF streams are real, written by Outlook (Apache POI's test corpus, see outlook/README.md);
the mail around each is built the way Exchange sends one to the outside world: a short plain
part (or none) and an `application/ms-tnef` attachment named winmail.dat.
"""

from __future__ import annotations

from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path

import pytest

from knowledge_index.convert import ConvertOptions, convert_bytes
from knowledge_index.convert.containers import ContainerLimits
from knowledge_index.errors import UnsupportedDocument

FILES = Path(__file__).parent / "outlook"


def _mail(winmail: bytes, body: str | None = None) -> bytes:
    msg = EmailMessage()
    msg["From"] = "Anna Berg <anna@client.example>"
    msg["To"] = "kanzlei@kanzlei.example"
    msg["Subject"] = "Unterlagen"
    msg["Date"] = "Tue, 05 Mar 2024 10:00:00 +0100"
    msg["Message-ID"] = "<tnef-1@client.example>"
    if body is not None:
        msg.set_content(body)
    msg.add_attachment(winmail, maintype="application", subtype="ms-tnef", filename="winmail.dat")
    return msg.as_bytes(policy=SMTP)


def _convert(data: bytes, limits: ContainerLimits | None = None):
    options = ConvertOptions(container_limits=limits) if limits else ConvertOptions()
    return convert_bytes(data, "Unterlagen.eml", options)


def test_the_attachments_inside_winmail_dat_become_the_mails_documents() -> None:
    result = _convert(_mail((FILES / "quick-winmail.dat").read_bytes()))
    doc = result.document
    roles = {a.filename: a.role for a in doc.attachments}
    assert roles["winmail.dat"] == "tnef"
    inside = ["quick.doc", "quick.html", "quick.pdf", "quick.txt", "quick.xml"]
    assert all(roles[name] == "document" for name in inside)
    assert sorted(c.filename for c in result.children) == inside
    by_name = {a.filename: a for a in doc.attachments}
    assert by_name["quick.pdf"].content_type == "application/pdf"
    pdf = next(c for c in result.children if c.filename == "quick.pdf")
    assert pdf.data.startswith(b"%PDF")
    assert "Attachments: " in doc.text and "quick.pdf" in doc.text


def test_an_rtf_only_body_inside_winmail_dat_is_the_mails_text() -> None:
    doc = _convert(_mail((FILES / "quick-winmail.dat").read_bytes())).document
    assert doc.metadata["body"].startswith("tnef-")
    body = doc.text.split("\n\n", 1)[1]
    assert "These are five files." in body and "Five files from Hell!" in body


def test_an_html_body_inside_winmail_dat_is_read_when_the_mail_has_none() -> None:
    doc = _convert(_mail((FILES / "bug52400-winmail-simple.dat").read_bytes())).document
    assert doc.metadata["body"] == "tnef-html"
    assert doc.text.split("\n\n", 1)[1].strip()


def test_the_mails_own_body_wins_over_the_tnef_copy() -> None:
    data = _mail((FILES / "quick-winmail.dat").read_bytes(), body="Bitte beachten Sie die Anlagen.")
    doc = _convert(data).document
    assert doc.metadata["body"] == "plain"
    assert "Bitte beachten Sie die Anlagen." in doc.text


def test_a_damaged_winmail_dat_costs_its_files_not_the_mail() -> None:
    real = (FILES / "quick-winmail.dat").read_bytes()
    result = _convert(_mail(real[:300], body="Anbei."))
    assert result.children == []
    assert [a.role for a in result.document.attachments] == ["tnef"]
    assert "Anbei." in result.document.text


def test_winmail_dat_files_count_on_the_mails_container_budget() -> None:
    with pytest.raises(UnsupportedDocument, match="entries in all"):
        _convert(_mail((FILES / "quick-winmail.dat").read_bytes()), ContainerLimits(max_entries=5))
