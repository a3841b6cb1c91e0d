"""The circuit breaker through a real litellm call to a FAKE provider, circuits in Postgres.

Consecutive infrastructure failures open a model's circuit; while it is open no request reaches
the provider (from this gateway or another one on the same database, as another process would
be); after the cooldown one half-open probe closes it on an answer or reopens it with the
cooldown doubled. A 401 is not an infrastructure fault. Requests per call are bounded: the
provider SDK's own retries are off and the gateway's retries are counted.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from knowledge_index.errors import CircuitOpen, InfrastructureError, ProviderPermanentError
from knowledge_index.gateway import Gateway, ProviderCooldown
from knowledge_index.gateway.breaker import CircuitBreaker, MemoryCircuitStore
from knowledge_index.gateway.circuits import PostgresCircuitStore, open_circuits
from knowledge_index.ledger.policy import classify
from knowledge_index.settings import BreakerSettings, Settings, load_settings
from knowledge_index_tests.gateway import fake_provider as fp

MESSAGES = [{"role": "user", "content": "hello"}]


class UtcClock:
    def __init__(self) -> None:
        self.now = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def utc_clock() -> UtcClock:
    return UtcClock()


@pytest.fixture
def breaker_settings(ki_env, monkeypatch) -> Settings:
    monkeypatch.setenv("KI_LLM_MODEL", fp.MODEL)
    monkeypatch.setenv("KI_GATEWAY__BREAKER__FAILURES", "3")
    monkeypatch.setenv("KI_GATEWAY__BREAKER__COOLDOWN_SECONDS", "30")
    return load_settings()


def _gateway(settings: Settings, engine, clock: UtcClock, **kwargs) -> Gateway:
    breaker = CircuitBreaker(PostgresCircuitStore(engine), settings.gateway.breaker, clock=clock)
    return Gateway(
        settings,
        engine,
        cooldown=ProviderCooldown(),
        breaker=breaker,
        sleep=lambda _: None,
        **kwargs,
    )


def _call(gateway: Gateway) -> str | None:
    return gateway.complete(
        "classify_matter", MESSAGES, source_object_id="doc-1", trace_id="t-1"
    ).content


def test_settings_read_the_environment(breaker_settings: Settings) -> None:
    assert breaker_settings.gateway.breaker == BreakerSettings(
        enabled=True, failures=3, cooldown_seconds=30, max_cooldown_seconds=300
    )


def test_consecutive_outages_open_the_circuit_for_every_process_until_a_probe_closes_it(
    breaker_settings: Settings, engine, utc_clock: UtcClock
) -> None:
    fake = fp.install_fake().load(
        [fp.unavailable(), fp.timeout(), fp.rate_limited(), fp.text("back"), fp.text("again")]
    )
    first = _gateway(breaker_settings, engine, utc_clock)
    for _ in range(3):
        with pytest.raises(InfrastructureError) as caught:
            _call(first)
        assert not isinstance(caught.value, CircuitOpen)
    assert len(fake.calls) == 3
    # Every request went out with the SDK's own retries off: one call, one request.
    assert {c.max_retries for c in fake.calls} == {0}

    # Open: refused without a request, here and in another process on the same database.
    other = _gateway(breaker_settings, engine, utc_clock)
    for gateway in (first, other, first):
        with pytest.raises(CircuitOpen, match="circuit open for model") as refused:
            _call(gateway)
        verdict = classify(refused.value)
        assert verdict.kind == "infrastructure" and "circuit open" in str(
            verdict.infrastructure_reason
        )
        assert refused.value.retry_at == utc_clock.now + timedelta(seconds=30)
    assert len(fake.calls) == 3
    with engine.connect() as conn:
        (circuit,) = open_circuits(conn)
    assert circuit.model == fp.MODEL and circuit.state == "open" and circuit.failures == 3
    assert circuit.last_error == "gateway answered HTTP 429"

    utc_clock.advance(29)
    with pytest.raises(CircuitOpen):
        _call(other)
    assert len(fake.calls) == 3

    # Cooldown over: one half-open probe; its answer closes the circuit for everyone.
    utc_clock.advance(1)
    assert other.breaker.probe_due(fp.MODEL)
    assert _call(other) == "back"
    assert _call(first) == "again"
    assert len(fake.calls) == 5
    with engine.connect() as conn:
        assert open_circuits(conn) == []


def test_a_failed_probe_reopens_with_the_cooldown_doubled_and_only_one_probe_at_a_time(
    breaker_settings: Settings, engine, utc_clock: UtcClock
) -> None:
    fake = fp.install_fake().load([fp.unavailable()] * 4 + [fp.text("ok")])
    gateway = _gateway(breaker_settings, engine, utc_clock)
    for _ in range(3):
        with pytest.raises(InfrastructureError):
            _call(gateway)
    utc_clock.advance(30)
    # Another process holds the probe: this one is refused while the probe is in flight.
    store = PostgresCircuitStore(engine)
    prober = CircuitBreaker(store, breaker_settings.gateway.breaker, clock=utc_clock)
    assert prober.admit(fp.MODEL) == "probe"
    with pytest.raises(CircuitOpen, match="circuit probing"):
        _call(gateway)
    assert len(fake.calls) == 3
    prober.failure(fp.MODEL, "gateway answered HTTP 503")  # the probe failed
    circuit = store.get(fp.MODEL)
    assert circuit is not None and circuit.state == "open"
    assert circuit.retry_at == utc_clock.now + timedelta(seconds=60)

    utc_clock.advance(60)
    with pytest.raises(InfrastructureError):
        _call(gateway)  # this gateway's probe fails too: 120 s now
    assert store.get(fp.MODEL).retry_at == utc_clock.now + timedelta(seconds=120)  # type: ignore[union-attr]
    utc_clock.advance(120)
    assert _call(gateway) == "ok"
    assert store.get(fp.MODEL).state == "closed"  # type: ignore[union-attr]
    assert len(fake.calls) == 5


def test_a_rejected_key_is_no_outage_and_quarantines_as_before(
    breaker_settings: Settings, engine, utc_clock: UtcClock
) -> None:
    fake = fp.install_fake().load(
        [fp.unavailable(), fp.unavailable(), fp.auth_error(), fp.unavailable(), fp.unavailable()]
    )
    gateway = _gateway(breaker_settings, engine, utc_clock)
    for _ in range(2):
        with pytest.raises(InfrastructureError):
            _call(gateway)
    with pytest.raises(ProviderPermanentError, match="rejected the API key") as rejected:
        _call(gateway)
    assert classify(rejected.value).kind == "deterministic"
    # The gateway answered: the count starts again, two more outages do not open it.
    gateway.cooldown.clear()
    for _ in range(2):
        with pytest.raises(InfrastructureError) as caught:
            _call(gateway)
        assert not isinstance(caught.value, CircuitOpen)
    assert len(fake.calls) == 5
    with engine.connect() as conn:
        assert open_circuits(conn) == []


def test_gateway_retries_are_requests_the_breaker_counts(
    breaker_settings: Settings, engine, utc_clock: UtcClock, monkeypatch
) -> None:
    monkeypatch.setenv("KI_GATEWAY__REQUEST_RETRIES", "1")
    settings = load_settings()
    fake = fp.install_fake().load([fp.unavailable(), fp.text("second request")])
    gateway = _gateway(settings, engine, utc_clock)
    assert _call(gateway) == "second request"  # one call, two requests
    assert len(fake.calls) == 2

    fake.load([fp.unavailable()] * 4)
    with pytest.raises(InfrastructureError):
        _call(gateway)  # two requests, two failures
    with pytest.raises(InfrastructureError):
        _call(gateway)  # the third failure opens the circuit: no retry after it
    assert len(fake.calls) == 5
    with pytest.raises(CircuitOpen):
        _call(gateway)
    assert len(fake.calls) == 5


def test_without_a_database_the_breaker_is_private_to_the_gateway(
    fake_settings: Settings, monkeypatch
) -> None:
    monkeypatch.setenv("KI_GATEWAY__BREAKER__FAILURES", "1")
    settings = Settings(llm_model=fp.MODEL)
    fake = fp.install_fake().load([fp.unavailable()])
    gateway = Gateway(settings, cooldown=ProviderCooldown())
    assert isinstance(gateway.breaker.store, MemoryCircuitStore)
    with pytest.raises(InfrastructureError):
        _call(gateway)
    with pytest.raises(CircuitOpen):
        _call(gateway)
    assert len(fake.calls) == 1


def test_disabled_breaker_never_refuses(breaker_settings: Settings, engine, monkeypatch) -> None:
    monkeypatch.setenv("KI_GATEWAY__BREAKER__ENABLED", "false")
    settings = load_settings()
    fake = fp.install_fake().load([fp.unavailable()] * 5)
    gateway = Gateway(settings, engine, cooldown=ProviderCooldown())
    for _ in range(5):
        with pytest.raises(InfrastructureError) as caught:
            _call(gateway)
        assert not isinstance(caught.value, CircuitOpen)
    assert len(fake.calls) == 5


def test_structured_calls_are_refused_the_same_way(fake_settings: Settings, monkeypatch) -> None:
    from pydantic import BaseModel

    class Answer(BaseModel):
        value: str

    monkeypatch.setenv("KI_GATEWAY__BREAKER__FAILURES", "1")
    gateway = Gateway(Settings(llm_model=fp.MODEL), cooldown=ProviderCooldown())
    fake = fp.install_fake().load([fp.unavailable()])
    for expected in (InfrastructureError, CircuitOpen):
        with pytest.raises(expected):
            gateway.structured(
                "extract_decisions", MESSAGES, Answer, source_object_id="d", trace_id="t"
            )
    assert len(fake.calls) == 1  # instructor's own retries do not retry an outage either
