"""Run a folder through the real pipeline: the set-up most end-to-end tests share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from knowledge_index.orchestration.driver import Driver
from knowledge_index.settings import Settings
from knowledge_index.sources.registry import add_source


def process_folder(
    engine: Engine, settings: Settings, root: Path, source: str = "estate", **run: Any
) -> Driver:
    """Register `root` as a folder source, sync it and run every stage until nothing is owed."""
    with engine.begin() as conn:
        add_source(conn, source, root)
    driver = Driver(settings)
    driver.sync(source)
    driver.run_until_idle(**run)
    return driver
