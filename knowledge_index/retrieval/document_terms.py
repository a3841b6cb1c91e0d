"""What a document is, as words the lexical index gives their own fields: its matter's reference
and title, its parties' names (as written in it and in documents with the same permissions),
its document type's labels.

People ask for "the Kaufvertrag in Müller" or "0412-24": words that name the document's matter,
parties or kind, which its text may never spell out (a scanned guarantee does not repeat the
matter reference; the file says "Geschäftsanteilskaufvertrag", the ontology also knows "SPA").
These terms are read from Postgres (matter assignments, document metadata, party mentions, the
ontology) whenever the index writes a document's chunks, so a rebuild from Postgres alone
reproduces them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from pydantic import BaseModel, Field
from sqlalchemy import Connection, Engine, text

from knowledge_index.entities.names import written_register
from knowledge_index.matters.references import PLACEHOLDER_PREFIX
from knowledge_index.retrieval.party_context import identity_words

# Given source object ids, their terms (documents without any may be missing).
TermsProvider = Callable[[Sequence[str]], dict[str, "DocumentTerms"]]


class DocumentTerms(BaseModel):
    # Canonical (matters.reference_key), for the exact ident field.
    matter_key: str | None = None
    matter_reference: str | None = None
    matter_title: str | None = None
    parties: list[str] = Field(default_factory=list)
    # What the document writes right after a party's name (register number, seat, address).
    party_identity: list[str] = Field(default_factory=list)
    doc_type_labels: list[str] = Field(default_factory=list)
    # The changes this document makes to its predecessor and their stated reasons (from
    # extract_decisions), with the topic's labels: "why was the cap raised to 30 %" names
    # the change, not the clause text.
    decisions: list[str] = Field(default_factory=list)

    @property
    def matter_text(self) -> str:
        return " ".join(v for v in (self.matter_reference, self.matter_title) if v)


@functools.cache
def _type_labels() -> dict[str, tuple[str, ...]]:
    """Ontology type id -> its labels and terms (German and English)."""
    from knowledge_index.ontology import load_ontology

    labels: dict[str, tuple[str, ...]] = {}
    for node in load_ontology().data.nodes:
        values = [node.label_en, node.label_de, *node.terms]
        labels[node.id] = tuple(dict.fromkeys(v for v in values if v))
    return labels


def type_labels(doc_type: str | None) -> list[str]:
    if not doc_type:
        return []
    try:
        return list(_type_labels().get(doc_type, ()))
    except Exception:  # an unreadable ontology must not stop indexing; the type id still counts
        return []


def load_document_terms(
    engine: Engine, source_object_ids: Sequence[str]
) -> dict[str, DocumentTerms]:
    if not source_object_ids:
        return {}
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT o.id, m.reference_number, m.title, d.doc_type, m.reference_key"
                " FROM source_objects o"
                " LEFT JOIN matter_assignments a ON a.source_object_id = o.id"
                " LEFT JOIN matters m ON m.id = a.matter_id"
                " LEFT JOIN document_metadata d ON d.source_object_id = o.id"
                " WHERE o.id = ANY(CAST(:ids AS text[]))"
            ),
            {"ids": list(source_object_ids)},
        ).all()
        parties = _parties(conn, source_object_ids)
        texts = _texts(conn, list(parties))
        decisions = _decisions(conn, source_object_ids)
    out = {}
    for row in rows:
        # A placeholder matter ("UNASSIGNED-EINGANG") says where a file lies, not what it is.
        real = row[1] is not None and not row[1].startswith(PLACEHOLDER_PREFIX)
        out[row[0]] = DocumentTerms(
            matter_key=row[4] if real else None,
            matter_reference=row[1] if real else None,
            matter_title=row[2] if real else None,
            parties=(mine := parties.get(row[0], _NO_PARTIES)).spellings,
            party_identity=list(
                dict.fromkeys([*_identity(texts.get(row[0], ""), mine.spellings), *mine.registers])
            ),
            doc_type_labels=type_labels(row[3]),
            decisions=decisions.get(row[0], []),
        )
    return out


# A party's spellings are the mentions of its entity in this document and in every document
# with exactly this document's permission projection: whoever may see this document sees those
# too, so matching a query on them reveals nothing hidden (the rule resolve_entity keeps). The
# register numbers those documents write with the party's name come along: "FN 190234 x"
# then finds every document of that company, also those that only write its name. The
# entity's canonical name and accumulated aliases may come from documents the caller cannot
# see, so they are not used as such. A later grant change of another document is not followed
# until this document is indexed again.
_SPELLINGS = text(
    "WITH pairs AS (SELECT p.source_object_id AS mine, m.source_object_id AS theirs, m.mention,"
    "   m.provenance -> 'identifiers' AS identifiers"
    "   FROM document_parties p JOIN document_parties m"
    "   ON m.entity_id = p.entity_id AND m.mention <> ''"
    "   WHERE p.source_object_id = ANY(CAST(:ids AS text[]))),"
    " acl AS (SELECT DISTINCT ON (c.source_object_id) c.source_object_id,"
    "   c.allowed_principals, c.denied_principals FROM chunks c"
    "   WHERE c.source_object_id IN (SELECT mine FROM pairs UNION SELECT theirs FROM pairs)"
    "   ORDER BY c.source_object_id, c.ordinal),"
    " seen AS (SELECT pairs.* FROM pairs"
    "   LEFT JOIN acl a ON a.source_object_id = pairs.mine"
    "   LEFT JOIN acl b ON b.source_object_id = pairs.theirs"
    "   WHERE pairs.theirs = pairs.mine"
    "     OR (a.allowed_principals = b.allowed_principals"
    "       AND a.denied_principals = b.denied_principals))"
    " SELECT seen.mine, array_agg(DISTINCT seen.mention ORDER BY seen.mention),"
    "   array_remove(array_agg(DISTINCT register.key || ':' || register.value"
    "     ORDER BY register.key || ':' || register.value), NULL)"
    " FROM seen LEFT JOIN LATERAL jsonb_each_text(CASE WHEN jsonb_typeof(seen.identifiers)"
    "   = 'object' THEN seen.identifiers ELSE '{}'::jsonb END) register ON TRUE"
    " GROUP BY seen.mine"
)


class _Parties(BaseModel):
    spellings: list[str]
    # Register numbers written with a party's name ("FN 190234 x") in any of those documents.
    registers: list[str]


_NO_PARTIES = _Parties(spellings=[], registers=[])


def _register_words(registers: Sequence[str]) -> list[str]:
    """`kind:value` pairs from the party rows' provenance, as documents write them."""
    out = (written_register(*pair.split(":", 1)) for pair in registers if ":" in pair)
    return list(dict.fromkeys(w for w in out if w))


def _parties(conn: Connection, source_object_ids: Sequence[str]) -> dict[str, _Parties]:
    rows = conn.execute(_SPELLINGS, {"ids": list(source_object_ids)}).all()
    return {
        row[0]: _Parties(spellings=list(row[1]), registers=_register_words(row[2])) for row in rows
    }


# The document's own passages (not its clause and profile rows, which repeat them).
_TEXTS = text(
    "SELECT source_object_id, string_agg(text, chr(10) ORDER BY ordinal) FROM chunks"
    " WHERE source_object_id = ANY(CAST(:ids AS text[])) AND ordinal >= 0 AND ordinal < 1000"
    " GROUP BY source_object_id"
)


def _texts(conn: Connection, source_object_ids: Sequence[str]) -> dict[str, str]:
    if not source_object_ids:
        return {}
    return {row[0]: row[1] for row in conn.execute(_TEXTS, {"ids": list(source_object_ids)})}


_DECISIONS = text(
    "SELECT source_object_id, topic, change_summary, rationale_category, rationale_text"
    " FROM decisions WHERE source_object_id = ANY(CAST(:ids AS text[]))"
    " ORDER BY source_object_id, ordinal"
)


@functools.cache
def _topic_labels() -> dict[str, str]:
    from knowledge_index.decisions.taxonomy import load_taxonomy

    return {c.id: f"{c.label_de} {c.label_en}" for c in load_taxonomy("topic").categories}


def _decisions(conn: Connection, source_object_ids: Sequence[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for doc, topic, change, why_category, why in conn.execute(
        _DECISIONS, {"ids": list(source_object_ids)}
    ):
        # An unstated reason is the stage's stock sentence, not words of the document.
        reason = why if why_category != "unstated" else ""
        words = (_topic_labels().get(topic or "", ""), change or "", reason or "")
        out.setdefault(doc, []).append(" ".join(w for w in words if w))
    return out


def _identity(document_text: str, spellings: Sequence[str]) -> list[str]:
    words: dict[str, None] = {}
    for spelling in spellings:
        words.update(dict.fromkeys(identity_words(document_text, spelling)))
    return list(words)


def provider(engine: Engine) -> TermsProvider:
    return functools.partial(load_document_terms, engine)
