"""A comment author's side read from the matter's mail, through the real pipeline, in either
order: the mail filed with the redline, or arriving after the redline was read."""

from __future__ import annotations

import shutil
from pathlib import Path

from sqlalchemy import text

from knowledge_index.settings import load_settings
from knowledge_index_tests.decisions import redlines
from knowledge_index_tests.support.pipeline import process_folder

FOLDER = "Acme Maschinenbau/2024-0173 Liefervertrag"
COUNSEL = "Dr. Bernhard Pölzl"  # the other side's lawyer, who returned the mark-up
MAIL = """From: "Dr. Bernhard Pölzl" <b.poelzl@poelzl-law.at>
To: "Weber, Anna" <a.weber@weber-partner.de>
Subject: Liefervertrag - unsere Anmerkungen
Date: Mon, 15 Apr 2024 10:00:00 +0200
Message-ID: <markup-1@poelzl-law.at>
Content-Type: text/plain; charset=utf-8

Anbei unsere Anmerkungen zum Liefervertrag.
"""


def _redline() -> bytes:
    return redlines.redline_docx(
        [
            [redlines.text("LIEFERVERTRAG")],
            [
                redlines.text("§ 5 Kündigung. Die Kündigungsfrist beträgt "),
                redlines.dele(COUNSEL, "drei"),
                redlines.ins(COUNSEL, "sechs"),
                redlines.text(" Monate. "),
                redlines.note(
                    COUNSEL, "Kündigungsfrist", "Unsere Mandantin besteht auf sechs Monaten."
                ),
            ],
        ]
    )


def _rationale(engine) -> str:
    with engine.connect() as conn:
        return conn.execute(text("SELECT rationale_category FROM decisions")).scalar_one()


def _estate(root: Path, redline: bool, mail: bool) -> None:
    folder = root / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    if redline:  # written once: its bytes (zip timestamps) must not change between syncs
        (folder / "Liefervertrag Anmerkungen Gegenseite.docx").write_bytes(_redline())
    if mail:
        (folder / "Anmerkungen Gegenseite.eml").write_text(MAIL, encoding="utf-8")


def test_our_client_is_the_other_sides_whichever_came_first(engine, firm_env, tmp_path):
    root = tmp_path / "estate"
    _estate(root, redline=True, mail=False)
    driver = process_folder(engine, load_settings(), root)
    # Nobody on the matter's mail: the author's side is unknown, "Mandantin" reads as ours.
    assert _rationale(engine) == "client_instruction"
    _estate(root, redline=False, mail=True)
    driver.sync("estate")
    driver.run_until_idle()
    late = _rationale(engine)
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM sources"))
    shutil.rmtree(root)
    _estate(root, redline=True, mail=True)
    process_folder(engine, load_settings(), root, source="again")
    assert late == _rationale(engine) == "counterparty_request"
