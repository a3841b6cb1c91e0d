"""The offline model as a litellm custom provider: OpenAI-format answers, tool calls included."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from knowledge_index.gateway._litellm import CustomLLM, ModelResponse
from knowledge_index.gateway.offline.context import Decision, PolicyContext
from knowledge_index.gateway.offline.generic import dumps
from knowledge_index.gateway.offline.registry import policy_for

# A rough chars-per-token ratio: the point is exercising the usage ledger with plausible counts.
CHARS_PER_TOKEN = 4


@dataclass
class PolicyStats:
    calls: int = 0
    policy_seconds: float = 0.0


def _tokens(value: Any) -> int:
    return max(1, len(json.dumps(value, default=str, ensure_ascii=False)) // CHARS_PER_TOKEN)


class OfflineModel(CustomLLM):
    """Answers `ki-offline/<name>` requests by asking the stage's policy for the next step."""

    def __init__(self) -> None:
        super().__init__()
        self.stats = PolicyStats()
        self._stats_lock = threading.Lock()

    def completion(  # type: ignore[override]
        self,
        model: str,
        messages: list[Any],
        api_base: str | None = None,
        custom_prompt_dict: dict[str, Any] | None = None,
        model_response: ModelResponse | None = None,
        print_verbose: Callable[..., Any] | None = None,
        encoding: Any = None,
        api_key: str | None = None,
        logging_obj: Any = None,
        optional_params: dict[str, Any] | None = None,
        acompletion: Any = None,
        litellm_params: Mapping[str, Any] | None = None,
        logger_fn: Any = None,
        headers: Mapping[str, str] | None = None,
        timeout: Any = None,
        client: Any = None,
    ) -> ModelResponse:
        params = optional_params or {}
        metadata = (litellm_params or {}).get("metadata") or {}
        started = time.perf_counter()
        ctx = PolicyContext.from_request(messages, params, metadata)
        decision = policy_for(ctx).decide(ctx)
        with self._stats_lock:
            self.stats.calls += 1
            self.stats.policy_seconds += time.perf_counter() - started
        return _response(model, messages, params, ctx, decision)

    async def acompletion(  # type: ignore[override]
        self, *args: Any, **kwargs: Any
    ) -> ModelResponse:
        # The policy is pure CPU work of a millisecond; there is nothing to await.
        return self.completion(*args, **kwargs)


def _response(
    model: str,
    messages: list[Any],
    params: Mapping[str, Any],
    ctx: PolicyContext,
    decision: Decision,
) -> ModelResponse:
    digest = hashlib.sha256(dumps({"m": messages, "t": params.get("tools")}).encode()).hexdigest()
    message: dict[str, Any] = {"role": "assistant", "content": decision.content}
    if decision.calls:
        message["tool_calls"] = [
            {
                "id": f"call_{ctx.turn}_{i}",
                "type": "function",
                "function": {"name": c.name, "arguments": dumps(c.arguments)},
            }
            for i, c in enumerate(decision.calls)
        ]
    prompt_tokens = _tokens(messages) + (_tokens(params["tools"]) if params.get("tools") else 0)
    completion_tokens = _tokens(message)
    response = ModelResponse(
        id=f"ki-offline-{digest[:24]}",
        model=model,
        choices=[
            {
                "index": 0,
                "finish_reason": "tool_calls" if decision.calls else "stop",
                "message": message,
            }
        ],
        usage={
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    )
    # The offline model costs nothing; stated here, litellm skips its price-table lookup
    # (about a millisecond of every call).
    response._hidden_params["response_cost"] = 0.0
    return response
