"""The model-stage fixtures (the firm's settings, fast retries) for the fault and order tests,
and the small estate the kill tests share."""

from pathlib import Path

import pytest

from knowledge_index_tests.model_stages.conftest import _clear_cooldown, firm_env
from knowledge_index_tests.support.estate import make_files

__all__ = ["FILES", "_clear_cooldown", "estate", "firm_env"]

FILES = 30  # plain-text documents: each kill case costs seconds, not minutes


@pytest.fixture
def estate(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.getbasetemp() / "kill-estate"
    if not root.exists():
        make_files(root, FILES)
    return root
