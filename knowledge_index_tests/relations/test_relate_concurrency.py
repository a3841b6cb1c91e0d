"""relate under concurrency and drift: no deadlock, retry on changed content, parked intents."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import text

from knowledge_index.runner import run_stage
from knowledge_index.stages.relate import handler as stage
from knowledge_index_tests.model_stages.support import small_estate, synced_and_converted
from knowledge_index_tests.relations.relate_support import (
    CLAUSES,
    FILES,
    MATTER,
    classified_estate,
    relate_all,
    relations,
)

RAHMEN = f"{MATTER}/Rahmenvertrag.txt"
LIEFER = f"{MATTER}/Liefervertrag.txt"
CROSS = {
    RAHMEN: "Rahmenvertrag\n\nDie Einzelheiten regelt der Liefervertrag vom 2. März 2024.",
    LIEFER: "Liefervertrag\n\nGrundlage ist der Rahmenvertrag vom 1. März 2024 der Parteien.",
}


def test_two_files_naming_each_other_relate_concurrently(engine, firm_env, tmp_path):
    settings, ids = classified_estate(engine, tmp_path / "estate", CROSS)
    # Both decide before either writes, so both materializations contend for both locks.
    barrier = threading.Barrier(2, timeout=60)
    original = stage.decide
    first_calls: set[str] = set()

    def decided_together(ctx, *args, **kwargs):
        result = original(ctx, *args, **kwargs)
        if ctx.source_object.id not in first_calls:  # the loser's second decision runs alone
            first_calls.add(ctx.source_object.id)
            barrier.wait()
        return result

    stage.decide = decided_together
    try:
        with ThreadPoolExecutor(2) as pool:
            reports = list(
                pool.map(
                    lambda source_object_id: run_stage(
                        settings, "relate", source_object_ids=[source_object_id], engine=engine
                    ),
                    [ids[RAHMEN], ids[LIEFER]],
                )
            )
    finally:
        stage.decide = original
    assert [r.results[0].status for r in reports] == ["done", "done"]
    # Both decided before either wrote: the second writer decided blind of the first, so it
    # decided again (relations/epochs.py) instead of writing a stale decision.
    assert sorted(r.results[0].metadata["redecided"] for r in reports) == [0, 1]
    assert {(RAHMEN, LIEFER, "references"), (LIEFER, RAHMEN, "references")} <= relations(engine)


def test_content_changed_mid_relate_is_retried_against_the_new_state(
    engine, firm_env, tmp_path, monkeypatch
):
    settings, ids = classified_estate(engine, tmp_path / "estate")
    target = ids[f"{MATTER}/Liefervertrag v1 Entwurf.txt"]
    with engine.connect() as conn:
        new_hash = conn.execute(
            text("SELECT content_hash FROM source_objects WHERE id = :i"),
            {"i": ids[f"{MATTER}/Liefervertrag v2.txt"]},
        ).scalar_one()
    original = stage.decide
    calls = []

    def edited_while_deciding(ctx, *args, **kwargs):
        result = original(ctx, *args, **kwargs)
        if not calls:  # the file is saved with v2's text while the model was thinking
            with engine.begin() as conn:
                conn.execute(
                    text("UPDATE source_objects SET content_hash = :h WHERE id = :i"),
                    {"h": new_hash, "i": target},
                )
        calls.append(ctx.source_object.content_hash)
        return result

    monkeypatch.setattr(stage, "decide", edited_while_deciding)
    first = run_stage(settings, "relate", source_object_ids=[target], engine=engine).results[0]
    assert first.status == "failed"
    assert first.error["class"] == "RetryableStageError"
    assert "content changed mid-relate" in first.error["message"]
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM document_versions")).scalar_one() == 0
    second = run_stage(settings, "relate", source_object_ids=[target], engine=engine).results[0]
    assert second.status == "done"
    assert calls[1] == new_hash
    with engine.connect() as conn:
        row = conn.execute(
            text(
                "SELECT v.content_hash, s.content_hash"
                " FROM document_versions v"
                " JOIN near_duplicate_signatures s ON s.source_object_id = v.source_object_id"
                " WHERE v.source_object_id = :i"
            ),
            {"i": target},
        ).one()
    # The retry judged the new text: its signature is of v2's bytes, and v2 (discovered after
    # it) is now its byte-identical copy.
    assert row[0] == row[1] == new_hash
    v2 = ids[f"{MATTER}/Liefervertrag v2.txt"]
    assert (
        run_stage(settings, "relate", source_object_ids=[v2], engine=engine).results[0].status
        == "done"
    )
    with engine.connect() as conn:
        copy = conn.execute(
            text(
                "SELECT identity, duplicate_of FROM document_versions WHERE source_object_id = :i"
            ),
            {"i": v2},
        ).one()
    assert tuple(copy) == ("duplicate", target)


OTHER_MATTER = "Mandanten/Acme GmbH/2024-0188 Rahmenvertrag"
CITED = f"{OTHER_MATTER}/Rahmenliefervertrag unterzeichnet.txt"
CITING = f"{MATTER}/Liefervertrag Abruf.txt"
ACROSS = {
    CITED: "Rahmenliefervertrag\n\nzwischen Acme GmbH und Müller AG\n\n"
    + CLAUSES
    + "\nMünchen, den 1. März 2024",
    CITING: "Einzelabruf\n\nGrundlage ist der Rahmenliefervertrag vom 1. März 2024.",
    f"{MATTER}/Notiz.txt": "Notiz zum Abruf.",
}


def test_intent_parked_against_unclassified_file_is_replayed(engine, firm_env, tmp_path):
    """A citation of another matter's document is resolved across the source, classified or
    not; against a file without a matter yet it waits as an intent until the file has one."""
    small_estate(tmp_path / "estate", ACROSS)
    settings, ids = synced_and_converted(engine, tmp_path / "estate")
    citing, cited = ids[CITING], ids[CITED]
    others = [i for i in ids.values() if i != cited]
    run_stage(settings, "classify_matter", source_object_ids=others, engine=engine)
    assert run_stage(settings, "relate", source_object_ids=[citing], engine=engine).results[
        0
    ].status == ("done")
    with engine.connect() as conn:
        parked = conn.execute(
            text(
                "SELECT target_source_object_id, relation FROM relation_intents"
                " WHERE source_object_id = :a AND status = 'parked'"
            ),
            {"a": citing},
        ).all()
    assert (cited, "references") in [tuple(p) for p in parked]
    assert not [r for r in relations(engine) if r[2] == "references"]
    run_stage(settings, "classify_matter", source_object_ids=[cited], engine=engine)
    with engine.connect() as conn:
        row = conn.execute(
            text(
                "SELECT method FROM relations WHERE source_object_id = :a"
                " AND target_source_object_id = :m AND relation = 'references'"
            ),
            {"a": citing, "m": cited},
        ).one()
        status = conn.execute(
            text("SELECT status FROM relation_intents WHERE source_object_id = :a"), {"a": citing}
        ).scalars()
    assert row[0] == "intent"
    assert set(status) == {"replayed"}


def test_an_unclassified_neighbour_is_no_target_until_it_joins_the_matter(
    engine, firm_env, tmp_path
):
    """Whether a file is still waiting for classify_matter when another relates is timing:
    it is found when it joins the matter (the annex decides again), not before."""
    small_estate(tmp_path / "estate", FILES)
    settings, ids = synced_and_converted(engine, tmp_path / "estate")
    annex = ids[f"{MATTER}/Anlage 1 zum Liefervertrag.txt"]
    main = ids[f"{MATTER}/Liefervertrag v1 Entwurf.txt"]
    withheld = {main, ids[f"{MATTER}/Liefervertrag v2.txt"]}
    withheld.add(ids[f"{MATTER}/Kopie/Liefervertrag v1 Entwurf.txt"])
    others = [i for i in ids.values() if i not in withheld]
    run_stage(settings, "classify_matter", source_object_ids=others, engine=engine)
    run_stage(settings, "relate", source_object_ids=[annex], engine=engine)
    assert not [r for r in relations(engine) if r[2] == "annex_of"]
    run_stage(settings, "classify_matter", source_object_ids=sorted(withheld), engine=engine)
    relate_all(engine)
    annexes = {(s, t) for s, t, r in relations(engine) if r == "annex_of"}
    assert annexes == {
        (f"{MATTER}/Anlage 1 zum Liefervertrag.txt", f"{MATTER}/Liefervertrag v1 Entwurf.txt")
    }


def test_a_neighbour_writing_while_a_file_decides_makes_it_decide_again(
    engine, firm_env, tmp_path, monkeypatch
):
    settings, ids = classified_estate(engine, tmp_path / "estate")
    v1, v2 = ids[f"{MATTER}/Liefervertrag v1 Entwurf.txt"], ids[f"{MATTER}/Liefervertrag v2.txt"]
    original = stage.decide
    seen: list[set[str]] = []

    def neighbour_writes_meanwhile(ctx, body, assignment, signals):
        result = original(ctx, body, assignment, signals)
        if ctx.source_object.id == v2:
            seen.append({c.path for c in signals.candidates if c.kinds})
            if len(seen) == 1:  # v1 relates and writes while v2's model is still thinking
                done = run_stage(settings, "relate", source_object_ids=[v1], engine=engine)
                assert done.results[0].status == "done"
        return result

    monkeypatch.setattr(stage, "decide", neighbour_writes_meanwhile)
    result = run_stage(settings, "relate", source_object_ids=[v2], engine=engine).results[0]
    # The first decision was made before v1's was written: it is not written, v2 decides again
    # (in the same attempt) and the second decision is the one stored.
    assert result.status == "done"
    assert result.metadata["redecided"] == 1
    assert len(seen) == 2
    with engine.connect() as conn:
        rows = conn.execute(
            text("SELECT source_object_id, logical_document_id FROM document_versions")
        ).all()
    families = {r[0]: r[1] for r in rows}
    assert families[v1] == families[v2]
