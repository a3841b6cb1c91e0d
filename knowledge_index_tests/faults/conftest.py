"""The model-stage fixtures (the firm's settings, fast retries) for the fault and order tests."""

from knowledge_index_tests.model_stages.conftest import _clear_cooldown, firm_env

__all__ = ["_clear_cooldown", "firm_env"]
