"""search_matters and peek_matter: what the classify agent can learn about existing matters.

The whole candidate set is scored before the page is cut, so `page.total` is exact and an
offset walks the same ranking. Signals: reference-number identity (strongest: a bare number is
how lawyers name matters), title substring, token similarity (rapidfuzz) over the title,
reference and folder names, and semantic similarity of the query to the matter's indexed
documents (their first chunk and profile row). The semantic signal is the weakest: a new
document's matter is often not indexed yet, and wording alone must not outvote a reference.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
from pydantic import BaseModel, Field
from rapidfuzz import fuzz
from sqlalchemy import Connection, text

from knowledge_index.matters.references import ReferenceScheme, scheme_for
from knowledge_index.matters.store import DEFAULT_PROJECT

REFERENCE_SCORE = 100.0
TITLE_SUBSTRING_SCORE = 20.0
FUZZY_FLOOR = 60.0  # token_set_ratio below this says nothing
PEEK_SAMPLE = 12
SEMANTIC_FLOOR = 0.45  # MiniLM's cosine similarity below which texts are unrelated
SEMANTIC_WEIGHT = 12.0
SEMANTIC_DOCUMENTS = 200  # nearest documents considered before grouping by matter


class QueryEmbedder(Protocol):
    model: str
    unrelated_similarity: float

    def embed_query(self, text: str) -> np.ndarray: ...


def semantic_scores(conn: Connection, query: str, embedder: QueryEmbedder) -> dict[str, float]:
    """Best cosine similarity of the query to each matter's documents (profile or first chunk)."""
    if not conn.execute(
        text("SELECT EXISTS (SELECT 1 FROM chunks WHERE matter_id IS NOT NULL)")
    ).scalar_one():
        return {}
    vector = "[" + ",".join(f"{x:.7g}" for x in embedder.embed_query(query).tolist()) + "]"
    rows = conn.execute(
        text(
            "SELECT matter_id, 1 - (embedding <=> CAST(:q AS vector)) AS sim FROM chunks"
            " WHERE matter_id IS NOT NULL AND ordinal IN (-1, 0)"
            # While the index re-embeds after a model change, older rows hold another
            # model's vectors (maybe of other dimensions): only like is compared with like.
            " AND embedding_model = :model"
            " ORDER BY embedding <=> CAST(:q AS vector) LIMIT :n"
        ),
        {"q": vector, "n": SEMANTIC_DOCUMENTS, "model": embedder.model},
    ).all()
    # Each model's own "unrelated" level is mapped onto MiniLM's, which the weights were
    # chosen with: the same evidence scores the same whichever model the index uses.
    floor = embedder.unrelated_similarity
    best: dict[str, float] = {}
    for matter_id, sim in rows:
        if sim < floor:
            continue
        scaled = SEMANTIC_FLOOR + (float(sim) - floor) * (1 - SEMANTIC_FLOOR) / (1 - floor)
        if scaled > best.get(matter_id, 0.0):
            best[matter_id] = scaled
    return best


class MatterHit(BaseModel):
    matter_id: str
    reference_number: str
    reference_key: str = Field(description="Canonical form: equal keys are one matter.")
    title: str
    practice_area: str | None
    folders: list[str]
    score: float
    matched_on: list[str]


class Page(BaseModel):
    offset: int
    limit: int
    returned: int
    total: int
    has_more: bool

    @classmethod
    def window(cls, offset: int, limit: int, returned: int, total: int) -> Page:
        """The page a cut of an exactly counted ranking describes."""
        return cls(
            offset=offset,
            limit=limit,
            returned=returned,
            total=total,
            has_more=offset + returned < total,
        )


class MatterSearchResult(BaseModel):
    results: list[MatterHit]
    page: Page


def _candidates(conn: Connection, project: str) -> list[dict[str, Any]]:
    return [
        dict(r)
        for r in conn.execute(
            text(
                "SELECT id, reference_number, reference_key, title, practice_area, folders"
                " FROM matters WHERE project = :p"
            ),
            {"p": project},
        ).mappings()
    ]


def _score(
    query: str, keys: set[str], m: dict[str, Any], semantic: float | None, scheme: ReferenceScheme
) -> tuple[float, list[str]]:
    score, why = 0.0, []
    if semantic is not None:
        score += semantic * SEMANTIC_WEIGHT
        why.append(f"semantic:{semantic:.2f}")
    if m["reference_key"] in keys or scheme.key(query) == m["reference_key"]:
        score += REFERENCE_SCORE
        why.append("reference")
    q = query.strip().lower()
    title = (m["title"] or "").lower()
    if q and title and (q in title or (len(title) >= 4 and title in q)):
        score += TITLE_SUBSTRING_SCORE
        why.append("title")
    folder_names = " ".join(f.rsplit("/", 1)[-1] for f in m["folders"] or [])
    haystack = f"{m['reference_number']} {m['title']} {folder_names}"
    similarity = fuzz.token_set_ratio(query, haystack, processor=str.lower)
    if similarity >= FUZZY_FLOOR:
        score += similarity / 10
        why.append(f"similar:{similarity:.0f}")
    return score, why


def search_matters(
    conn: Connection,
    query: str,
    limit: int = 8,
    offset: int = 0,
    project: str = DEFAULT_PROJECT,
    embedder: QueryEmbedder | None = None,
    scheme: ReferenceScheme | None = None,
) -> MatterSearchResult:
    scheme = scheme or scheme_for()
    keys = {f.key for f in scheme.find_in_text(query)}
    semantic = semantic_scores(conn, query, embedder) if embedder is not None else {}
    scored = []
    for m in _candidates(conn, project):
        score, why = _score(query, keys, m, semantic.get(m["id"]), scheme)
        if score > 0:
            scored.append((score, m, why))
    scored.sort(key=lambda t: (-t[0], t[1]["reference_key"]))
    window = scored[offset : offset + limit]
    hits = [
        MatterHit(
            matter_id=m["id"],
            reference_number=m["reference_number"],
            reference_key=m["reference_key"],
            title=m["title"],
            practice_area=m["practice_area"],
            folders=list(m["folders"] or []),
            score=round(score, 2),
            matched_on=why,
        )
        for score, m, why in window
    ]
    return MatterSearchResult(
        results=hits,
        page=Page.window(offset, limit, len(hits), len(scored)),
    )


class MatterPeek(BaseModel):
    matter_id: str
    reference_number: str
    title: str
    practice_area: str | None
    kind: str | None
    folders: list[str]
    document_count: int = Field(description="The true number of documents assigned.")
    document_titles: list[str]
    document_titles_are_sample: bool


def peek_matter(conn: Connection, matter_id: str) -> MatterPeek:
    row = (
        conn.execute(
            text(
                "SELECT id, reference_number, title, practice_area, kind, folders,"
                " (SELECT count(*) FROM matter_assignments a WHERE a.matter_id = m.id) AS n"
                " FROM matters m WHERE id = :id"
            ),
            {"id": matter_id},
        )
        .mappings()
        .first()
    )
    if row is None:
        raise LookupError(f"no matter with id {matter_id!r}; use an id from search_matters")
    titles = [
        r[0]
        for r in conn.execute(
            text(
                "SELECT COALESCE(d.title, regexp_replace(o.path, '^.*/', ''))"
                " FROM matter_assignments a JOIN source_objects o ON o.id = a.source_object_id"
                " LEFT JOIN document_metadata d ON d.source_object_id = a.source_object_id"
                " WHERE a.matter_id = :id ORDER BY o.seq LIMIT :n"
            ),
            {"id": matter_id, "n": PEEK_SAMPLE},
        )
    ]
    return MatterPeek(
        matter_id=row["id"],
        reference_number=row["reference_number"],
        title=row["title"],
        practice_area=row["practice_area"],
        kind=row["kind"],
        folders=list(row["folders"] or []),
        document_count=row["n"],
        document_titles=titles,
        document_titles_are_sample=row["n"] > len(titles),
    )
