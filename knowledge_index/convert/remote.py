"""docling-serve as the converter for what Docling reads, when `convert.docling_url` is set.

The bytes go to `POST {url}/v1/convert/file` (multipart) with the options the local path uses;
the DoclingDocument JSON that comes back is validated with docling's own wire model and goes
through the same `build_document` as a local conversion, so both produce the same artifact
apart from the provenance, which names the server.

Failure contract: whatever is the server's or the network's fault (refused or reset connection,
timeouts, 408/425/429, 5xx, 401/403/404/405, an answer that is not docling-serve's schema) is an
InfrastructureError, retried and never quarantined; a document the server rejects (other 4xx,
status failure or partial_success) is an UnsupportedDocument with the server's reason; a
document the server gave up on within its `document_timeout` is a ConversionTimeout. Nothing
is stored unless the server reports full success.
"""

from __future__ import annotations

import functools
import threading
import time
from typing import Any
from urllib.parse import urlsplit

import httpx

from knowledge_index.convert.docling_backend import SUFFIX, build_document, prepare_input
from knowledge_index.convert.model import DocumentFormat, StructuredDocument
from knowledge_index.convert.options import ConvertOptions
from knowledge_index.errors import ConversionTimeout, InfrastructureError, UnsupportedDocument

CONVERT_PATH = "/v1/convert/file"
VERSION_PATH = "/version"
PIPELINE = "docling-serve-standard"
_FROM_FORMAT = {"docx": "docx", "pptx": "pptx", "xlsx": "xlsx", "html": "html",
                "markdown": "md", "csv": "csv", "pdf": "pdf", "image": "image"}  # fmt: skip
_CONNECT_SECONDS = 10.0
# The server gives up on a document after `document_timeout`; the read timeout allows for
# queueing and the response on top of that before calling the server unresponsive.
_READ_MARGIN_SECONDS = 60.0
_RETRYABLE_STATUS = frozenset({408, 425, 429})
_MISCONFIGURED_STATUS = frozenset({401, 403, 404, 405})
_DETAIL_CHARS = 500

_clients: dict[tuple[str, float], httpx.Client] = {}
_clients_lock = threading.Lock()


def host_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port}" if parts.port else str(parts.hostname)


def client_for(url: str, timeout_seconds: float) -> httpx.Client:
    """One pooled, thread-safe client per server and budget in this process."""
    key = (url, timeout_seconds)
    with _clients_lock:
        client = _clients.get(key)
        if client is None:
            client = httpx.Client(
                base_url=url,
                timeout=httpx.Timeout(
                    timeout_seconds + _READ_MARGIN_SECONDS, connect=_CONNECT_SECONDS
                ),
                limits=httpx.Limits(max_connections=16, max_keepalive_connections=8),
                trust_env=False,  # an on-prem converter is never reached through a proxy
            )
            _clients[key] = client
        return client


def close_clients() -> None:
    with _clients_lock:
        for client in _clients.values():
            client.close()
        _clients.clear()


@functools.cache
def server_versions(url: str) -> tuple[tuple[str, str], ...]:
    """What `GET /version` reports (docling-serve, docling, ...), or nothing if it will not say.

    Cached per process: a server that hides its versions is asked once, not per document.
    """
    try:
        response = httpx.get(url + VERSION_PATH, timeout=_CONNECT_SECONDS, trust_env=False)
        response.raise_for_status()
        payload = response.json()
    except (httpx.HTTPError, ValueError):
        return ()
    if not isinstance(payload, dict):
        return ()
    keep = ("docling-serve", "docling-jobkit", "docling", "docling-core")
    return tuple((k, str(payload[k])) for k in keep if k in payload)


def request_fields(fmt: DocumentFormat, options: ConvertOptions) -> dict[str, Any]:
    """The form fields equivalent to the local converter's options for this format."""
    ocr = fmt in ("pdf", "image")
    fields: dict[str, Any] = {
        "from_formats": [_FROM_FORMAT[fmt]],
        "to_formats": ["json", "md"],
        "pipeline": "standard",
        "do_ocr": str(ocr).lower(),
        "do_table_structure": "true",
        "table_mode": "accurate",
        "image_export_mode": "placeholder",
        "abort_on_error": "false",
        "document_timeout": str(options.timeout_seconds),
    }
    if ocr:
        fields["ocr_lang"] = list(options.ocr_languages)
    return fields


def _detail(response: httpx.Response) -> str:
    try:
        payload = response.json()
    except ValueError:
        return response.text[:_DETAIL_CHARS].strip() or response.reason_phrase
    if isinstance(payload, dict) and "detail" in payload:
        detail = payload["detail"]
        return (detail if isinstance(detail, str) else repr(detail))[:_DETAIL_CHARS]
    return repr(payload)[:_DETAIL_CHARS]


def _post(data: bytes, fmt: DocumentFormat, filename: str, options: ConvertOptions) -> Any:
    url = options.docling_url
    assert url is not None
    host = host_of(url)
    upload = ("document" + SUFFIX[fmt], data, "application/octet-stream")
    try:
        response = client_for(url, options.timeout_seconds).post(
            CONVERT_PATH, files={"files": upload}, data=request_fields(fmt, options)
        )
    except httpx.TimeoutException as exc:
        raise InfrastructureError(
            f"docling-serve at {host} did not answer in time for {filename!r} "
            f"({type(exc).__name__}: {exc})",
            reason="docling_serve_timeout",
        ) from exc
    except httpx.TransportError as exc:
        raise InfrastructureError(
            f"docling-serve at {host} is unreachable ({type(exc).__name__}: {exc})",
            reason="docling_serve_unreachable",
        ) from exc
    code = response.status_code
    if code >= 500 or code in _RETRYABLE_STATUS:
        raise InfrastructureError(
            f"docling-serve at {host} answered {code} for {filename!r}: {_detail(response)}",
            reason=f"docling_serve_http_{code}",
        )
    if code in _MISCONFIGURED_STATUS:
        # Wrong URL or key, or (docling-serve 1.38) a pipeline that could not start because its
        # models are missing: the server's fault, whatever the document.
        raise InfrastructureError(
            f"docling-serve at {host} answered {code} for {filename!r}: {_detail(response)} "
            "(check docling_url, the server's API key and its provisioned models)",
            reason=f"docling_serve_http_{code}",
        )
    if code >= 400:
        raise UnsupportedDocument(
            f"{fmt} {filename!r}: docling-serve rejected it ({code}: {_detail(response)})"
        )
    try:
        return response.json()
    except ValueError as exc:
        raise InfrastructureError(
            f"docling-serve at {host} answered {code} with a body that is not JSON",
            reason="docling_serve_bad_response",
        ) from exc


def parse_response(payload: Any, fmt: DocumentFormat, filename: str, host: str) -> Any:
    """The DoclingDocument of a full success; anything less raises (half a document is never
    stored)."""
    from docling.datamodel.base_models import ConversionStatus, FailureCategory
    from docling.datamodel.service.responses import ConvertDocumentResponse
    from pydantic import ValidationError

    try:
        answer = ConvertDocumentResponse.model_validate(payload)
    except ValidationError as exc:
        raise InfrastructureError(
            f"docling-serve at {host} answered outside its documented schema "
            f"({exc.error_count()} error(s), first: {exc.errors()[0]['msg']})",
            reason="docling_serve_bad_response",
        ) from exc
    errors = [e.error_message for e in answer.errors]
    if any(e.category == FailureCategory.TIMEOUT for e in answer.errors):
        raise ConversionTimeout(
            f"{fmt} {filename!r}: docling-serve at {host} timed out ({'; '.join(errors)})"
        )
    if answer.status != ConversionStatus.SUCCESS or answer.errors:
        detail = "; ".join(errors) or "no error detail"
        raise UnsupportedDocument(
            f"{fmt} {filename!r}: docling-serve returned {answer.status.value} ({detail})"
        )
    if answer.document.json_content is None:
        raise InfrastructureError(
            f"docling-serve at {host} reported success without the JSON document it was asked for",
            reason="docling_serve_bad_response",
        )
    return answer.document.json_content


def convert_remote(
    data: bytes, fmt: DocumentFormat, filename: str, options: ConvertOptions
) -> StructuredDocument:
    """One document through docling-serve; same artifact shape as `convert_with_docling`."""
    started = time.perf_counter()
    url = options.docling_url
    assert url is not None
    host = host_of(url)
    if fmt == "pdf":
        # Truncated, encrypted or corrupt PDFs are refused here with the local reasons; the
        # server is never asked about bytes that cannot be half a document.
        from knowledge_index.convert.pdf import open_pdf

        open_pdf(data, filename).close()
    payload = _post(prepare_input(data, fmt, filename), fmt, filename, options)
    doc = parse_response(payload, fmt, filename, host)
    result = build_document(doc, fmt, data, filename, started, pipeline=PIPELINE)
    if fmt in ("pdf", "image") and not result.text.strip():
        from knowledge_index.convert.pdf import no_text_error

        raise no_text_error(fmt, filename)
    versions = dict(server_versions(url))
    remote = {"host": host, **versions}
    return result.model_copy(
        update={
            "provenance": result.provenance.model_copy(
                update={
                    "converter": "docling-serve",
                    "converter_version": versions.get("docling-serve", "unknown"),
                    "remote": remote,
                    "timings": {"total": time.perf_counter() - started},
                }
            )
        }
    )
