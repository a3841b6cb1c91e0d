"""The docling-serve client: configuration, the failure contract over real sockets, and parsing.

No server is emulated. The network faults come from real sockets: a closed port, and
`FaultInjector`, a tiny HTTP endpoint that answers every request with one fixed error status
(or drops the connection) and records what it was sent. The success path is checked where it
is deterministic: docling's own wire model (`ConvertDocumentResponse`) carrying a DoclingDocument
that local Docling produced goes through the remote parser and must give the same artifact as
the local path. (A real docling-serve cannot run in this suite: 1.38 loads Docling's layout
model for every request, DOCX included, and no docling-serve >= 1.0 installs beside the pinned
pandas 3.)
"""

from __future__ import annotations

import email.parser
import email.policy
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from sqlalchemy import text

from knowledge_index.convert import ConvertOptions, convert_bytes, converter_fingerprint
from knowledge_index.convert.docling_backend import build_document, prepare_input, run_docling
from knowledge_index.convert.remote import parse_response
from knowledge_index.errors import ConversionTimeout, InfrastructureError, UnsupportedDocument
from knowledge_index_tests.convert import samples
from knowledge_index_tests.support.pipeline import process_folder


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class FaultInjector:
    """A real HTTP endpoint that fails every request the same way and keeps what it received."""

    def __init__(self) -> None:
        self.status = 503
        self.body = b'{"detail": "injected fault"}'
        self.drop_connection = False
        self.requests: list[tuple[str, dict[str, str], bytes]] = []
        injector = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                body = self.rfile.read(length)
                injector.requests.append((self.path, dict(self.headers), body))
                if injector.drop_connection:
                    self.connection.shutdown(socket.SHUT_RDWR)
                    self.close_connection = True
                    return
                self.send_response(injector.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(injector.body)))
                self.end_headers()
                self.wfile.write(injector.body)

            do_GET = do_POST

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def fail_with(self, status: int, body: bytes = b'{"detail": "injected fault"}') -> None:
        self.status, self.body, self.drop_connection = status, body, False

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def injector():
    fault = FaultInjector()
    yield fault
    fault.close()


def _remote(url: str) -> ConvertOptions:
    return ConvertOptions(docling_url=url, timeout_seconds=30)


# --- configuration --------------------------------------------------------------------------


def test_docling_url_is_validated_not_refused(monkeypatch) -> None:
    from knowledge_index.settings import load_settings
    from knowledge_index.stages.convert.handler import convert_options

    assert ConvertOptions(docling_url=" http://docling:5001/ ").docling_url == "http://docling:5001"
    assert ConvertOptions(docling_url="").docling_url is None
    for bad in ("docling:5001", "ftp://docling", "http://", "http://d:5001/?x=1", "http://d:99999"):
        with pytest.raises(ValueError, match="docling_url"):
            ConvertOptions(docling_url=bad)
    monkeypatch.setenv("KI_CONVERT__DOCLING_URL", "https://docling.kanzlei.local:5001/")
    settings = load_settings()
    assert settings.convert.docling_url == "https://docling.kanzlei.local:5001"
    options = convert_options(settings)
    assert options.docling_url == "https://docling.kanzlei.local:5001"
    assert "docling-serve@docling.kanzlei.local:5001" in converter_fingerprint(options)
    monkeypatch.setenv("KI_CONVERT__DOCLING_URL", "docling.kanzlei.local")
    with pytest.raises(ValueError, match="docling_url"):
        load_settings()


# --- failure contract over real sockets -----------------------------------------------------


def test_server_down_is_retryable() -> None:
    options = _remote(f"http://127.0.0.1:{_closed_port()}")
    with pytest.raises(InfrastructureError) as caught:
        convert_bytes(samples.make_docx(), "vertrag.docx", options)
    assert caught.value.reason == "docling_serve_unreachable"
    assert not isinstance(caught.value, UnsupportedDocument)


@pytest.mark.parametrize("status", [500, 502, 503, 504, 429, 408])
def test_server_faults_are_retryable(injector: FaultInjector, status: int) -> None:
    injector.fail_with(status)
    with pytest.raises(InfrastructureError) as caught:
        convert_bytes(samples.make_docx(), "vertrag.docx", _remote(injector.url))
    assert caught.value.reason == f"docling_serve_http_{status}"
    assert "injected fault" in str(caught.value)


@pytest.mark.parametrize("status", [401, 403, 404])
def test_misconfiguration_never_blames_the_document(injector: FaultInjector, status: int) -> None:
    # docling-serve 1.38 answers 404 "Task result not found" when its pipeline cannot load
    # its models: quarantining the corpus for that would be wrong.
    injector.fail_with(status, b'{"detail": "Task result not found."}')
    with pytest.raises(InfrastructureError, match="provisioned models"):
        convert_bytes(samples.make_docx(), "vertrag.docx", _remote(injector.url))


def test_connection_reset_is_retryable(injector: FaultInjector) -> None:
    injector.drop_connection = True
    try:
        with pytest.raises(InfrastructureError) as caught:
            convert_bytes(samples.make_pptx(), "deck.pptx", _remote(injector.url))
    finally:
        injector.drop_connection = False
    assert caught.value.reason == "docling_serve_unreachable"


def test_rejection_quarantines_with_the_servers_reason(injector: FaultInjector) -> None:
    injector.fail_with(415, b'{"detail": "Unsupported file format: only zip-based OOXML"}')
    with pytest.raises(UnsupportedDocument, match="only zip-based OOXML"):
        convert_bytes(samples.make_xlsx(), "honorare.xlsx", _remote(injector.url))


def test_answer_outside_the_schema_is_the_servers_fault(injector: FaultInjector) -> None:
    injector.fail_with(200, b'{"unexpected": true}')
    with pytest.raises(InfrastructureError) as caught:
        convert_bytes(samples.make_docx(), "vertrag.docx", _remote(injector.url))
    assert caught.value.reason == "docling_serve_bad_response"


def test_request_carries_the_local_options_and_the_accepted_view(injector: FaultInjector) -> None:
    injector.fail_with(503)
    injector.requests.clear()
    with pytest.raises(InfrastructureError):
        convert_bytes(samples.make_tracked_docx(), "redline.docx", _remote(injector.url))
    path, headers, body = injector.requests[-1]
    assert path == "/v1/convert/file"
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        f"Content-Type: {headers['Content-Type']}\r\n\r\n".encode() + body
    )
    fields: dict[str, list[str]] = {}
    upload = b""
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if name == "files":
            upload = part.get_payload(decode=True)
            assert part.get_filename().endswith(".docx")
        else:
            fields.setdefault(name, []).append(part.get_content().strip())
    assert fields["to_formats"] == ["json", "md"]
    assert fields["from_formats"] == ["docx"]
    assert fields["do_ocr"] == ["false"] and fields["do_table_structure"] == ["true"]
    assert fields["abort_on_error"] == ["false"] and fields["document_timeout"] == ["30.0"]
    # Tracked changes are accepted before upload, exactly as the local path does.
    assert upload == prepare_input(samples.make_tracked_docx(), "docx", "redline.docx")


def test_poison_pdf_is_refused_before_any_request(injector: FaultInjector) -> None:
    injector.fail_with(503)
    injector.requests.clear()
    pdf = samples.make_text_pdf([["abgeschnitten"]])
    with pytest.raises(UnsupportedDocument, match="truncated"):
        convert_bytes(pdf[: len(pdf) // 2], "kurz.pdf", _remote(injector.url))
    with pytest.raises(UnsupportedDocument, match="corrupt or truncated"):
        convert_bytes(samples.make_docx()[:300], "kaputt.docx", _remote(injector.url))
    assert injector.requests == []


# --- parsing docling-serve's answer (docling's own wire model) -------------------------------


def _wire(status: str, document: Any = None, errors: list[dict] | None = None) -> dict:
    from docling.datamodel.service.responses import ConvertDocumentResponse

    answer = ConvertDocumentResponse.model_validate(
        {
            "document": {"filename": "document.docx", "json_content": document, "md_content": ""},
            "status": status,
            "errors": errors or [],
            "processing_time": 0.5,
        }
    )
    return answer.model_dump(mode="json")


def test_remote_json_gives_the_same_artifact_as_local() -> None:
    local_options = ConvertOptions()
    data = samples.make_docx()
    local = convert_bytes(data, "vertrag.docx", local_options).document
    docling_doc = run_docling(
        prepare_input(data, "docx", "vertrag.docx"), "docx", "v", local_options
    )
    payload = _wire("success", docling_doc.model_dump(mode="json"))
    parsed = parse_response(payload, "docx", "vertrag.docx", "docling:5001")
    remote = build_document(parsed, "docx", data, "vertrag.docx", 0.0, pipeline="x")
    assert "Die Gebühr für die Straße beträgt 100 EUR." in remote.text
    assert remote.tables[0].rows == [["Name", "Betrag"], ["Müller", "4711"]]
    same = ("text", "markdown", "sections", "tables", "metadata", "revisions", "comments")
    assert remote.model_dump(include=set(same)) == local.model_dump(include=set(same))


@pytest.mark.parametrize("status", ["partial_success", "failure"])
def test_anything_but_success_is_never_stored(status: str) -> None:
    errors = [
        {
            "component_type": "document_backend",
            "module_name": "MsWordDocumentBackend",
            "error_message": "File is not a zip file",
        }
    ]
    with pytest.raises(UnsupportedDocument, match=f"{status}.*File is not a zip file"):
        parse_response(_wire(status, errors=errors), "docx", "kaputt.docx", "docling:5001")


def test_server_side_document_timeout_is_reported_apart() -> None:
    errors = [
        {
            "component_type": "pipeline",
            "module_name": "StandardPdfPipeline",
            "error_message": "document_timeout exceeded",
            "category": "timeout",
        }
    ]
    with pytest.raises(ConversionTimeout, match="timed out"):
        parse_response(_wire("partial_success", errors=errors), "pdf", "lang.pdf", "d:5001")


# --- through the ledger ---------------------------------------------------------------------


def test_stage_quarantines_poison_and_retries_the_server_fault(
    engine, tmp_path, monkeypatch, injector: FaultInjector
) -> None:
    from knowledge_index.settings import load_settings

    injector.fail_with(503, b'{"detail": "docling-serve overloaded"}')
    root = tmp_path / "estate"
    root.mkdir()
    (root / "vertrag.docx").write_bytes(samples.make_docx())
    (root / "kaputt.docx").write_bytes(samples.make_docx()[:300])
    (root / "notiz.txt").write_bytes("Gebühr für Müller".encode("cp1252"))
    monkeypatch.setenv("KI_CONVERT__DOCLING_URL", injector.url)
    settings = load_settings()
    process_folder(engine, settings, root, max_wait_seconds=0)
    with engine.connect() as conn:
        rows = {
            r["path"]: r
            for r in conn.execute(
                text(
                    "SELECT o.path, p.status, p.last_error FROM source_objects o"
                    " JOIN processing_state p ON p.source_object_id = o.id"
                    " AND p.stage = 'convert'"
                )
            ).mappings()
        }
    assert rows["notiz.txt"]["status"] == "done"
    poison = rows["kaputt.docx"]
    assert poison["status"] == "quarantined"
    assert poison["last_error"]["class"] == "UnsupportedDocument"
    server_down = rows["vertrag.docx"]
    assert server_down["status"] != "quarantined"
    assert server_down["last_error"]["class"] == "InfrastructureError"
    assert "docling-serve overloaded" in server_down["last_error"]["message"]
