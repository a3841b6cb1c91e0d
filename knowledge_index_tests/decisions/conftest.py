"""The model-stage fixtures (firm settings, private provider cooldown) for the decision tests."""

from __future__ import annotations

from knowledge_index_tests.model_stages.conftest import _clear_cooldown, firm_env

__all__ = ["_clear_cooldown", "firm_env"]
