"""The stage list as the Dagster layer sees it: the one accessor every definition is built from.

Today it reads `pipeline.STAGE_ORDER` and the descriptions below; when `pipeline.STAGES` (one
`Stage` declaration per stage, with its own description) lands, only `stage_specs` changes.
A stage's code version stays `settings.producer_version(name)`, read where assets are built.
"""

from __future__ import annotations

from dataclasses import dataclass

from knowledge_index.pipeline import STAGE_ORDER


@dataclass(frozen=True)
class StageSpec:
    name: str
    description: str
    # The stage before it: a document reaches a stage only after its predecessor settled.
    deps: tuple[str, ...]


# Interim: these move into each stage's `Stage(description=...)`.
_DESCRIPTIONS = {
    "fetch": "Source bytes into the content-addressed blob store (sha256); enforces "
    "pipeline.max_file_mb and skips objects deleted at the source.",
    "convert": "One structured_json artifact per content hash (text, sections, tables, "
    "tracked changes, comments, e-mail headers); containers become child documents.",
    "classify_matter": "Assigns each file to a matter (agent loop: search_matters, peek_matter, "
    "list_folder, create_matter; reference-number fallback, UNASSIGNED-<top folder>); writes "
    "matter_assignments and a classification artifact, replays parked relation intents.",
    "relate": "Identity (new document, version, exact and near duplicate), version order, "
    "annexes, amendments, replies, references and e-mail threads from agent-confirmed "
    "deterministic signals.",
    "extract_metadata": "Types each document against the legal document-type ontology (only "
    "visited, in-scope nodes; untyped stays NULL with the scope fingerprint), reads language, "
    "date, identifiers and notable clauses, and links parties to entities by rule.",
    "extract_decisions": "Negotiation decisions from tracked changes and comments, in one "
    "structured call, taxonomy-checked categories, names replaced by placeholders.",
    "index": "Chunks sized by the embedding model's tokenizer, embedded in batches, written to "
    "Postgres (pgvector) with the document's permission projection.",
}


def stage_specs() -> list[StageSpec]:
    """Every stage in pipeline order (every stage is built)."""
    return [
        StageSpec(
            name=name,
            description=_DESCRIPTIONS.get(name, f"The {name} stage, run through the ledger."),
            deps=(STAGE_ORDER[i - 1],) if i else (),
        )
        for i, name in enumerate(STAGE_ORDER)
    ]


def stage_names() -> list[str]:
    return [spec.name for spec in stage_specs()]
