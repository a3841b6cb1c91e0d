"""Which policy answers a request: by stage, else by the tools offered, else the generic one."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

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


P = TypeVar("P", bound=type[Policy])

POLICIES: dict[str, type[Policy]] = {}


def register_policy(stage: str) -> Callable[[P], P]:
    """Class decorator: `@register_policy("classify_matter")` makes the class answer that stage."""

    def decorate(cls: P) -> P:
        POLICIES[stage] = cls
        return cls

    return decorate


def policy_for(ctx: PolicyContext) -> Policy:
    from knowledge_index.gateway.offline.generic import GenericPolicy

    if ctx.stage and ctx.stage in POLICIES:
        return POLICIES[ctx.stage]()
    for cls in POLICIES.values():
        if cls.matches(ctx):
            return cls()
    return GenericPolicy()
