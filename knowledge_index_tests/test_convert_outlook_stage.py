"""Outlook files through the convert stage: .msg mail, PST mailboxes, and what is refused.

Real Outlook files (knowledge_index_tests/convert/outlook/README.md), unpacked in the fenced
container pool against the embedded Postgres.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sqlalchemy import Engine, text

from knowledge_index.artifacts import get_artifact
from knowledge_index.convert import ConvertOptions, convert_bytes, pst
from knowledge_index.runner import run_stage
from knowledge_index.settings import Settings, load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index.sources.sync import sync_source
from knowledge_index.stages.convert.handler import degradation_of, unavoidable_degradations

FILES = Path(__file__).parent / "convert" / "outlook"


def _rows(engine: Engine) -> dict[str, dict]:
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT o.path, o.content_hash, o.child_relation, p.status, p.last_error"
                " FROM source_objects o JOIN processing_state p"
                " ON p.source_object_id = o.id AND p.stage = 'convert'"
            )
        ).mappings()
        return {r["path"]: dict(r) for r in rows}


def _run(engine: Engine, settings: Settings, rounds: int = 4) -> None:
    for _ in range(rounds):
        run_stage(settings, "fetch", engine=engine)
        run_stage(settings, "convert", engine=engine)


@pytest.mark.timeout(300)
def test_a_folder_of_outlook_files_converts_and_refuses_what_it_must(
    engine, settings, tmp_path
) -> None:
    root = tmp_path / "estate"
    root.mkdir()
    shutil.copy(FILES / "attachment_msg_pdf.msg", root / "mail.msg")
    shutil.copy(FILES / "passworded.pst", root / "locked.pst")
    data = (FILES / "example_received_unicode.msg").read_bytes()
    (root / "cut.msg").write_bytes(data[:40_000])
    if pst.available():
        shutil.copy(FILES / "testPST_variousBodyTypes.pst", root / "archive.pst")
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    sync_source(engine, settings, "estate")
    _run(engine, settings)
    rows = _rows(engine)

    # The .msg is mail; its embedded message and its PDF are children, the embedded
    # message's own conversion done as the mail it is.
    assert rows["mail.msg"]["status"] == "done"
    assert rows["mail.msg!/Test Attachment.eml"]["child_relation"] == "email_attachment"
    assert rows["mail.msg!/Test Attachment.eml"]["status"] == "done"
    assert rows["mail.msg!/smbprn.00009008.KdcPjl.pdf"]["child_relation"] == "email_attachment"
    with engine.connect() as conn:
        body = get_artifact(conn, "structured_json", rows["mail.msg"]["content_hash"]).body
    assert body["format"] == "email" and body["email"]["subject"] == "test email"
    assert body["provenance"]["converter"] == "outlook-msg"

    # Refused with a one-line reason, quarantined on the first attempt.
    for path, reason in [("cut.msg", "is corrupt"), ("locked.pst", "is password-protected")]:
        row = rows[path]
        assert row["status"] == "quarantined", row
        assert row["last_error"]["class"] == "UnsupportedDocument"
        assert reason in row["last_error"]["message"] and "\n" not in row["last_error"]["message"]

    if pst.available():
        folder = "archive.pst!/Top of Outlook data file/Inbox/tmp"
        assert rows["archive.pst"]["status"] == "done"
        mails = {p: r for p, r in rows.items() if p.startswith(folder)}
        assert sorted(mails) == [
            f"{folder}/0001 original email.eml",
            f"{folder}/0002 FW: original email.eml",
            f"{folder}/0003 FW: original email.eml",
            f"{folder}/0004 FW: original email.eml",
        ]
        assert {r["child_relation"] for r in mails.values()} == {"mailbox_message"}
        assert {r["status"] for r in mails.values()} == {"done"}
        with engine.connect() as conn:
            mail = get_artifact(
                conn, "structured_json", mails[f"{folder}/0001 original email.eml"]["content_hash"]
            )
        assert mail.body["format"] == "email" and mail.body["email"]["subject"] == "original email"


def test_without_libpff_mailboxes_are_an_unavoidable_degradation(settings, monkeypatch) -> None:
    monkeypatch.setattr(pst, "available", lambda: False)
    assert pst.NO_LIBPFF in unavoidable_degradations(settings)
    data = (FILES / "testPST_variousBodyTypes.pst").read_bytes()
    result = convert_bytes(data, "archive.pst", ConvertOptions())
    assert degradation_of(result) == pst.NO_LIBPFF


@pytest.mark.timeout(300)
@pytest.mark.skipif(not pst.available(), reason="libpff-python not installed")
def test_a_mailbox_over_the_container_budget_is_quarantined_alone(
    engine, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("KI_CONVERT__CONTAINER__MAX_ENTRIES", "3")
    settings = load_settings()
    root = tmp_path / "estate"
    root.mkdir()
    shutil.copy(FILES / "testPST_variousBodyTypes.pst", root / "archive.pst")
    shutil.copy(FILES / "quick.msg", root / "quick.msg")
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    sync_source(engine, settings, "estate")
    _run(engine, settings, rounds=2)
    rows = _rows(engine)
    assert set(rows) == {"archive.pst", "quick.msg"}  # no mail of the refused mailbox
    assert rows["quick.msg"]["status"] == "done"
    bad = rows["archive.pst"]
    assert bad["status"] == "quarantined" and bad["last_error"]["class"] == "UnsupportedDocument"
    assert "more than 3 entries in all" in bad["last_error"]["message"]
