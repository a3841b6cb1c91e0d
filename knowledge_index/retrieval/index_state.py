"""The search index's `state.json` (generation, watermark, model), readable without the index.

Reading it needs neither LanceDB nor the embedding model, so "is the index behind the chunks?"
costs a file read and one query: `ki run` with nothing to do answers without loading either.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from pydantic import BaseModel, Field
from sqlalchemy import Engine, text

from knowledge_index.settings import Settings

STATE_FILE = "state.json"
# 2: document-level lexical fields (matter, parties, type labels, headings, compound tails) and
# separator-free / matter-key identifiers.
# 3: the party field also carries what a document writes after a party's name (party_context.py).
# 4: decision fields: the changes a document makes and their reasons (document_terms.py).
# 5: the party field carries the register numbers its documents write with the party's name.
SCHEMA_VERSION = 5


class IndexState(BaseModel):
    schema_version: int = SCHEMA_VERSION
    generation: int = 1
    embedding_model: str
    dims: int
    # Highest changes-feed position applied to both sides; None until the first feed batch.
    watermark: int | None = None
    updated_at: dt.datetime = Field(default_factory=lambda: dt.datetime.now(dt.UTC))


def index_path(settings: Settings) -> Path:
    return settings.home / "search"


def read_state(index_dir: Path) -> IndexState | None:
    path = index_dir / STATE_FILE
    if not path.exists():
        return None
    return IndexState.model_validate_json(path.read_text())


def pending_changes(engine: Engine, settings: Settings) -> int:
    """Chunk changes the index has not applied yet."""
    state = read_state(index_path(settings))
    # An index of an older schema is started over by the updater: everything is pending.
    current = state is not None and state.schema_version == SCHEMA_VERSION
    watermark = (state.watermark if current and state else None) or 0
    with engine.connect() as conn:
        return conn.execute(
            text("SELECT count(*) FROM chunk_changes WHERE seq > :w"), {"w": watermark}
        ).scalar_one()
