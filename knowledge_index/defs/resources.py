"""Resources: the domain's settings and engine, handed to assets and ops."""

from __future__ import annotations

from dagster import ConfigurableResource
from sqlalchemy import Engine

from knowledge_index.db import get_engine
from knowledge_index.settings import Settings, load_settings


class KnowledgeIndex(ConfigurableResource):
    """Settings are read from the environment and KI_HOME, like every `ki` command."""

    def settings(self) -> Settings:
        return load_settings()

    def engine(self) -> Engine:
        return get_engine(self.settings())
