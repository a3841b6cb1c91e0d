"""What the model-calling stages share."""

from __future__ import annotations

from knowledge_index.gateway import Gateway
from knowledge_index.stages.base import StageContext


def batch_gateway(ctx: StageContext) -> Gateway:
    """One gateway per claim chunk: its usage ledger and provider state are reused."""
    gateway = ctx.batch_cache.get("gateway")
    if gateway is None:
        gateway = Gateway(ctx.settings, ctx.engine)
        ctx.batch_cache["gateway"] = gateway
    return gateway
