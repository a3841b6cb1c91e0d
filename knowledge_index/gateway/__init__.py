"""The model gateway: litellm in-process, the agent loop, the error taxonomy, offline models.

Public API: `Gateway` (complete, structured, usage), `AgentLoop`/`run_agent` with `Tool`,
`Transcript` and `AgentResult`, `usage_summary`, the provider cooldown, and the offline model
(`knowledge_index.gateway.offline`).
"""

from __future__ import annotations

from knowledge_index.gateway.agent import (
    SUBMIT_TOOL,
    AgentLoop,
    AgentResult,
    Tool,
    ToolRecord,
    Transcript,
    run_agent,
)
from knowledge_index.gateway.client import Completion, Gateway, ToolCall
from knowledge_index.gateway.errors import (
    PROVIDER_COOLDOWN,
    ProviderCooldown,
    ProviderFault,
    clear_provider_cooldown,
    map_provider_error,
)
from knowledge_index.gateway.usage import CallUsage, UsageRecord, UsageSummaryRow, usage_summary

__all__ = [
    "PROVIDER_COOLDOWN",
    "SUBMIT_TOOL",
    "AgentLoop",
    "AgentResult",
    "CallUsage",
    "Completion",
    "Gateway",
    "ProviderCooldown",
    "ProviderFault",
    "Tool",
    "ToolCall",
    "ToolRecord",
    "Transcript",
    "UsageRecord",
    "UsageSummaryRow",
    "clear_provider_cooldown",
    "map_provider_error",
    "run_agent",
    "usage_summary",
]
