"""The `ki` resource: the product's settings and database, handed to assets, ops and sensors."""

import os

import dagster as dg
from pydantic import Field
from sqlalchemy import Engine

from knowledge_index.orchestration.database import ready_engine
from knowledge_index.settings import Settings, load_settings


class KnowledgeIndex(dg.ConfigurableResource):
    """Settings as every `ki` command reads them: KI_HOME, the database URL, the saved config.

    Nothing connects until a run or tick asks for the engine, so loading the definitions needs
    no database. Unset fields mean the product defaults (~/.knowledge_index, embedded Postgres).
    """

    home: str | None = Field(
        default=None, description="KI_HOME: data folder with the saved configuration."
    )
    database_url: str | None = Field(
        default=None, description="KI_DATABASE_URL: the product database; unset means embedded."
    )

    def settings(self) -> Settings:
        overrides = {"home": self.home, "database_url": self.database_url}
        return load_settings(**{k: v for k, v in overrides.items() if v is not None})

    def engine(self) -> Engine:
        return ready_engine(self.settings())


def _env(name: str) -> dg.EnvVar | None:
    # An EnvVar is read where the resource is used (a run worker, the daemon), and the UI shows
    # which variable it came from; an unset variable keeps the product default instead of failing.
    return dg.EnvVar(name) if name in os.environ else None


def knowledge_index_resource() -> KnowledgeIndex:
    return KnowledgeIndex(home=_env("KI_HOME"), database_url=_env("KI_DATABASE_URL"))


@dg.definitions
def resources() -> dg.Definitions:
    return dg.Definitions(
        resources={"ki": knowledge_index_resource()}, executor=dg.in_process_executor
    )
