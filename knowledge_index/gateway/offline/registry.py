"""Which policy answers a request: by stage, else by the tools offered, else the generic one.

A stage's policy is declared on its `Stage` (`offline_policy`) in `pipeline.STAGES`; `POLICIES`
holds policies registered directly (a test's own stage, an extension outside the pipeline), and
they win over the declared ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from knowledge_index.gateway.offline.context import PolicyContext
from knowledge_index.gateway.offline.generic import GenericPolicy
from knowledge_index.gateway.offline.policy import Policy

P = TypeVar("P", bound=type[Policy])

POLICIES: dict[str, type[Policy]] = {}


def register_policy(stage: str) -> Callable[[P], P]:
    """Class decorator: `@register_policy("classify_matter")` makes the class answer that stage."""

    def decorate(cls: P) -> P:
        POLICIES[stage] = cls
        return cls

    return decorate


def declared_policies() -> dict[str, type[Policy]]:
    """Every stage's policy class: the pipeline's declarations, then direct registrations."""
    from knowledge_index import pipeline

    declared = {
        s.name: s.load_offline_policy() for s in pipeline.STAGES if s.offline_policy is not None
    }
    return {**declared, **POLICIES}


def policy_for(ctx: PolicyContext) -> Policy:
    policies = declared_policies()
    if ctx.stage and ctx.stage in policies:
        return policies[ctx.stage]()
    for cls in policies.values():
        if cls.matches(ctx):
            return cls()
    return GenericPolicy()
