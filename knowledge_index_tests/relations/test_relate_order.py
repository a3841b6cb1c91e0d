"""relate's result must not depend on the order files happen to be related in.

Conversion runs in parallel, so the order files reach relate differs between runs. Here the
estate is processed once, then relate's tables are cleared and every file is related again,
one at a time, in a forced order (alphabetical: finals before drafts; and the reverse).
"""

from __future__ import annotations

import pytest
from sqlalchemy import text

from knowledge_index.runner import run_stage
from knowledge_index.settings import load_settings
from knowledge_index_tests.relations.scoring import score
from knowledge_index_tests.relations.test_relate_scores import (  # noqa: F401 (fixtures)
    THRESHOLDS,
    processed,
)

RELATE_TABLES = (
    "logical_documents, document_versions, relations, communication_threads, thread_members,"
    " near_duplicate_signatures, decisions"
)


@pytest.mark.parametrize("order", ["o.path", "o.path DESC"])
def test_relate_scores_do_not_depend_on_relate_order(engine, processed, order):  # noqa: F811
    settings = load_settings()
    with engine.begin() as conn:
        conn.execute(text(f"TRUNCATE {RELATE_TABLES} CASCADE"))
        ids = list(
            conn.execute(
                text(
                    "SELECT o.id FROM source_objects o JOIN processing_state p"
                    " ON p.source_object_id = o.id AND p.stage = 'relate' AND p.status = 'done'"
                    f" ORDER BY {order}"
                )
            ).scalars()
        )
    assert len(ids) > 30
    for source_object_id in ids:
        with engine.begin() as conn:
            conn.execute(
                text(
                    "UPDATE processing_state SET status = 'pending', attempts = 0"
                    " WHERE stage = 'relate' AND source_object_id = :o"
                ),
                {"o": source_object_id},
            )
        report = run_stage(
            settings, "relate", source_object_ids=[source_object_id], engine=engine, limit=1
        )
        assert [r.status for r in report.results] == ["done"]
    scores = score(engine, processed)
    for name in ("identity", "logical_documents", "version_order", "label", "threads"):
        assert getattr(scores, name) >= THRESHOLDS[name], f"{name} in order {order}\n" + (
            scores.table()
        )
