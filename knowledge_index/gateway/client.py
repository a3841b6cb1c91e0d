"""The model gateway: every model call of every stage goes through `Gateway`.

One place decides which model a stage uses, tags each call with its document, stage and trace,
maps provider faults onto the error taxonomy, honours the provider cooldown and writes the usage
ledger. Stages never import litellm themselves.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

from pydantic import BaseModel, Field, ValidationError
from sqlalchemy import Engine

from knowledge_index.errors import (
    CircuitOpen,
    InfrastructureError,
    ModelOutputInvalid,
    ProviderPermanentError,
    StageError,
)
from knowledge_index.gateway._litellm import ModelResponse, litellm
from knowledge_index.gateway.breaker import CircuitBreaker, MemoryCircuitStore
from knowledge_index.gateway.circuits import breaker_for
from knowledge_index.gateway.errors import PROVIDER_COOLDOWN, ProviderCooldown, map_provider_error
from knowledge_index.gateway.usage import (
    CallKind,
    CallUsage,
    Outcome,
    UsageRecord,
    UsageSummaryRow,
    record_usage,
    usage_summary,
)
from knowledge_index.settings import BreakerSettings, Settings

M = TypeVar("M", bound=BaseModel)
Message = Mapping[str, Any]

DEFAULT_TIMEOUT_SECONDS = 120.0


class ToolCall(BaseModel):
    id: str
    name: str
    arguments: str  # JSON text exactly as the model wrote it; parsing can fail and is fed back


class Completion(BaseModel):
    """One model answer in provider-neutral form."""

    model: str
    content: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list)
    finish_reason: str | None = None
    usage: CallUsage = Field(default_factory=CallUsage)
    trace_id: str

    def assistant_message(self) -> dict[str, Any]:
        """The message to append to the conversation before answering the tool calls."""
        message: dict[str, Any] = {"role": "assistant", "content": self.content}
        if self.tool_calls:
            message["tool_calls"] = [
                {
                    "id": c.id,
                    "type": "function",
                    "function": {"name": c.name, "arguments": c.arguments},
                }
                for c in self.tool_calls
            ]
        return message


def call_tags(*, source_object_id: str | None, stage: str, trace_id: str) -> list[str]:
    return [f"source_object:{source_object_id or '-'}", f"stage:{stage}", f"trace:{trace_id}"]


def _outcome(exc: BaseException) -> Outcome:
    if isinstance(exc, ProviderPermanentError):
        return "provider_permanent"
    if isinstance(exc, InfrastructureError):
        return "infrastructure"
    return "error"


def _response_cost(response: ModelResponse) -> float:
    hidden = getattr(response, "_hidden_params", None) or {}
    cost = hidden.get("response_cost")
    return float(cost) if isinstance(cost, (int, float)) and cost > 0 else 0.0


def _usage_of(response: ModelResponse, latency_ms: float) -> CallUsage:
    usage = getattr(response, "usage", None)
    return CallUsage(
        calls=1,
        prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
        completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
        cost_usd=_response_cost(response),
        latency_ms=latency_ms,
    )


class Gateway:
    """Model calls for the stages. `engine=None` skips the usage ledger (ad-hoc tools, tests)."""

    def __init__(
        self,
        settings: Settings,
        engine: Engine | None = None,
        *,
        cooldown: ProviderCooldown = PROVIDER_COOLDOWN,
        timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
        breaker: CircuitBreaker | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        from knowledge_index.gateway.offline import register_offline_provider

        register_offline_provider()
        self.settings = settings
        self.engine = engine
        self.cooldown = cooldown
        self.timeout_seconds = timeout_seconds
        # With an engine the circuits are the installation's (Postgres), shared by every
        # process; a probe may hold its circuit for one request's timeout at most.
        self.breaker = breaker or breaker_for(
            settings, engine, probe_lease_seconds=timeout_seconds + 5
        )
        self._sleep = sleep

    def model_for(self, stage: str) -> str:
        return self.settings.stage_model(stage)

    def complete(
        self,
        stage: str,
        messages: Sequence[Message],
        tools: Sequence[Mapping[str, Any]] | None = None,
        *,
        source_object_id: str | None,
        trace_id: str,
        tool_choice: str | Mapping[str, Any] | None = None,
    ) -> Completion:
        """One chat completion with the stage's model; tool calls come back unexecuted."""
        params: dict[str, Any] = {"messages": [dict(m) for m in messages]}
        if tools:
            params["tools"] = [dict(t) for t in tools]
            if tool_choice is not None:
                params["tool_choice"] = tool_choice
        model = self.model_for(stage)
        response, usage = self._call(
            stage,
            model,
            "completion",
            source_object_id=source_object_id,
            trace_id=trace_id,
            params=params,
        )
        choice = response.choices[0]
        message = choice.message
        calls = [
            ToolCall(id=c.id, name=c.function.name, arguments=c.function.arguments or "{}")
            for c in (getattr(message, "tool_calls", None) or [])
        ]
        return Completion(
            model=model,
            content=getattr(message, "content", None),
            tool_calls=calls,
            finish_reason=getattr(choice, "finish_reason", None),
            usage=usage,
            trace_id=trace_id,
        )

    def structured(
        self,
        stage: str,
        messages: Sequence[Message],
        response_model: type[M],
        *,
        source_object_id: str | None,
        trace_id: str,
        max_retries: int = 2,
    ) -> M:
        """A single structured answer through instructor (tool mode), validated by pydantic.

        Every underlying call, retries included, is tagged and recorded like `complete`. Output
        still invalid after instructor's retries raises ModelOutputInvalid.
        """
        import instructor
        from instructor.core import InstructorRetryException

        model = self.model_for(stage)

        def create(**kwargs: Any) -> ModelResponse:
            kwargs.pop("model", None)
            response, _ = self._call(
                stage,
                model,
                "structured",
                source_object_id=source_object_id,
                trace_id=trace_id,
                params=kwargs,
            )
            return response

        client = instructor.from_litellm(create, mode=instructor.Mode.TOOLS)
        try:
            return client.chat.completions.create(
                model=model,
                messages=[dict(m) for m in messages],  # type: ignore[misc]
                response_model=response_model,
                max_retries=max_retries,
            )
        except InstructorRetryException as exc:
            cause = exc.__cause__
            if isinstance(cause, (ProviderPermanentError, StageError)):
                raise cause from None
            if cause is None or isinstance(cause, (ValidationError, json.JSONDecodeError)):
                raise ModelOutputInvalid(
                    f"stage {stage}, source object {source_object_id}, trace {trace_id}:"
                    f" {model!r} gave no valid"
                    f" {response_model.__name__} after {exc.n_attempts} attempt(s): {exc}"
                ) from exc
            if type(cause).__module__.startswith("instructor"):
                raise ModelOutputInvalid(
                    f"stage {stage}, source object {source_object_id}, trace {trace_id}:"
                    f" {model!r} answer could not"
                    f" be parsed as {response_model.__name__}: {cause}"
                ) from exc
            raise cause from None

    def usage_summary(self) -> list[UsageSummaryRow]:
        if self.engine is None:
            return []
        return usage_summary(self.engine)

    def _call(
        self,
        stage: str,
        model: str,
        kind: CallKind,
        *,
        source_object_id: str | None,
        trace_id: str,
        params: dict[str, Any],
    ) -> tuple[ModelResponse, CallUsage]:
        record = self._recorder(
            stage, model, kind, source_object_id=source_object_id, trace_id=trace_id
        )
        try:
            self.cooldown.check(model, stage=stage)
        except ProviderPermanentError as exc:
            record("cooldown", CallUsage(), error=exc)
            raise
        metadata = {
            "source_object_id": source_object_id,
            "stage": stage,
            "trace_id": trace_id,
            "tags": call_tags(source_object_id=source_object_id, stage=stage, trace_id=trace_id),
        }
        # One gateway call is at most 1 + request_retries requests, and every one of them is
        # counted by the breaker: the provider SDK's own retries (openai's max_retries, 2 by
        # default, which litellm passes on) and litellm's num_retries are switched off, so
        # nothing multiplies requests behind the breaker's back.
        retries = self.settings.gateway.request_retries
        # The offline model answers in this process: there is no gateway to be down, and its
        # circuit would cost two database reads per call for nothing.
        breaker = self.breaker if not in_process(model) else _NO_BREAKER
        for request in range(retries + 1):
            try:
                breaker.admit(model)
            except CircuitOpen as exc:
                record("circuit_open", CallUsage(), error=exc)
                raise
            started = time.perf_counter()
            try:
                response = litellm.completion(
                    model=model,
                    metadata=metadata,
                    litellm_trace_id=trace_id,
                    timeout=self.timeout_seconds,
                    num_retries=0,
                    max_retries=0,
                    **params,
                )
            except Exception as exc:
                latency_ms = (time.perf_counter() - started) * 1000
                mapped = map_provider_error(exc, model=model, stage=stage)
                if isinstance(mapped, InfrastructureError):
                    circuit = breaker.failure(model, mapped.reason)
                else:
                    # The gateway answered (a rejected key, a bad request): it is reachable.
                    breaker.success(model)
                if isinstance(mapped, ProviderPermanentError):
                    self.cooldown.trip(model, mapped, self.settings.provider_fault_cooldown_seconds)
                record(_outcome(mapped), CallUsage(calls=1, latency_ms=latency_ms), error=mapped)
                if (
                    isinstance(mapped, InfrastructureError)
                    and request < retries
                    and circuit.state == "closed"
                ):
                    self._sleep(self.settings.gateway.request_retry_delay_seconds)
                    continue
                if mapped is exc:
                    raise
                if mapped is exc.__cause__ or mapped is exc.__context__:
                    # litellm's wrapper adds nothing but a misleading class; show the original.
                    raise mapped from None
                raise mapped from exc
            breaker.success(model)
            usage = _usage_of(response, (time.perf_counter() - started) * 1000)
            call_id = (getattr(response, "_hidden_params", None) or {}).get("litellm_call_id")
            record("ok", usage, call_id=call_id)
            return response, usage
        raise AssertionError("unreachable")  # pragma: no cover

    def _recorder(
        self, stage: str, model: str, kind: CallKind, *, source_object_id: str | None, trace_id: str
    ) -> Callable[..., None]:
        def record(
            outcome: Outcome,
            usage: CallUsage,
            *,
            error: BaseException | None = None,
            call_id: str | None = None,
        ) -> None:
            if self.engine is None:
                return
            record_usage(
                self.engine,
                UsageRecord(
                    stage=stage,
                    model=model,
                    source_object_id=source_object_id,
                    trace_id=trace_id,
                    kind=kind,
                    outcome=outcome,
                    error_class=type(error).__name__ if error is not None else None,
                    prompt_tokens=usage.prompt_tokens,
                    completion_tokens=usage.completion_tokens,
                    cost_usd=usage.cost_usd,
                    latency_ms=usage.latency_ms,
                    litellm_call_id=call_id,
                ),
            )

        return record


__all__ = ["Completion", "Gateway", "ToolCall", "usage_summary"]


# A switched-off breaker (every call goes, nothing is read or written) for in-process models.
_NO_BREAKER: Final = CircuitBreaker(MemoryCircuitStore(), BreakerSettings(enabled=False))


def in_process(model: str) -> bool:
    """Whether the model answers inside this process (the offline model, `ki-offline/...`)."""
    from knowledge_index.gateway.offline import PROVIDER

    return model.startswith(f"{PROVIDER}/")
