"""The one place litellm is imported, so the offline cost map is always selected first.

Without `LITELLM_LOCAL_MODEL_COST_MAP` litellm fetches its price list over the network at
import time, which an air-gapped install cannot do and a test must not do.
"""

from __future__ import annotations

import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import litellm
from litellm import CustomLLM
from litellm.types.utils import ModelResponse

# litellm prints provider help banners to stdout on some failures; the CLI's stdout is ours.
litellm.suppress_debug_info = True


def register_provider(prefix: str, handler: CustomLLM) -> None:
    """Serve model strings `<prefix>/...` by `handler`; re-registering replaces, never adds."""
    entries = [e for e in litellm.custom_provider_map if e.get("provider") != prefix]
    entries.append({"provider": prefix, "custom_handler": handler})
    litellm.custom_provider_map = entries


def register_free_model(model: str, provider: str) -> None:
    """Tell litellm a local model costs nothing, so cost lookups answer 0 instead of failing."""
    litellm.register_model(
        {
            model: {
                "input_cost_per_token": 0.0,
                "output_cost_per_token": 0.0,
                "cache_creation_input_token_cost": 0.0,
                "cache_read_input_token_cost": 0.0,
                "litellm_provider": provider,
                "mode": "chat",
            }
        }
    )


__all__ = ["CustomLLM", "ModelResponse", "litellm", "register_free_model", "register_provider"]
