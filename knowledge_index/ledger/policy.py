"""What a failure does to a row: quarantine, retry with backoff, or wait out an outage."""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from knowledge_index.errors import (
    ArtifactTooLarge,
    ConversionTimeout,
    InfrastructureError,
    ModelOutputInvalid,
    UnsupportedDocument,
)

MESSAGE_LIMIT: Final = 2_000
TRACEBACK_LIMIT: Final = 6_000
INFRASTRUCTURE_STATUS: Final = frozenset({408, 425, 429, 500, 502, 503, 504})
# Backoff is stretched by up to this fraction so documents failed together do not retry together.
JITTER: Final = 0.2

# Retrying cannot change these outcomes. ValueError covers ProviderPermanentError.
DETERMINISTIC: Final = (
    UnsupportedDocument,
    ArtifactTooLarge,
    ConversionTimeout,
    FileNotFoundError,
    ValueError,
)


@dataclass(frozen=True)
class Verdict:
    kind: str  # deterministic | model_output | infrastructure | other
    infrastructure_reason: str | None = None

    @property
    def deterministic(self) -> bool:
        return self.kind == "deterministic"


def _transport_error_names() -> tuple[type[BaseException], ...]:
    names: list[type[BaseException]] = [TimeoutError, ConnectionError]
    try:
        import httpx

        names += [httpx.TransportError]
    except ImportError:  # pragma: no cover - httpx ships with our dependencies
        pass
    return tuple(names)


_TRANSPORT = _transport_error_names()


def _status_code(exc: BaseException) -> int | None:
    code = getattr(exc, "status_code", None)
    if code is None:
        response = getattr(exc, "response", None)
        code = getattr(response, "status_code", None)
    return code if isinstance(code, int) else None


def classify(exc: BaseException) -> Verdict:
    """The error table. An explicit deterministic class wins over anything it wraps."""
    if isinstance(exc, DETERMINISTIC):
        return Verdict("deterministic")
    if isinstance(exc, ModelOutputInvalid):
        return Verdict("model_output")
    if isinstance(exc, InfrastructureError):
        return Verdict("infrastructure", exc.reason)
    code = _status_code(exc)
    if code in INFRASTRUCTURE_STATUS:
        return Verdict("infrastructure", f"gateway answered HTTP {code}")
    if isinstance(exc, _TRANSPORT):
        return Verdict("infrastructure", f"transport error: {type(exc).__name__}")
    return Verdict("other")


def backoff_seconds(
    attempts: int, base: float, *, cap: float | None = None, rng: random.Random | None = None
) -> float:
    """base x 2^(attempts-1), stretched by jitter, capped after jitter."""
    delay = base * (2 ** max(attempts - 1, 0))
    delay *= 1 + (rng or random).uniform(0, JITTER)
    return min(delay, cap) if cap is not None else delay


def error_record(exc: BaseException, verdict: Verdict) -> dict[str, Any]:
    tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return {
        "class": type(exc).__name__,
        "message": str(exc)[:MESSAGE_LIMIT],
        "traceback": tb[-TRACEBACK_LIMIT:],
        "deterministic": verdict.deterministic,
        "infrastructure": verdict.infrastructure_reason,
        "kind": verdict.kind,
        "at": datetime.now(UTC).isoformat(),
    }
