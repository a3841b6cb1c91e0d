"""Outlook data files written by Outlook (outlook/README.md names each file's source)."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge_index.convert import ConvertOptions, convert_bytes, detect_format, pst
from knowledge_index.convert.containers import ContainerLimits
from knowledge_index.errors import UnsupportedDocument

FILES = Path(__file__).parent / "outlook"
needs_libpff = pytest.mark.skipif(not pst.available(), reason="libpff-python not installed")


def _pst(name: str, **limits: int):
    data = (FILES / name).read_bytes()
    assert detect_format(data, name) == "pst"
    options = ConvertOptions(container_limits=ContainerLimits(**limits))
    return convert_bytes(data, name, options)


@needs_libpff
def test_a_pst_s_mails_become_children_named_by_their_folder() -> None:
    result = _pst("testPST_variousBodyTypes.pst")
    folder = "Top of Outlook data file/Inbox/tmp"
    assert [c.filename for c in result.children] == [
        f"{folder}/0001 original email.eml",
        f"{folder}/0002 FW: original email.eml",
        f"{folder}/0003 FW: original email.eml",
        f"{folder}/0004 FW: original email.eml",
    ]
    assert {c.relation for c in result.children} == {"mailbox_message"}
    doc = result.document
    assert doc.format == "pst" and doc.provenance.converter == "libpff"
    assert doc.metadata["folders"] == {folder: 4}
    assert doc.text == f"{folder} (4 mails)"
    # Each child converts as the mail it is: headers, body, and the thread it belongs to.
    mails = [
        convert_bytes(c.data, c.filename, ConvertOptions(container_depth=1))
        for c in result.children
    ]
    original, *forwards = [m.document for m in mails]
    assert all(m.format == "email" for m in (original, *forwards))
    assert original.email is not None and original.email.subject == "original email"
    assert original.email.from_ == ['"Allison, Timothy B." <tallison@mitre.org>']
    assert "This is the original email (html)" in original.text
    for forward, body in zip(
        forwards, ["Forwarded (html)", "Forwarded RTF", "Forwarded plain text"], strict=True
    ):
        assert forward.email is not None and forward.email.in_reply_to == original.email.message_id
        assert body in forward.text


@needs_libpff
def test_a_pst_mail_s_attachments_are_its_own_children() -> None:
    result = _pst("libyal_outlook.pst")
    welcome = "0001 Welcome to Microsoft Office Outlook 2003.eml"
    assert [c.filename for c in result.children] == [
        f"Top of Personal Folders/Inbox/{welcome}",
        f"Top of Personal Folders/Recovered_Group2/{welcome}",
    ]
    mail = result.children[0]
    converted = convert_bytes(mail.data, mail.filename, ConvertOptions(container_depth=1))
    assert converted.document.email is not None
    assert converted.document.email.from_ == ["Outlook 2003 Team <olteam@microsoft.com>"]
    names = [c.filename for c in converted.children]
    assert names == [f"{n}.jpg" for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12)]
    assert all(c.data[:3] == b"\xff\xd8\xff" for c in converted.children)  # real JPEGs
    assert {c.relation for c in converted.children} == {"email_attachment"}


@needs_libpff
def test_a_password_protected_pst_is_refused_in_one_line() -> None:
    with pytest.raises(UnsupportedDocument) as refused:
        _pst("passworded.pst")
    message = str(refused.value)
    assert "'passworded.pst' is password-protected" in message and "\n" not in message


@needs_libpff
def test_a_pst_over_the_container_budget_is_refused_before_its_mails_are_read() -> None:
    with pytest.raises(UnsupportedDocument) as refused:
        _pst("testPST_variousBodyTypes.pst", max_entries=3)
    message = str(refused.value)
    assert "container 'testPST_variousBodyTypes.pst' rejected" in message
    assert "more than 3 entries in all" in message and "\n" not in message


@needs_libpff
def test_the_mails_attachments_count_on_the_mailbox_budget() -> None:
    # 2 mails and 11 attachments each: the mails alone fit, their parts do not.
    with pytest.raises(UnsupportedDocument, match="more than 20 entries in all"):
        _pst("libyal_outlook.pst", max_entries=20)


@needs_libpff
def test_a_truncated_pst_is_refused_in_one_line() -> None:
    data = (FILES / "testPST_variousBodyTypes.pst").read_bytes()[:20_000]
    with pytest.raises(UnsupportedDocument) as refused:
        convert_bytes(data, "cut.pst", ConvertOptions())
    assert "'cut.pst'" in str(refused.value) and "\n" not in str(refused.value)


def test_without_libpff_a_pst_is_degraded_with_the_install_hint(monkeypatch) -> None:
    monkeypatch.setattr(pst, "available", lambda: False)
    result = _pst("testPST_variousBodyTypes.pst")
    prov = result.document.provenance
    assert prov.degraded and prov.pipeline == pst.NO_LIBPFF
    assert (
        prov.degraded_reason is not None
        and "pip install 'knowledge-index[pst]'" in prov.degraded_reason
    )
    assert "\n" not in prov.degraded_reason
    assert result.children == []
