"""Fixtures for the model stages: the firm's settings, a private provider cooldown."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from knowledge_index_tests.model_stages.estate import FIRM, FIRM_ALIASES


@pytest.fixture
def firm_env(ki_env, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The firm, no index stage (embedding is not what these tests measure), fast retries."""
    import json

    env = {
        "KI_FIRM__NAME": FIRM,
        "KI_FIRM__ALIASES": json.dumps(FIRM_ALIASES),
        "KI_PIPELINE__STAGES__INDEX__ENABLED": "false",
        "KI_PIPELINE__RETRY_BASE_SECONDS": "0",
    }
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    return {**ki_env, **env}


@pytest.fixture(autouse=True)
def _clear_cooldown() -> Iterator[None]:
    from knowledge_index.gateway import clear_provider_cooldown

    clear_provider_cooldown()
    yield
    clear_provider_cooldown()
