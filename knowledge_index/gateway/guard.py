"""A call to a model endpoint outside the chat gateway (embeddings), through its breaker.

The chat gateway (client.py) asks the breaker before every request itself; other litellm
calls go through here so an outage of, say, an embedding server opens that model's circuit
the same way and the runner parks the stage's rows instead of spending a request on each.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from knowledge_index.errors import InfrastructureError
from knowledge_index.gateway.breaker import CircuitBreaker
from knowledge_index.gateway.errors import map_provider_error

T = TypeVar("T")


def guarded(breaker: CircuitBreaker, model: str, stage: str, call: Callable[[], T]) -> T:
    """`call()` when `model`'s circuit admits it (else CircuitOpen), telling the breaker how
    it went; provider errors are mapped as the gateway maps them."""
    breaker.admit(model)
    try:
        result = call()
    except Exception as exc:
        mapped = map_provider_error(exc, model=model, stage=stage)
        if isinstance(mapped, InfrastructureError):
            breaker.failure(model, mapped.reason)
        else:
            breaker.success(model)  # it answered: reachable
        if mapped is exc:
            raise
        raise mapped from exc
    breaker.success(model)
    return result
