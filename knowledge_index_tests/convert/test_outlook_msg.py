"""Outlook .msg files written by Outlook (outlook/README.md names each file's source)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from knowledge_index.convert import ConvertOptions, convert_bytes, detect_format
from knowledge_index.convert.containers import ContainerBudget, ContainerLimits
from knowledge_index.convert.email import convert_email
from knowledge_index.convert.mapi import BODY, HTML
from knowledge_index.convert.mapi_mail import to_rfc822
from knowledge_index.convert.outlook_msg import read_msg
from knowledge_index.errors import UnsupportedDocument

FILES = Path(__file__).parent / "outlook"


def _convert(name: str):
    data = (FILES / name).read_bytes()
    assert detect_format(data, name) == "msg"
    return convert_bytes(data, name, ConvertOptions())


def test_a_received_msg_reads_as_mail_with_its_transport_headers() -> None:
    result = _convert("example_received_unicode.msg")
    doc = result.document
    assert doc.format == "email" and doc.provenance.converter == "outlook-msg"
    mail = doc.email
    assert mail is not None
    assert mail.subject == "This is a test message please ignore"
    assert mail.from_ == ["Mike Farman <mike.farman@alfresco.com>"]
    assert "'Paul Holmes-Higgin' <paul.hh@alfresco.com>" in mail.to
    assert mail.cc[:2] == ["nickb@alfresco.com", "nick.burch@alfresco.com"]
    assert mail.date == datetime(2010, 1, 11, 16, 25, 7, tzinfo=UTC)
    assert mail.message_id == "<27350255.35521263227107828.JavaMail.root@zimbra.alfresco.com>"
    assert {"mike.farman@alfresco.com", "paul.hh@alfresco.com", "nickb@alfresco.com"} <= set(
        mail.participants
    )
    assert doc.metadata["body"] == "plain"
    assert "Received:" not in doc.text  # transport headers are metadata, not text
    # The attachment is a child document, exactly as a .eml's would be.
    assert [(a.filename, a.role) for a in doc.attachments] == [("alfresco.gif", "document")]
    assert [(c.filename, c.relation) for c in result.children] == [
        ("alfresco.gif", "email_attachment")
    ]
    # The stored bytes as they are: Outlook kept this ".gif" as a bitmap.
    assert result.children[0].data[:2] == b"BM" and len(result.children[0].data) == 16174


def test_a_forward_keeps_the_thread_ids_relate_follows() -> None:
    mail = _convert("testMSG_forwarded.msg").document.email
    assert mail is not None and mail.subject == "FW: Testing"
    original = (
        "<C8508767C15DBF40A21693142739EA8D564D18FDA1@EXVMBX018-1.exch018.msoutlookonline.net>"
    )
    assert mail.in_reply_to == original
    assert mail.references == [original]
    assert mail.message_id and mail.message_id != original


def test_a_sent_msg_without_transport_headers_takes_them_from_the_properties() -> None:
    doc = _convert("quick.msg").document
    mail = doc.email
    assert mail is not None and mail.subject == "Test the content transformer"
    # The sender is known only by its Exchange DN: the name stays, the DN is no address.
    assert mail.from_ == ["Kevin Roast"]
    assert mail.to == ["Kevin Roast <kevin.roast@alfresco.org>"]
    assert mail.date == datetime(2007, 6, 14, 9, 42, 53, tzinfo=UTC)
    assert (
        mail.message_id
        == "<B17B1CFF4282214AB8BAADDDC20711220E0C025E@THHS2EXBE1X.hostedservice2.net>"
    )
    assert "The quick brown fox jumps over the lazy dog" in doc.text


def test_an_html_only_body_is_read_as_text() -> None:
    doc = _convert("HTMLBodyBinary_UTF-8.msg").document
    assert doc.metadata["body"] == "html"
    assert doc.email is not None and doc.email.subject == "Subject öäü Subject"
    assert doc.text.endswith("HTML öäü") and "<" not in doc.text


def test_an_rtf_only_body_is_decompressed_and_its_html_de_encapsulated() -> None:
    # Outlook's own compressed RTF (written from HTML); the plain and HTML bodies are dropped
    # so only the RTF is left, as in mail that Outlook stored RTF-only.
    name = "attachment_msg_inlineImg.msg"
    budget = ContainerBudget(ContainerLimits(), name)
    message = read_msg((FILES / name).read_bytes(), name, budget)
    del message.props.values[BODY], message.props.values[HTML]
    eml, kind = to_rfc822(message, name, budget)
    assert kind == "rtf-html"
    doc, _ = convert_email(eml, name)
    assert "Download and install SQLite Manager" in doc.text
    assert "Customise…" in doc.text  # \'85 in the RTF, decoded in its code page
    assert "\\" not in doc.text and "htmltag" not in doc.text and "<p" not in doc.text


def test_an_rtf_only_body_not_written_from_html_gives_its_text() -> None:
    name = "quick.msg"
    budget = ContainerBudget(ContainerLimits(), name)
    message = read_msg((FILES / name).read_bytes(), name, budget)
    del message.props.values[BODY]
    eml, kind = to_rfc822(message, name, budget)
    assert kind == "rtf"
    doc, _ = convert_email(eml, name)
    assert doc.text.endswith("\n\nThe quick brown fox jumps over the lazy dog")


def test_pictures_shown_in_the_body_are_parts_not_documents() -> None:
    result = _convert("attachment_msg_inlineImg.msg")
    roles = {a.filename: a.role for a in result.document.attachments}
    assert roles == dict.fromkeys(
        ["image001.png", "image002.png", "image003.png", "image006.jpg"], "inline_image"
    )
    assert result.children == []


def test_an_embedded_msg_becomes_a_child_mail() -> None:
    result = _convert("attachment_msg_pdf.msg")
    children = {c.filename: c for c in result.children}
    assert set(children) == {"Test Attachment.eml", "smbprn.00009008.KdcPjl.pdf"}
    assert children["smbprn.00009008.KdcPjl.pdf"].data.startswith(b"%PDF")
    inner = children["Test Attachment.eml"]
    assert detect_format(inner.data, inner.filename) == "email"
    child = convert_bytes(inner.data, inner.filename, ConvertOptions(container_depth=1))
    assert child.document.email is not None
    assert child.document.email.subject == "Test Attachment"


def test_a_signed_msg_reads_its_signed_entity() -> None:
    doc = _convert("logsat.com_signatures_valid.msg").document
    assert doc.metadata["body"] == "signed"
    assert "This is a valid digitally signed email." in doc.text
    assert [(a.filename, a.role) for a in doc.attachments] == [("smime.p7s", "signature")]


def test_embedded_messages_count_as_container_levels() -> None:
    data = (FILES / "attachment_msg_pdf.msg").read_bytes()
    options = ConvertOptions(container_limits=ContainerLimits(max_depth=1))
    with pytest.raises(UnsupportedDocument, match="nested deeper than 1 levels"):
        convert_bytes(data, "attachment_msg_pdf.msg", options)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        # A real .msg cut off mid-file, as a failed copy leaves it.
        ((FILES / "example_received_unicode.msg").read_bytes()[:40_000], "is corrupt"),
        # OSS-Fuzz's damaged .msg from Apache POI's corpus.
        (
            (
                FILES / "clusterfuzz-testcase-minimized-POIHSMFFuzzer-4735011465854976.msg"
            ).read_bytes(),
            "is corrupt",
        ),
    ],
)
def test_a_damaged_msg_is_refused_in_one_line(data: bytes, reason: str) -> None:
    with pytest.raises(UnsupportedDocument) as refused:
        convert_bytes(data, "mail.msg", ConvertOptions())
    message = str(refused.value)
    assert reason in message and "\n" not in message and "mail.msg" in message
