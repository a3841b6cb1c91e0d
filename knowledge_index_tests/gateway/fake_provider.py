"""A scripted FAKE model provider for tests, plugged in through litellm's own extension point.

`FakeProvider` is a litellm `CustomLLM` under the prefix `ki-fake`: each call pops the next step
of its script (a reply with tool calls or text, an exception to raise, or a callable deciding
from the request) and records the request, so tests can assert exactly how many calls reached
the provider, e.g. none at all while a cooldown is active.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx

from knowledge_index.gateway._litellm import CustomLLM, ModelResponse, litellm, register_provider

PREFIX = "ki-fake"
MODEL = f"{PREFIX}/scripted"


@dataclass(frozen=True)
class Reply:
    content: str | None = None
    tool_calls: tuple[tuple[str, str], ...] = ()  # (name, JSON arguments)
    prompt_tokens: int = 11
    completion_tokens: int = 7


@dataclass(frozen=True)
class FakeRequest:
    model: str
    messages: list[dict[str, Any]]
    tools: list[str]
    tool_choice: Any
    metadata: dict[str, Any]
    # What the caller allowed the provider SDK to retry on its own (None: its default, 2).
    max_retries: Any = None


Step = Reply | BaseException | Callable[[FakeRequest], "Reply | BaseException"]


def call(name: str, arguments: Mapping[str, Any] | str) -> Reply:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return Reply(tool_calls=((name, text),))


def submit(**arguments: Any) -> Reply:
    return call("submit_result", arguments)


def text(content: str) -> Reply:
    return Reply(content=content)


def _response(status: int) -> httpx.Response:
    return httpx.Response(status, request=httpx.Request("POST", "https://gateway.invalid/v1"))


def auth_error() -> BaseException:
    return litellm.exceptions.AuthenticationError(
        message="Incorrect API key provided: sk-...abcd", llm_provider="openai", model="gpt-x"
    )


def forbidden() -> BaseException:
    return litellm.exceptions.PermissionDeniedError(
        message="This key may not use model gpt-x",
        llm_provider="openai",
        model="gpt-x",
        response=_response(403),
    )


def not_found() -> BaseException:
    return litellm.exceptions.NotFoundError(
        message="The model `gpt-x` does not exist", model="gpt-x", llm_provider="openai"
    )


def quota_exhausted() -> BaseException:
    return litellm.exceptions.RateLimitError(
        message="You exceeded your current quota, please check your plan and billing details.",
        llm_provider="openai",
        model="gpt-x",
        body={"error": {"code": "insufficient_quota", "type": "insufficient_quota"}},
    )


def rate_limited() -> BaseException:
    return litellm.exceptions.RateLimitError(
        message="Rate limit reached for requests", llm_provider="openai", model="gpt-x"
    )


def unavailable() -> BaseException:
    return litellm.exceptions.ServiceUnavailableError(
        message="upstream overloaded", llm_provider="openai", model="gpt-x"
    )


def timeout() -> BaseException:
    return litellm.exceptions.Timeout(
        message="Request timed out after 120 s", model="gpt-x", llm_provider="openai"
    )


def connection_error() -> BaseException:
    return litellm.exceptions.APIConnectionError(
        message="Connection refused", llm_provider="openai", model="gpt-x"
    )


def bad_request() -> BaseException:
    return litellm.exceptions.BadRequestError(
        message="maximum context length exceeded", model="gpt-x", llm_provider="openai"
    )


@dataclass
class FakeProvider(CustomLLM):
    script: deque[Step] = field(default_factory=deque)
    calls: list[FakeRequest] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__()

    def load(self, steps: Iterable[Step]) -> FakeProvider:
        self.script.extend(steps)
        return self

    def completion(self, model: str, messages: list[Any], *args: Any, **kwargs: Any) -> Any:
        params = kwargs.get("optional_params") or {}
        metadata = (kwargs.get("litellm_params") or {}).get("metadata") or {}
        request = FakeRequest(
            model=model,
            messages=copy.deepcopy([dict(m) for m in messages]),
            tools=[t["function"]["name"] for t in params.get("tools") or []],
            tool_choice=params.get("tool_choice"),
            metadata=dict(metadata),
            max_retries=params.get("max_retries"),
        )
        self.calls.append(request)
        if not self.script:
            raise AssertionError(f"fake provider script exhausted at call {len(self.calls)}")
        step = self.script.popleft()
        if callable(step) and not isinstance(step, BaseException):
            step = step(request)
        if isinstance(step, BaseException):
            raise step
        return _model_response(model, step, len(self.calls))

    async def acompletion(self, *args: Any, **kwargs: Any) -> Any:
        return self.completion(*args, **kwargs)

    def embedding(  # type: ignore[override]
        self, model: str, input: list, model_response: Any, *args: Any, **kwargs: Any
    ) -> Any:
        """An embedding endpoint: each request takes the next step (an error, or any Reply for
        vectors: 8 dimensions derived from each text, so equal texts embed equally)."""
        # For embeddings litellm hands the SDK's retry count over in litellm_params.
        retries = (kwargs.get("litellm_params") or {}).get("max_retries")
        request = FakeRequest(model, [], [], None, {}, max_retries=retries)
        self.calls.append(request)
        if not self.script:
            raise AssertionError(f"fake provider script exhausted at call {len(self.calls)}")
        step = self.script.popleft()
        if isinstance(step, BaseException):
            raise step
        model_response.model = model
        model_response.object = "list"
        model_response.data = [
            {"object": "embedding", "index": i, "embedding": _vector(str(t))}
            for i, t in enumerate(input)
        ]
        return model_response


def _vector(text: str) -> list[float]:
    digest = hashlib.sha256(text.encode()).digest()
    return [b / 255.0 + 0.01 for b in digest[:8]]


def _model_response(model: str, reply: Reply, n: int) -> ModelResponse:
    message: dict[str, Any] = {"role": "assistant", "content": reply.content}
    if reply.tool_calls:
        message["tool_calls"] = [
            {"id": f"fake_{n}_{i}", "type": "function", "function": {"name": nm, "arguments": a}}
            for i, (nm, a) in enumerate(reply.tool_calls)
        ]
    return ModelResponse(
        model=model,
        choices=[
            {
                "index": 0,
                "finish_reason": "tool_calls" if reply.tool_calls else "stop",
                "message": message,
            }
        ],
        usage={
            "prompt_tokens": reply.prompt_tokens,
            "completion_tokens": reply.completion_tokens,
            "total_tokens": reply.prompt_tokens + reply.completion_tokens,
        },
    )


def install_fake() -> FakeProvider:
    """A fresh fake registered under `ki-fake` (replacing any earlier one)."""
    fake = FakeProvider()
    register_provider(PREFIX, fake)
    return fake
