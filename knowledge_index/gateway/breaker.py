"""A circuit breaker per model for infrastructure faults of the model gateway.

The ledger already never quarantines a document for an outage, but without a breaker every owed
row keeps spending requests on a gateway that is down (and a few hundred owed rows keep the CLI
busy forever). So consecutive infrastructure failures of one model (transport errors, timeouts,
408/425/429/5xx) open its circuit: calls are refused without a request, and the runner parks the
model's rows until the cooldown ends (they wait in the ledger, no attempt spent). Then one
half-open probe is let through; an answer closes the circuit, another failure reopens it with
the cooldown doubled (up to `max_cooldown_seconds`).

Any answer from the gateway that is not an infrastructure fault (a result, a 400, a 401) proves
it is reachable and resets the count: a rejected key is the provider cooldown's business
(`errors.ProviderCooldown`) and quarantines as before.

The transitions are plain functions of a `Circuit`; where circuits live is a `CircuitStore`
(Postgres in `circuits.py`, so every process running stages agrees; memory for ad-hoc use).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Literal, Protocol

from knowledge_index.errors import CircuitOpen
from knowledge_index.settings import BreakerSettings

CircuitState = Literal["closed", "open", "half_open"]
Admission = Literal["go", "probe", "refused"]
Clock = Callable[[], datetime]


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Circuit:
    model: str
    state: CircuitState = "closed"
    failures: int = 0  # consecutive infrastructure failures
    reopened: int = 0  # failed probes since it opened
    opened_at: datetime | None = None
    # open: no request before this; half_open: when the probe's lease ends
    retry_at: datetime | None = None
    last_error: str | None = None

    def refuses(self, now: datetime) -> bool:
        """True when no request may go now (open or probing, and not yet due)."""
        return self.state != "closed" and self.retry_at is not None and now < self.retry_at

    def describe(self) -> str:
        when = f"{self.retry_at:%Y-%m-%d %H:%M:%S} UTC" if self.retry_at else "now"
        verb = "probing" if self.state == "half_open" else "open"
        return (
            f"circuit {verb} for model {self.model!r} after {self.failures} consecutive"
            f" infrastructure failure(s) (last: {self.last_error or '?'}); no call before {when}"
        )


class CircuitStore(Protocol):
    def get(self, model: str) -> Circuit | None: ...

    def change(self, model: str, fn: Callable[[Circuit], Circuit | None]) -> Circuit:
        """Apply `fn` to the model's circuit atomically (a closed one when there is none yet);
        `fn` returns the new circuit, or None to leave it. Returns the circuit after."""
        ...


class MemoryCircuitStore:
    """Circuits of one process: for a gateway without a database (ad-hoc tools, unit tests)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._circuits: dict[str, Circuit] = {}

    def get(self, model: str) -> Circuit | None:
        with self._lock:
            return self._circuits.get(model)

    def change(self, model: str, fn: Callable[[Circuit], Circuit | None]) -> Circuit:
        with self._lock:
            current = self._circuits.get(model) or Circuit(model)
            new = fn(current)
            if new is not None:
                self._circuits[model] = new
            return new or current


def cooldown_seconds(config: BreakerSettings, reopened: int) -> float:
    return min(
        config.cooldown_seconds * 2 ** min(reopened, 30),
        max(config.max_cooldown_seconds, config.cooldown_seconds),
    )


def admit(c: Circuit, now: datetime, lease_seconds: float) -> tuple[Admission, Circuit | None]:
    """Whether a request may go; a due open circuit turns half-open for exactly one probe."""
    if c.state == "closed":
        return "go", None
    if c.refuses(now):
        return "refused", None
    # Open and due, or a probe whose lease ran out (its process died): this request probes.
    return "probe", replace(c, state="half_open", retry_at=now + timedelta(seconds=lease_seconds))


def on_failure(c: Circuit, now: datetime, config: BreakerSettings, reason: str) -> Circuit:
    failures = c.failures + 1
    if c.state == "half_open":
        reopened = c.reopened + 1
        wait = cooldown_seconds(config, reopened)
        return replace(
            c,
            state="open",
            failures=failures,
            reopened=reopened,
            retry_at=now + timedelta(seconds=wait),
            last_error=reason,
        )
    if c.state == "closed" and failures >= config.failures:
        wait = cooldown_seconds(config, 0)
        return Circuit(
            c.model,
            "open",
            failures,
            0,
            opened_at=now,
            retry_at=now + timedelta(seconds=wait),
            last_error=reason,
        )
    # Still closed below the threshold, or a request admitted before the circuit opened that
    # failed afterwards: counted, the open window is not extended.
    return replace(c, failures=failures, last_error=reason)


def on_success(c: Circuit) -> Circuit | None:
    if c.state == "closed" and c.failures == 0:
        return None
    return Circuit(c.model)


class CircuitBreaker:
    """The breaker the gateway asks before every request and tells after it."""

    def __init__(
        self,
        store: CircuitStore,
        config: BreakerSettings,
        *,
        probe_lease_seconds: float = 120.0,
        clock: Clock = utcnow,
    ) -> None:
        self.store = store
        self.config = config
        self.probe_lease_seconds = probe_lease_seconds
        self.clock = clock

    @property
    def enabled(self) -> bool:
        return self.config.enabled

    def admit(self, model: str) -> Admission:
        """ "go" or "probe"; raises CircuitOpen (no request may be made) otherwise."""
        if not self.enabled:
            return "go"
        current = self.store.get(model)
        if current is None or current.state == "closed":
            return "go"  # the common case costs one read and no write
        now = self.clock()
        decided: list[Admission] = []

        def decide(c: Circuit) -> Circuit | None:
            admission, new = admit(c, now, self.probe_lease_seconds)
            decided.append(admission)
            return new

        after = self.store.change(model, decide)
        if decided[-1] == "refused":
            raise self.refusal(self._waiting(after, now))
        return decided[-1]

    def failure(self, model: str, reason: str) -> Circuit:
        if not self.enabled:
            return Circuit(model)
        now = self.clock()
        return self.store.change(model, lambda c: on_failure(c, now, self.config, reason))

    def success(self, model: str) -> None:
        if not self.enabled:
            return
        current = self.store.get(model)
        if current is None or (current.state == "closed" and current.failures == 0):
            return
        self.store.change(model, on_success)

    def blocked(self, model: str) -> Circuit | None:
        """The model's circuit when it refuses requests right now (None: calls may go, or a
        half-open probe is due)."""
        if not self.enabled:
            return None
        c = self.store.get(model)
        now = self.clock()
        return self._waiting(c, now) if c is not None and c.refuses(now) else None

    def _waiting(self, c: Circuit, now: datetime) -> Circuit:
        # While another process probes, look again after one cooldown rather than at the end
        # of the probe's lease (a slow gateway timeout): a successful probe closes it sooner.
        if c.state != "half_open" or c.retry_at is None:
            return c
        recheck = now + timedelta(seconds=max(cooldown_seconds(self.config, 0), 1.0))
        return replace(c, retry_at=min(c.retry_at, recheck))

    def probe_due(self, model: str) -> bool:
        """An open circuit whose cooldown ended: the next request is its one probe."""
        if not self.enabled:
            return False
        c = self.store.get(model)
        return c is not None and c.state != "closed" and not c.refuses(self.clock())

    @staticmethod
    def refusal(c: Circuit) -> CircuitOpen:
        return CircuitOpen(
            c.describe() + " (KI_GATEWAY__BREAKER__COOLDOWN_SECONDS)",
            model=c.model,
            retry_at=c.retry_at or utcnow(),
        )


__all__ = [
    "Circuit",
    "CircuitBreaker",
    "CircuitStore",
    "MemoryCircuitStore",
    "admit",
    "cooldown_seconds",
    "on_failure",
    "on_success",
]
