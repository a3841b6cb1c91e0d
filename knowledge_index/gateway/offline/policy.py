"""The base every offline policy extends (its own module, so policies never import the registry)."""

from __future__ import annotations

from typing import ClassVar

from knowledge_index.gateway.offline.context import Decision, PolicyContext


class Policy:
    """Decides the next step of a conversation. Subclasses must be deterministic."""

    name: ClassVar[str] = "policy"
    # Offered tool names that identify this policy's stage when no stage name was passed.
    signature_tools: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def matches(cls, ctx: PolicyContext) -> bool:
        offered = {t.name for t in ctx.tools}
        return bool(cls.signature_tools) and cls.signature_tools <= offered

    def decide(self, ctx: PolicyContext) -> Decision:
        raise NotImplementedError
