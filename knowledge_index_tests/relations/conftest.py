"""The model-stage fixtures (firm settings, fast retries, private provider cooldown) for relate."""

from knowledge_index_tests.model_stages.conftest import _clear_cooldown, firm_env

__all__ = ["_clear_cooldown", "firm_env"]
