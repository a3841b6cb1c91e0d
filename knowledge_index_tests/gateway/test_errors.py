"""Provider faults through a real litellm call: taxonomy, readable causes, cooldown."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from knowledge_index.errors import InfrastructureError, ProviderPermanentError
from knowledge_index.gateway import Gateway, ProviderCooldown, ProviderFault
from knowledge_index.gateway.errors import PROVIDER_COOLDOWN, clear_provider_cooldown
from knowledge_index.ledger.policy import classify
from knowledge_index.settings import Settings
from knowledge_index_tests.gateway import fake_provider as fp
from knowledge_index_tests.gateway.conftest import ManualClock

MESSAGES = [{"role": "user", "content": "hello"}]


def _call(gateway: Gateway) -> None:
    gateway.complete("classify_matter", MESSAGES, source_object_id="doc-1", trace_id="t-1")


@pytest.mark.parametrize(
    ("make", "kind", "words"),
    [
        (fp.auth_error, "rejected_key", ["API key", "HTTP 401", "classify_matter"]),
        (fp.forbidden, "forbidden", ["HTTP 403", "pipeline.stages.classify_matter.model"]),
        (fp.not_found, "unknown_model", ["does not serve", "HTTP 404", "KI_LLM_MODEL"]),
        (fp.quota_exhausted, "quota", ["exhausted its quota", "insufficient_quota"]),
    ],
)
def test_permanent_faults_quarantine_with_a_readable_cause_and_cool_down(
    fake: fp.FakeProvider,
    fake_settings: Settings,
    cooldown: ProviderCooldown,
    clock: ManualClock,
    make: Callable[[], BaseException],
    kind: str,
    words: list[str],
) -> None:
    gateway = Gateway(fake_settings, cooldown=cooldown)
    fake.load([make(), fp.text("fine again")])

    with pytest.raises(ProviderPermanentError) as caught:
        _call(gateway)
    fault = caught.value
    assert isinstance(fault, ProviderFault) and fault.kind == kind
    assert fault.model == fp.MODEL and fp.MODEL in str(fault)
    for word in words:
        assert word in str(fault)
    assert classify(fault).kind == "deterministic"
    assert len(fake.calls) == 1

    # Sibling documents fail fast with the original cause and never reach the provider.
    for _ in range(3):
        with pytest.raises(ProviderPermanentError, match="cooling down") as again:
            _call(gateway)
        assert str(fault) in str(again.value)
        assert classify(again.value).kind == "deterministic"
    assert len(fake.calls) == 1

    clock.now += 59
    with pytest.raises(ProviderPermanentError):
        _call(gateway)
    assert len(fake.calls) == 1

    cooldown.clear(fp.MODEL)  # the operator fixed the key and retries
    assert gateway.complete(
        "classify_matter", MESSAGES, source_object_id="d", trace_id="t"
    ).content == ("fine again")
    assert len(fake.calls) == 2


def test_cooldown_expires_on_its_own(
    fake: fp.FakeProvider, fake_settings: Settings, cooldown: ProviderCooldown, clock: ManualClock
) -> None:
    gateway = Gateway(fake_settings, cooldown=cooldown)
    fake.load([fp.auth_error(), fp.text("ok")])
    with pytest.raises(ProviderPermanentError):
        _call(gateway)
    assert cooldown.active() == {fp.MODEL: 60.0}
    clock.now += 60.5
    _call(gateway)
    assert len(fake.calls) == 2


def test_cooldown_is_per_model_and_reads_the_environment(
    fake: fp.FakeProvider,
    private_home: object,
    cooldown: ProviderCooldown,
    clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KI_PROVIDER_FAULT_COOLDOWN_SECONDS", "5")
    monkeypatch.setenv("KI_LLM_MODEL", fp.MODEL)
    settings = Settings()
    settings.pipeline.stages["relate"].model = f"{fp.PREFIX}/other"
    gateway = Gateway(settings, cooldown=cooldown)
    fake.load([fp.auth_error(), fp.text("other model still works")])
    with pytest.raises(ProviderPermanentError):
        _call(gateway)
    assert gateway.complete("relate", MESSAGES, source_object_id="d", trace_id="t").content
    assert cooldown.active() == {fp.MODEL: 5.0}
    clock.now += 5.1
    assert cooldown.active() == {}


def test_process_wide_cooldown_is_shared_and_clearable(
    fake: fp.FakeProvider, fake_settings: Settings
) -> None:
    first, second = Gateway(fake_settings), Gateway(fake_settings)
    assert first.cooldown is PROVIDER_COOLDOWN is second.cooldown
    fake.load([fp.not_found(), fp.text("ok")])
    try:
        with pytest.raises(ProviderPermanentError):
            _call(first)
        with pytest.raises(ProviderPermanentError, match="cooling down"):
            _call(second)
        assert len(fake.calls) == 1
        clear_provider_cooldown()
        _call(second)
        assert len(fake.calls) == 2
    finally:
        clear_provider_cooldown()


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (fp.unavailable, "gateway answered HTTP 503"),
        (fp.rate_limited, "gateway answered HTTP 429"),
        (fp.timeout, "transport error: Timeout"),
        (fp.connection_error, "transport error: APIConnectionError"),
        (
            lambda: fp.litellm.exceptions.InternalServerError(
                message="boom", llm_provider="openai", model="gpt-x"
            ),
            "gateway answered HTTP 500",
        ),
    ],
)
def test_outages_are_infrastructure_and_never_cool_down(
    fake: fp.FakeProvider,
    fake_settings: Settings,
    cooldown: ProviderCooldown,
    make: Callable[[], BaseException],
    reason: str,
) -> None:
    gateway = Gateway(fake_settings, cooldown=cooldown)
    fake.load([make(), fp.text("back")])
    with pytest.raises(InfrastructureError) as caught:
        _call(gateway)
    assert caught.value.reason == reason
    verdict = classify(caught.value)
    assert verdict.kind == "infrastructure" and verdict.infrastructure_reason == reason
    assert cooldown.active() == {}
    _call(gateway)
    assert len(fake.calls) == 2


def test_other_provider_errors_pass_through(
    fake: fp.FakeProvider, fake_settings: Settings, cooldown: ProviderCooldown
) -> None:
    gateway = Gateway(fake_settings, cooldown=cooldown)
    error = fp.bad_request()
    fake.load([error])
    with pytest.raises(type(error)) as caught:
        _call(gateway)
    assert caught.value is error
    assert classify(caught.value).kind == "other"


def test_a_bug_in_a_local_handler_is_not_mistaken_for_an_outage(
    fake: fp.FakeProvider, fake_settings: Settings, cooldown: ProviderCooldown
) -> None:
    # litellm wraps it into APIConnectionError (HTTP 500); retrying forever would hide the bug.
    fake.load([KeyError("policy bug")])
    with pytest.raises(KeyError, match="policy bug") as caught:
        _call(Gateway(fake_settings, cooldown=cooldown))
    assert classify(caught.value).kind == "other"
