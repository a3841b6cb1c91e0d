"""The run loop sends documents a stage finds back through the earlier stages first.

A mail filed in a matter folder brings its attachment as a child document, converted only
after the mail. A file outside every matter folder waits in classify_matter until every filed
document is converted. If the later stages ran before the attachment was converted, the loose
file would fail, retry and send work round twice. Upstream first, each stage runs once for
every document.
"""

from __future__ import annotations

from email.message import EmailMessage

from sqlalchemy import text

from knowledge_index.orchestration.driver import Driver
from knowledge_index.sources.registry import add_source


def _mail_with_attachment() -> bytes:
    mail = EmailMessage()
    mail["From"] = "anna.berger@mandant-gmbh.de"
    mail["To"] = "kanzlei@example-law.de"
    mail["Subject"] = "Kaufvertrag Entwurf"
    mail["Date"] = "Mon, 04 Mar 2024 10:00:00 +0100"
    mail.set_content("Anbei unser Entwurf des Kaufvertrags mit der Nordlicht Logistik AG.")
    mail.add_attachment(
        "Kaufvertrag zwischen der Mandant GmbH und der Nordlicht Logistik AG über die Halle 3.",
        filename="Kaufvertrag Entwurf.txt",
    )
    return bytes(mail)


def test_each_stage_runs_once_when_a_mail_brings_an_attachment(engine, settings, tmp_path):
    root = tmp_path / "estate"
    matter = root / "Mandanten" / "Mandant GmbH" / "2024-0117 Kauf Halle 3"
    matter.mkdir(parents=True)
    (matter / "Kaufvertrag Entwurf.eml").write_bytes(_mail_with_attachment())
    (matter / "Aktenvermerk.txt").write_text("Aktenvermerk zum Kauf der Halle 3, 2024-0117.")
    inbox = root / "Eingang"
    inbox.mkdir()
    (inbox / "Notiz Halle 3.txt").write_text("Rückruf Frau Berger wegen Kaufvertrag Halle 3.")

    with engine.begin() as conn:
        add_source(conn, "estate", root)
    driver = Driver(settings)
    driver.sync("estate")
    summary = driver.run_until_idle()
    with engine.connect() as conn:
        documents = conn.execute(text("SELECT count(*) FROM source_objects")).scalar_one()
        attempts = dict(
            conn.execute(
                text("SELECT stage, max(attempts) FROM processing_state GROUP BY stage")
            ).all()
        )
        statuses = {
            row[0]
            for row in conn.execute(text("SELECT DISTINCT status FROM processing_state")).all()
        }
    assert documents == 4  # the mail, its attachment, the file note, the loose note
    assert statuses <= {"done", "skipped"}
    # No stage needed a second attempt for any document: nothing waited on a late child.
    assert all(n <= 1 for n in attempts.values()), attempts
    assert summary.failed_runs == 0
    # Each stage took every document once (the attachment included), none twice.
    assert set(summary.documents_by_stage.values()) == {documents}, summary.documents_by_stage
