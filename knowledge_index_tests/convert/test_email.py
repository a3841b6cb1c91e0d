"""RFC 822 mail via the standard library."""

from __future__ import annotations

from knowledge_index.convert import ConvertOptions, convert_bytes
from knowledge_index_tests.convert import samples


def test_headers_thread_chain_and_plain_body() -> None:
    attachment = samples.make_docx()
    result = convert_bytes(samples.make_eml(attachment=attachment), "m.eml", ConvertOptions())
    doc = result.document
    assert doc.format == "email"
    headers = doc.email
    assert headers is not None
    assert headers.message_id == "<msg-3@kanzlei.example>"
    assert headers.in_reply_to == "<msg-2@client.example>"
    assert headers.references == ["<msg-1@kanzlei.example>", "<msg-2@client.example>"]
    assert headers.subject == "AW: Entwurf Kaufvertrag – Gebühr"
    assert headers.date is not None and headers.date.isoformat() == "2024-03-05T10:15:00+01:00"
    assert headers.participants == [
        "anna@kanzlei.example",
        "max@client.example",
        "bob@client.example",
        "clara@kanzlei.example",
    ]
    assert "Sehr geehrter Herr Müller" in doc.text
    assert "HTML version should not win" not in doc.text
    assert [a.filename for a in doc.attachments] == ["Entwurf Kaufvertrag.docx"]
    assert doc.attachments[0].size == len(attachment)
    assert [(c.filename, c.relation) for c in result.children] == [
        ("Entwurf Kaufvertrag.docx", "email_attachment")
    ]
    assert result.children[0].data == attachment
    assert "UEsDB" not in doc.text  # no base64 in the indexed text


def test_html_only_mail_becomes_text() -> None:
    doc = convert_bytes(samples.make_eml(html_only=True), "m.eml", ConvertOptions()).document
    assert "Sehr geehrter Herr Müller," in doc.text
    assert "anbei der Entwurf." in doc.text
    assert "<b>" not in doc.text and "alert" not in doc.text
