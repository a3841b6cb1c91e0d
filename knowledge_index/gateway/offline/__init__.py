"""The offline default model: a deterministic, evidence-driven policy behind litellm.

`ki-offline/evidence-policy` is a litellm custom provider (`CustomLLM` in
`litellm.custom_provider_map`) that speaks the tool-calling protocol of a real model: it reads
the tools offered and the conversation so far and answers with the next tool call, ending with
`submit_result`. So the agent loop, validators, error mapping, tracing and the usage ledger all
run for real in tests, the demo and air-gapped installs; production changes one model string.

How a request is answered
    `OfflineModel.completion` parses the request into a `PolicyContext` (stage, messages, offered
    tools, forced tool, earlier tool exchanges with their parsed results) and asks
    `policy_for(ctx)` for a `Decision` (tool calls, or text). The stage comes from the litellm
    `metadata["stage"]` the Gateway sets on every call; without it, a registered policy whose
    `signature_tools` are all offered is chosen; otherwise `GenericPolicy`.

Adding a stage policy (e.g. for classify_matter)
    Create `knowledge_index/stages/classify_matter/offline.py`::

        from knowledge_index.gateway.offline.generic import GenericPolicy

        class ClassifyMatterPolicy(GenericPolicy):
            name = "classify_matter"
            signature_tools = frozenset({"search_matters", "peek_matter"})

            def queries(self, ctx):            # e.g. read the folder neighbourhood too
                ...
            def choose(self, ctx, candidates):  # e.g. demand a reference-number match
                ...
            def build_result(self, ctx, answer, evidence):
                ...                            # or override decide() for full control

    and name it in the stage's declaration (`offline_policy=f"{__name__}.offline:..."`). The
    policy reads the stage's typed evidence (`ctx.evidence(...)`) and tool results, never the
    prose of the prompt, so rewording a prompt changes nothing offline. Policies must be
    deterministic (same request, same answer) and
    must only submit ids that appeared in tool results: the stage validators reject anything
    else, and the offline model exists to exercise exactly those validators.
"""

from __future__ import annotations

import threading
from typing import Final

from knowledge_index.gateway._litellm import litellm, register_free_model, register_provider
from knowledge_index.gateway.offline.context import (
    Call,
    Decision,
    OfferedTool,
    PolicyContext,
    ToolExchange,
)
from knowledge_index.gateway.offline.generic import GenericPolicy
from knowledge_index.gateway.offline.policy import Policy
from knowledge_index.gateway.offline.provider import OfflineModel, PolicyStats
from knowledge_index.gateway.offline.registry import POLICIES, policy_for, register_policy

PROVIDER: Final = "ki-offline"
DEFAULT_MODEL: Final = f"{PROVIDER}/evidence-policy"
OFFLINE_MODEL: Final = OfflineModel()
_lock = threading.Lock()
_priced = False


def register_offline_provider() -> OfflineModel:
    """Make `ki-offline/...` resolvable in litellm. Idempotent; the Gateway calls it."""
    global _priced
    with _lock:
        installed = any(
            e.get("provider") == PROVIDER and e.get("custom_handler") is OFFLINE_MODEL
            for e in litellm.custom_provider_map
        )
        if not installed:
            register_provider(PROVIDER, OFFLINE_MODEL)
        if not _priced:
            register_free_model(DEFAULT_MODEL, PROVIDER)
            _priced = True
    return OFFLINE_MODEL


__all__ = [
    "DEFAULT_MODEL",
    "OFFLINE_MODEL",
    "POLICIES",
    "PROVIDER",
    "Call",
    "Decision",
    "GenericPolicy",
    "OfferedTool",
    "OfflineModel",
    "Policy",
    "PolicyContext",
    "PolicyStats",
    "ToolExchange",
    "policy_for",
    "register_offline_provider",
    "register_policy",
]
