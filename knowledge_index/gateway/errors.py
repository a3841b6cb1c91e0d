"""Provider faults mapped onto the error taxonomy, and the cooldown after a permanent one.

The ledger decides a document's fate from the exception class alone (`ledger.policy.classify`),
so the gateway translates what litellm and the OpenAI SDK raise into exactly three outcomes:

- `ProviderPermanentError` (deterministic, quarantine at once): a rejected key (401), a
  forbidden model (403), a model the gateway does not serve (404), an exhausted account quota
  (`insufficient_quota` inside a 429, or 402). The message is written for the person who has to
  fix it: which model, which stage, what to check.
- `InfrastructureError` (retry forever with capped backoff): transport faults and the statuses
  in `ledger.policy.INFRASTRUCTURE_STATUS`.
- anything else passes through unchanged (e.g. a 400 for an oversized prompt).

litellm wraps *any* exception raised inside a provider handler into `APIConnectionError`; a bug
in a local handler would then look like a network outage and retry forever. `map_provider_error`
unwraps such errors back to the original exception so they are classified on their own merits.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import httpx
import openai

from knowledge_index.errors import InfrastructureError, ProviderPermanentError, StageError
from knowledge_index.gateway._litellm import litellm
from knowledge_index.ledger.policy import INFRASTRUCTURE_STATUS

QUOTA_MARKER: Final = "insufficient_quota"
_DETAIL_LIMIT: Final = 300


class ProviderFault(ProviderPermanentError):
    """A ProviderPermanentError that remembers which model and stage it concerns."""

    def __init__(self, message: str, *, model: str, stage: str, kind: str) -> None:
        super().__init__(message)
        self.model = model
        self.stage = stage
        self.kind = kind  # rejected_key | forbidden | unknown_model | quota | cooldown


def _transport_classes() -> tuple[type[BaseException], ...]:
    classes: list[type[BaseException]] = [
        openai.APIConnectionError,  # includes APITimeoutError and litellm's Timeout
        httpx.TransportError,
        TimeoutError,
        ConnectionError,
    ]
    try:
        import aiohttp

        classes.append(aiohttp.ClientConnectionError)
    except ImportError:  # pragma: no cover - litellm ships aiohttp today
        pass
    return tuple(classes)


_TRANSPORT: Final = _transport_classes()


def status_code(exc: BaseException) -> int | None:
    code = getattr(exc, "status_code", None)
    if code is None:
        code = getattr(getattr(exc, "response", None), "status_code", None)
    return code if isinstance(code, int) else None


def _detail(exc: BaseException) -> str:
    text = str(getattr(exc, "message", None) or exc).replace("\n", " ").strip()
    return text[:_DETAIL_LIMIT]


def _mentions_quota(exc: BaseException) -> bool:
    parts = [str(exc), str(getattr(exc, "body", "") or ""), str(getattr(exc, "code", "") or "")]
    parts.append(str(getattr(exc, "type", "") or ""))
    return any(QUOTA_MARKER in p for p in parts)


def _handler_bug(exc: BaseException) -> BaseException | None:
    """The non-transport exception litellm wrapped into APIConnectionError, if any."""
    if not isinstance(exc, litellm.exceptions.APIConnectionError):
        return None
    original = exc.__cause__ or exc.__context__
    if original is None or isinstance(original, _TRANSPORT):
        return None
    if isinstance(original, openai.OpenAIError):
        return None
    return original


def _permanent(exc: BaseException, *, model: str, stage: str) -> ProviderFault | None:
    code = status_code(exc)
    detail = _detail(exc)
    where = f"model {model!r} (stage {stage})"
    assigned = f"pipeline.stages.{stage}.model or KI_LLM_MODEL"
    after = "then retry the quarantined documents (`ki quarantine` / `ki retry`)."
    if isinstance(exc, openai.AuthenticationError) or code == 401:
        return ProviderFault(
            f"The provider rejected the API key for {where} (HTTP 401). Check the key configured"
            f" for this provider (its *_API_KEY variable or the gateway's key: present, current,"
            f" not revoked), {after} Provider said: {detail}",
            model=model,
            stage=stage,
            kind="rejected_key",
        )
    if isinstance(exc, openai.PermissionDeniedError) or code == 403:
        return ProviderFault(
            f"The provider refused access to {where} (HTTP 403): the key works but may not use"
            f" this model. Grant the account access to the model or assign the stage a model it"
            f" may use ({assigned}), {after} Provider said: {detail}",
            model=model,
            stage=stage,
            kind="forbidden",
        )
    if (
        isinstance(exc, (openai.NotFoundError, litellm.exceptions.LiteLLMUnknownProvider))
        or code == 404
    ):
        return ProviderFault(
            f"The gateway does not serve {where} (HTTP 404 / unknown model). Check the model"
            f" string and its provider prefix in {assigned} against the models the gateway"
            f" offers, {after} Provider said: {detail}",
            model=model,
            stage=stage,
            kind="unknown_model",
        )
    if code == 402 or (code == 429 and _mentions_quota(exc)):
        return ProviderFault(
            f"The account behind {where} has exhausted its quota (HTTP {code},"
            f" {QUOTA_MARKER}). Raise the billing limit or top up the account, or assign the"
            f" stage another model ({assigned}), {after} Provider said: {detail}",
            model=model,
            stage=stage,
            kind="quota",
        )
    return None


def map_provider_error(exc: BaseException, *, model: str, stage: str) -> BaseException:
    """The exception the gateway should raise for `exc` (possibly `exc` itself)."""
    if isinstance(exc, (StageError, ProviderPermanentError)):
        return exc
    original = _handler_bug(exc)
    if original is not None:
        return original
    permanent = _permanent(exc, model=model, stage=stage)
    if permanent is not None:
        return permanent
    if isinstance(exc, _TRANSPORT):
        return InfrastructureError(
            f"transport error calling {model!r} (stage {stage}): {_detail(exc)}",
            reason=f"transport error: {type(exc).__name__}",
        )
    code = status_code(exc)
    if code in INFRASTRUCTURE_STATUS:
        return InfrastructureError(
            f"gateway answered HTTP {code} for {model!r} (stage {stage}): {_detail(exc)}",
            reason=f"gateway answered HTTP {code}",
        )
    return exc


@dataclass(frozen=True)
class _Tripped:
    until: float
    fault: ProviderPermanentError


class ProviderCooldown:
    """Per-model fail-fast window after a permanent provider fault, shared by the process.

    Sibling documents against a dead key or model would each spend a network round trip (and
    possibly a rate-limit slot) to learn the same thing; inside the window they fail with the
    original cause without a call.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._tripped: dict[str, _Tripped] = {}

    def trip(self, model: str, fault: ProviderPermanentError, seconds: float) -> None:
        if seconds <= 0:
            return
        with self._lock:
            self._tripped[model] = _Tripped(self._clock() + seconds, fault)

    def remaining(self, model: str) -> float:
        with self._lock:
            tripped = self._tripped.get(model)
            if tripped is None:
                return 0.0
            left = tripped.until - self._clock()
            if left <= 0:
                del self._tripped[model]
                return 0.0
            return left

    def check(self, model: str, *, stage: str) -> None:
        """Raise the cooled-down fault for `model`, or return when calls may go through."""
        left = self.remaining(model)
        if left <= 0:
            return
        with self._lock:
            tripped = self._tripped.get(model)
        if tripped is None:  # cleared between the two looks
            return
        raise ProviderFault(
            f"Not calling {model!r} (stage {stage}): a permanent provider fault"
            f" {left:.0f} s ago is still cooling down (KI_PROVIDER_FAULT_COOLDOWN_SECONDS)."
            f" Original cause: {tripped.fault}",
            model=model,
            stage=stage,
            kind="cooldown",
        )

    def clear(self, model: str | None = None) -> None:
        """Forget the fault for `model` (or all), e.g. when an operator retries after a fix."""
        with self._lock:
            if model is None:
                self._tripped.clear()
            else:
                self._tripped.pop(model, None)

    def active(self) -> dict[str, float]:
        """Models currently cooling down and the seconds left."""
        with self._lock:
            models = list(self._tripped)
        return {m: left for m in models if (left := self.remaining(m)) > 0}


PROVIDER_COOLDOWN: Final = ProviderCooldown()


def clear_provider_cooldown(model: str | None = None) -> None:
    """Clear the process-wide cooldown; the quarantine retry path should call this."""
    PROVIDER_COOLDOWN.clear(model)
