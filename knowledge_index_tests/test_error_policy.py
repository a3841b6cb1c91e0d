"""Every row of the error table leads to the documented state, backoff and last_error."""

from __future__ import annotations

from datetime import datetime

import httpx
import pytest

from knowledge_index.errors import (
    ArtifactTooLarge,
    InfrastructureError,
    ModelOutputInvalid,
    ProviderPermanentError,
    RetryableStageError,
    UnsupportedDocument,
)
from knowledge_index.runner import run_stage
from knowledge_index.settings import load_settings
from knowledge_index_tests.support.estate import force_due, mark_stage_done, row, synced_estate
from knowledge_index_tests.support.handlers import make_raising_handler, register_handler


class GatewayStatus(Exception):
    def __init__(self, status_code: int) -> None:
        super().__init__(f"gateway answered {status_code}")
        self.status_code = status_code


def _seconds_until(value: datetime) -> float:
    return (value - datetime.now(value.tzinfo)).total_seconds()


@pytest.fixture
def one_doc(settings, engine, tmp_path):
    (source_object_id,) = synced_estate(engine, settings, tmp_path / "estate", 1)
    mark_stage_done(engine, "fetch", settings.producer_version("fetch"))
    return source_object_id


@pytest.mark.parametrize(
    "exc",
    [
        UnsupportedDocument("not a zip file"),
        ArtifactTooLarge("too big"),
        FileNotFoundError("gone"),
        ValueError("bad value"),
        ProviderPermanentError("401: key rejected"),
        # A deterministic verdict wins even when it wraps a transport error.
        ValueError("wraps"),
    ],
    ids=["unsupported", "too-large", "not-found", "value-error", "provider-permanent", "wrapped"],
)
def test_deterministic_errors_quarantine_on_first_attempt(engine, settings, one_doc, exc):
    if str(exc) == "wraps":
        exc.__cause__ = httpx.ConnectError("refused")
    register_handler("convert", make_raising_handler(exc))
    run_stage(settings, "convert")
    r = row(engine, one_doc, "convert")
    assert r["status"] == "quarantined"
    assert r["attempts"] == 1
    err = r["last_error"]
    assert err["class"] == type(exc).__name__
    assert err["message"] == str(exc)
    assert err["deterministic"] is True
    assert err["infrastructure"] is None
    assert type(exc).__name__ in err["traceback"]
    # Downstream stays waiting: a quarantined stage unlocks nothing.
    assert row(engine, one_doc, "classify_matter")["reason"] == "waiting_for_previous_stage"


@pytest.mark.parametrize("exc_type", [ModelOutputInvalid, RetryableStageError, RuntimeError])
def test_retryable_errors_back_off_then_quarantine(engine, settings, one_doc, exc_type):
    register_handler("convert", make_raising_handler(exc_type("flaky")))
    run_stage(settings, "convert")
    r = row(engine, one_doc, "convert")
    assert r["status"] == "failed" and r["attempts"] == 1
    assert 4.9 <= _seconds_until(r["next_retry_at"]) <= 6.1  # 5 s x jitter <= 20 %
    assert r["last_error"]["deterministic"] is False
    force_due(engine)
    run_stage(settings, "convert")
    r = row(engine, one_doc, "convert")
    assert r["status"] == "failed" and r["attempts"] == 2
    assert 9.9 <= _seconds_until(r["next_retry_at"]) <= 12.1
    force_due(engine)
    run_stage(settings, "convert")
    r = row(engine, one_doc, "convert")
    assert r["status"] == "quarantined" and r["attempts"] == 3  # default max_attempts


@pytest.mark.parametrize(
    ("exc", "reason"),
    [
        (
            InfrastructureError("gateway down", reason="gateway answered HTTP 503"),
            "gateway answered HTTP 503",
        ),
        (httpx.ConnectError("connection refused"), "transport error: ConnectError"),
        (httpx.ReadTimeout("read timed out"), "transport error: ReadTimeout"),
        (GatewayStatus(429), "gateway answered HTTP 429"),
        (GatewayStatus(502), "gateway answered HTTP 502"),
    ],
    ids=["infra", "connect", "timeout", "429", "502"],
)
def test_infrastructure_faults_never_quarantine_and_backoff_is_capped(
    engine, one_doc, monkeypatch, exc, reason
):
    monkeypatch.setenv("KI_INFRASTRUCTURE_RETRY_MAX_SECONDS", "12")
    settings = load_settings()
    register_handler("convert", make_raising_handler(exc))
    for attempt in range(1, 7):  # twice the attempt budget
        run_stage(settings, "convert")
        r = row(engine, one_doc, "convert")
        assert r["status"] == "failed", f"quarantined on attempt {attempt}"
        assert r["attempts"] == attempt
        assert r["last_error"]["infrastructure"] == reason
        assert _seconds_until(r["next_retry_at"]) <= 12.1
        force_due(engine)


def test_messages_and_tracebacks_are_truncated(engine, settings, one_doc):
    register_handler("convert", make_raising_handler(UnsupportedDocument("x" * 5000)))
    run_stage(settings, "convert")
    err = row(engine, one_doc, "convert")["last_error"]
    assert len(err["message"]) == 2000
    assert len(err["traceback"]) <= 6000


def test_max_attempts_is_per_stage(engine, one_doc, monkeypatch):
    monkeypatch.setenv("KI_PIPELINE__STAGES__CONVERT__MAX_ATTEMPTS", "1")
    settings = load_settings()
    register_handler("convert", make_raising_handler(RuntimeError("boom")))
    run_stage(settings, "convert")
    assert row(engine, one_doc, "convert")["status"] == "quarantined"
