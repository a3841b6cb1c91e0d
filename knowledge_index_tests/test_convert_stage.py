"""The convert stage through the ledger and Dagster, with real files the test generates."""

from __future__ import annotations

import pytest
from dagster import AssetKey, AssetPartitionStatus
from sqlalchemy import text

from knowledge_index.artifacts import get_artifact
from knowledge_index.orchestration.driver import Driver
from knowledge_index.orchestration.partitions import documents
from knowledge_index.retrieval.chunking import ChunkingConfig, ChunkingInput, chunk_document
from knowledge_index.settings import load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index_tests.convert import samples
from knowledge_index_tests.support.pipeline import process_folder


def _by_path(engine) -> dict[str, dict]:
    with engine.connect() as conn:
        rows = (
            conn.execute(
                text(
                    "SELECT o.path, o.id, o.content_hash, o.parent_id, p.status, p.last_error,"
                    " p.producer_version FROM source_objects o JOIN processing_state p"
                    " ON p.source_object_id = o.id AND p.stage = 'convert'"
                )
            )
            .mappings()
            .all()
        )
    return {r["path"]: dict(r) for r in rows}


@pytest.fixture
def mixed_estate(tmp_path):
    root = tmp_path / "estate"
    (root / "good").mkdir(parents=True)
    (root / "poison").mkdir()
    good = root / "good"
    (good / "vertrag.docx").write_bytes(samples.make_docx())
    (good / "redline.docx").write_bytes(samples.make_tracked_docx())
    (good / "notiz.txt").write_bytes("Gebühr für Müller".encode("cp1252"))
    (good / "brief.pdf").write_bytes(samples.make_text_pdf([["Sehr geehrte Frau Schulz"]]))
    (good / "page.html").write_text(
        "<html><body><p>Straße und Maß</p></body></html>", encoding="utf-8"
    )
    (good / "mail.eml").write_bytes(samples.make_eml(attachment=b"attached note"))
    (good / "copy-of-notiz.txt").write_bytes("Gebühr für Müller".encode("cp1252"))
    # Word's generated clause numbers; a DMS export's XML comments; a package that lost a part.
    (good / "numbered.docx").write_bytes((samples.NUMBERED / "vertrag.docx").read_bytes())
    docx = samples.make_docx()
    (good / "dms-export.docx").write_bytes(
        samples.edit_package(docx, {"word/document.xml": samples.with_xml_comments})
    )
    (good / "lost-image.docx").write_bytes(
        samples.edit_package(docx, {"word/_rels/document.xml.rels": samples.missing_part})
    )
    # A DOCX named .pdf still converts as what it is.
    (good / "misnamed.pdf").write_bytes(samples.make_docx())
    poison = root / "poison"
    pdf = samples.make_text_pdf([["truncated"]])
    (poison / "truncated.pdf").write_bytes(pdf[: len(pdf) // 2])
    # Starts like a DOCX (zip magic) but the container is cut off.
    (poison / "not-a-zip.docx").write_bytes(samples.make_docx()[:300])
    (poison / "empty.txt").write_bytes(b"")
    (poison / "no-body.docx").write_bytes(samples.edit_package(docx, {"word/document.xml": None}))
    (poison / "encrypted.pdf").write_bytes(samples.make_encrypted_pdf())
    (poison / "bomb.zip").write_bytes(samples.make_zip_bomb())
    return root


def test_mixed_batch_converts_and_poison_quarantines_alone(engine, mixed_estate, monkeypatch):
    monkeypatch.setenv("KI_PIPELINE__BATCH_SIZE", "50")
    settings = load_settings()
    with engine.begin() as conn:
        add_source(conn, "estate", mixed_estate)
    driver = Driver(settings)
    driver.sync("estate")
    driver.run_until_idle()
    rows = _by_path(engine)

    poison = {p: r for p, r in rows.items() if p.startswith("poison/")}
    assert {r["status"] for r in poison.values()} == {"quarantined"}, {
        p: r["status"] for p, r in poison.items()
    }
    for path, r in poison.items():
        err = r["last_error"]
        assert err["class"] == "UnsupportedDocument", path
        assert err["deterministic"] is True
    messages = {p.split("/")[1]: r["last_error"]["message"].lower() for p, r in poison.items()}
    assert "empty" in messages["empty.txt"]
    assert "zip" in messages["not-a-zip.docx"] or "docx" in messages["not-a-zip.docx"]
    assert "encrypt" in messages["encrypted.pdf"] or "password" in messages["encrypted.pdf"]
    assert (
        "bomb" in messages["bomb.zip"]
        or "ratio" in messages["bomb.zip"]
        or ("expand" in messages["bomb.zip"])
    )

    good = {p: r for p, r in rows.items() if p.startswith("good/")}
    assert {r["status"] for r in good.values()} == {"done"}, {
        p: r["last_error"] for p, r in good.items() if r["status"] != "done"
    }

    def body(path: str) -> dict:
        with engine.connect() as conn:
            return get_artifact(conn, "structured_json", rows[path]["content_hash"]).body

    assert "Gebühr für Müller" in body("good/notiz.txt")["text"]
    assert "Straße und Maß" in body("good/page.html")["text"]
    redline = body("good/redline.docx")
    assert {r["author"] for r in redline["revisions"]} >= {"Alice", "Bob"}
    assert redline["comments"][0]["anchored_text"]
    assert body("good/misnamed.pdf")["format"] == "docx"
    numbered = body("good/numbered.docx")
    chunks = chunk_document(
        ChunkingInput(text=numbered["text"]), ChunkingConfig(chunk_chars=120, chunk_overlap_chars=0)
    )
    assert any("(1) Die Haftung der Verkäuferin" in c.text for c in chunks)
    assert "§ 2 Haftung" in numbered["text"]
    assert "Die Gebühr für die Straße" in body("good/dms-export.docx")["text"]
    lost = body("good/lost-image.docx")
    assert lost["provenance"]["pipeline"] == "ooxml-fallback"
    assert "Die Haftung ist beschränkt." in lost["text"]
    assert rows["good/lost-image.docx"]["producer_version"].endswith(";degraded=ooxml-fallback")
    assert "document.xml" in messages["no-body.docx"]
    pdf = body("good/brief.pdf")
    assert "Sehr geehrte Frau Schulz" in pdf["text"]
    assert pdf["provenance"]["degraded"] is True
    assert rows["good/brief.pdf"]["producer_version"].endswith(";degraded=pdf-text-layer")

    # The e-mail attachment became a child document with its own ledger rows and partition.
    children = {p: r for p, r in rows.items() if "!/" in p}
    ((child_path, child),) = children.items()
    assert child_path.startswith("good/mail.eml!/") and child["status"] == "done"
    assert child["parent_id"] == rows["good/mail.eml"]["id"]
    keys = driver.instance.get_dynamic_partitions("documents")
    assert child["id"] in keys

    # Dagster shows per-document outcomes for convert.
    statuses = driver.instance.get_status_by_partition(AssetKey("convert"), keys, documents)
    assert {k for k, v in statuses.items() if v == AssetPartitionStatus.FAILED} == {
        r["id"] for r in poison.values()
    }

    # Identical bytes convert once: the copy reused the artifact.
    with engine.connect() as conn:
        n = conn.execute(
            text("SELECT count(*) FROM artifacts WHERE kind = 'structured_json'")
        ).scalar_one()
    assert n == len({r["content_hash"] for r in good.values()})


def test_converter_timeout_is_reported_apart(engine, tmp_path, monkeypatch):
    root = tmp_path / "estate"
    root.mkdir()
    # Far more than a warm worker converts in the 2 s budget (400 pages took 1.3 s here).
    many_pages = [[f"Seite {i} " + "Vertragstext " * 40] for i in range(4000)]
    (root / "slow.pdf").write_bytes(samples.make_text_pdf(many_pages))
    (root / "fast.txt").write_text("quick", encoding="utf-8")
    monkeypatch.setenv("KI_PIPELINE__CONVERT_TIMEOUT_SECONDS", "2")
    settings = load_settings()
    process_folder(engine, settings, root)
    rows = _by_path(engine)
    assert rows["fast.txt"]["status"] == "done"
    slow = rows["slow.pdf"]
    assert slow["status"] == "quarantined"
    assert slow["last_error"]["class"] == "ConversionTimeout"
    assert "conversion budget" in slow["last_error"]["message"]


def test_degraded_pdf_reconverts_exactly_when_models_are_provisioned(engine, tmp_path, monkeypatch):
    from knowledge_index.ledger.maintenance import prepare

    root = tmp_path / "estate"
    root.mkdir()
    (root / "letter.pdf").write_bytes(samples.make_text_pdf([["Sehr geehrte Damen"]]))
    (root / "note.txt").write_text("plain", encoding="utf-8")
    settings = load_settings()
    process_folder(engine, settings, root)
    with engine.begin() as conn:
        assert prepare(conn, settings).requeued_outdated == {}, "degraded is current here"
    models = tmp_path / "docling-models"
    models.mkdir()
    monkeypatch.setenv("KI_CONVERT__DOCLING_ARTIFACTS_PATH", str(models))
    with engine.begin() as conn:
        report = prepare(conn, load_settings())
    assert report.requeued_outdated == {"convert": 1}
    rows = _by_path(engine)
    assert rows["letter.pdf"]["status"] == "pending"
    assert rows["note.txt"]["status"] == "done"
