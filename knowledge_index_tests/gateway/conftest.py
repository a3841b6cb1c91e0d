"""Gateway fixtures: a scripted fake provider, offline settings, a private cooldown."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from knowledge_index.gateway.errors import ProviderCooldown
from knowledge_index.settings import Settings
from knowledge_index_tests.gateway.fake_provider import MODEL, FakeProvider, install_fake


class ManualClock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def fake() -> FakeProvider:
    return install_fake()


@pytest.fixture
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No KI_ variable and no saved configuration of the developer's leaks into a test."""
    for key in list(os.environ):
        if key.startswith("KI_"):
            monkeypatch.delenv(key)
    home = tmp_path / "home"
    monkeypatch.setenv("KI_HOME", str(home))
    return home


@pytest.fixture
def fake_settings(private_home: Path) -> Settings:
    return Settings(llm_model=MODEL)


@pytest.fixture
def offline_settings(private_home: Path) -> Settings:
    return Settings()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def cooldown(clock: ManualClock) -> Iterator[ProviderCooldown]:
    yield ProviderCooldown(clock=clock)
