"""A file that joins the matter while a neighbour relates: the neighbour decides again.

Two workers overlap at the classify -> relate boundary: one relates a redline while the other
is still classifying the draft it was made against. The redline's reads do not hold the draft,
so it decides without it (no `redline_against`); when the draft relates it must reopen the
redline, whenever the redline's attempt happens to settle. Otherwise the family's order still
comes out right (lineage of the tracked changes) but the `supersedes` edge says `filename`
instead of `tracked_changes` (seen once in test_order_independence's two-worker run).
"""

from __future__ import annotations

from sqlalchemy import text

from knowledge_index.runner import run_stage
from knowledge_index.stages.relate import handler as stage
from knowledge_index_tests.model_stages.support import run_until_settled, synced_and_converted
from knowledge_index_tests.relations.estate import generate_scaled


def _negotiation(engine, tmp_path):
    """One negotiation (draft v1, DOCX redline v2, final, copies, letters, mails), converted
    and classified except for the draft."""
    generate_scaled(tmp_path / "estate", 15)
    settings, ids = synced_and_converted(engine, tmp_path / "estate")
    draft = next(i for p, i in ids.items() if p.endswith(" v1.txt"))
    redline = next(i for p, i in ids.items() if p.endswith(" v2 Redline.docx"))
    others = [i for i in ids.values() if i != draft]
    run_stage(settings, "classify_matter", source_object_ids=others, engine=engine)
    return settings, draft, redline


def _classify_and_relate(settings, engine, draft: str, *, relate: bool) -> None:
    done = run_stage(settings, "classify_matter", source_object_ids=[draft], engine=engine)
    assert [r.status for r in done.results] == ["done"]
    if relate:
        done = run_stage(settings, "relate", source_object_ids=[draft], engine=engine)
        assert [r.status for r in done.results] == ["done"]


def _redline_edge(engine, draft: str, redline: str) -> tuple[str | None, str | None]:
    with engine.connect() as conn:
        against = conn.execute(
            text("SELECT redline_against FROM document_versions WHERE source_object_id = :r"),
            {"r": redline},
        ).scalar_one()
        method = conn.execute(
            text(
                "SELECT method FROM relations WHERE relation = 'supersedes'"
                " AND source_object_id = :r AND target_source_object_id = :d"
            ),
            {"r": redline, "d": draft},
        ).scalar_one_or_none()
    return against, method


def test_draft_classified_while_the_redline_decides(engine, firm_env, tmp_path, monkeypatch):
    settings, draft, redline = _negotiation(engine, tmp_path)
    original = stage.decide

    def draft_joins_meanwhile(ctx, body, assignment, signals):
        result = original(ctx, body, assignment, signals)
        if ctx.source_object.id == redline:
            # The redline has read the matter: the other worker classifies the draft now, so
            # the redline settles after the draft became part of the matter.
            monkeypatch.setattr(stage, "decide", original)
            _classify_and_relate(settings, engine, draft, relate=False)
        return result

    monkeypatch.setattr(stage, "decide", draft_joins_meanwhile)
    first = run_stage(settings, "relate", source_object_ids=[redline], engine=engine)
    assert [r.status for r in first.results] == ["done"]
    run_until_settled(settings, engine, "relate")
    assert _redline_edge(engine, draft, redline) == (draft, "tracked_changes")


def test_draft_related_while_the_redline_is_settling(engine, firm_env, tmp_path, monkeypatch):
    settings, draft, redline = _negotiation(engine, tmp_path)
    original = stage.materialize

    def draft_joins_and_relates_meanwhile(engine_, exp, decision, **kwargs):
        stats = original(engine_, exp, decision, **kwargs)
        if exp.source_object_id == redline:
            # The redline's blind decision is written but its row is still running: the draft
            # is classified and related (reopening its blind neighbours) before it settles.
            monkeypatch.setattr(stage, "materialize", original)
            _classify_and_relate(settings, engine, draft, relate=True)
        return stats

    monkeypatch.setattr(stage, "materialize", draft_joins_and_relates_meanwhile)
    run_stage(settings, "relate", source_object_ids=[redline], engine=engine)
    run_until_settled(settings, engine, "relate")
    assert _redline_edge(engine, draft, redline) == (draft, "tracked_changes")
