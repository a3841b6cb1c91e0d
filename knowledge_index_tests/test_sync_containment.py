"""Grants and deletions reach every level of containment (issue 16): attachments, archive
entries and mails inside archives carry their top-level file's current grants and deletion state,
in the sync that saw the change, and the search index's permission projection follows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import Engine, text

from knowledge_index.mcp.visibility import caller_principals, visible_sql
from knowledge_index.orchestration.driver import Driver
from knowledge_index.settings import load_settings
from knowledge_index.sources.registry import add_source
from knowledge_index_tests.support.nested import nested_mail

CAROL = caller_principals(["user:carol"])
BOB = caller_principals(["user:bob"])


def _tree(engine: Engine) -> dict[str, dict]:
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT id, path, parent_id, ancestor_ids, acl, deleted_at IS NOT NULL AS deleted"
                " FROM source_objects"
            )
        ).mappings()
        return {r["path"]: dict(r) for r in rows}


def _visible(engine: Engine, principals: list[str]) -> set[str]:
    with engine.connect() as conn:
        return set(
            conn.execute(
                text(f"SELECT o.path FROM source_objects o WHERE {visible_sql('o')}"),
                {"principals": principals},
            ).scalars()
        )


def _projections(engine: Engine) -> dict[str, tuple[list[str], list[str]]]:
    with engine.connect() as conn:
        rows = conn.execute(
            text("SELECT DISTINCT path, allowed_principals, denied_principals FROM chunks")
        ).all()
    return {r[0]: (sorted(r[1]), sorted(r[2])) for r in rows}


@pytest.fixture
def nested_estate(engine, settings, tmp_path: Path):
    root = tmp_path / "estate"
    (root / "Open").mkdir(parents=True)
    (root / "Wall").mkdir()
    (root / "Wall" / ".ki-acl.json").write_text(
        json.dumps({"allow": ["user:carol"], "inherit": False}), encoding="utf-8"
    )
    (root / "Open" / "mail.eml").write_bytes(nested_mail("alpha"))
    with engine.begin() as conn:
        add_source(conn, "estate", root)
    driver = Driver(settings)
    driver.sync("estate")
    driver.run_until_idle()
    return root, driver


def _descendants(tree: dict[str, dict], top: str) -> list[str]:
    return sorted(p for p in tree if p.startswith(top + "!/"))


def test_every_level_records_its_ancestors(engine, nested_estate):
    tree = _tree(engine)
    below = _descendants(tree, "Open/mail.eml")
    # mail > zip > (entry, inner mail > deep annex): four levels of children.
    assert len(below) == 4, sorted(tree)
    deep = next(p for p in below if p.endswith("deep-alpha.txt"))
    chain = tree[deep]["ancestor_ids"]
    assert chain[0] == tree["Open/mail.eml"]["id"] and chain[-1] == tree[deep]["parent_id"]
    assert len(chain) == 3
    assert set(below) <= _visible(engine, BOB)


def test_revocation_reaches_the_whole_subtree_and_its_projection(engine, nested_estate):
    root, driver = nested_estate
    (root / "Open" / ".ki-acl.json").write_text(
        json.dumps({"allow": ["user:carol"], "inherit": False}), encoding="utf-8"
    )
    report = driver.sync("estate")
    assert report.access_changed == 1
    tree = _tree(engine)
    below = _descendants(tree, "Open/mail.eml")
    # The same sync: every descendant carries the new grants and hides at once.
    assert all(tree[p]["acl"]["allow"] == ["user:carol"] for p in below)
    assert not ({"Open/mail.eml", *below} & _visible(engine, BOB))
    assert set(below) <= _visible(engine, CAROL)
    with engine.connect() as conn:
        owed = conn.execute(
            text(
                "SELECT count(*) FROM processing_state p JOIN source_objects o"
                " ON o.id = p.source_object_id WHERE p.stage = 'index'"
                " AND p.access_only_reindex AND o.parent_id IS NOT NULL"
            )
        ).scalar_one()
    assert owed == 4
    driver.run_until_idle()
    projected = _projections(engine)
    for path in ["Open/mail.eml", *below]:
        if path in projected:
            assert projected[path] == (["user:carol"], []), path
    assert {p for p in projected if p.startswith("Open/mail.eml!/")}, projected


def test_a_stale_child_copy_never_widens_access(engine, nested_estate):
    """Query time checks every ancestor, so a child written with an old copy of the grants (a
    convert racing a sync) is hidden wherever its container is."""
    tree = _tree(engine)
    with engine.begin() as conn:
        conn.execute(
            text("UPDATE source_objects SET acl = CAST(:a AS jsonb) WHERE id = :i"),
            {
                "a": json.dumps({"allow": ["user:carol"], "deny": []}),
                "i": tree["Open/mail.eml"]["id"],
            },
        )
    assert not (set(_descendants(tree, "Open/mail.eml")) & _visible(engine, BOB))


def test_a_move_into_a_walled_folder_hides_the_old_subtree_in_the_same_sync(
    engine, nested_estate, monkeypatch
):
    root, _ = nested_estate
    monkeypatch.setenv("KI_PIPELINE__DELETION_CONFIRMATIONS", "3")
    driver = Driver(load_settings())
    (root / "Open" / "mail.eml").rename(root / "Wall" / "mail.eml")
    report = driver.sync("estate")
    # The bytes reappeared under the wall: the old copy is gone now, not after 3 scans.
    assert (report.moved, report.tombstoned, report.pending_deletions) == (1, 1, 0)
    tree = _tree(engine)
    old = ["Open/mail.eml", *_descendants(tree, "Open/mail.eml")]
    assert all(tree[p]["deleted"] for p in old)
    assert not (set(old) & _visible(engine, BOB))
    driver.run_until_idle()
    tree = _tree(engine)
    new = ["Wall/mail.eml", *_descendants(tree, "Wall/mail.eml")]
    assert len(new) == 5
    assert _visible(engine, BOB) == set()
    assert set(new) <= _visible(engine, CAROL)
    with engine.connect() as conn:
        left = conn.execute(
            text("SELECT count(*) FROM chunks WHERE left(path, 5) = 'Open/'")
        ).scalar_one()
    assert left == 0


def test_a_deletion_tombstones_every_level(engine, nested_estate, monkeypatch):
    root, _ = nested_estate
    monkeypatch.setenv("KI_PIPELINE__DELETION_CONFIRMATIONS", "1")
    driver = Driver(load_settings())
    (root / "Open" / "mail.eml").unlink()
    (root / "Open" / "keep.txt").write_text("keeps the scan from being empty", encoding="utf-8")
    report = driver.sync("estate")
    assert report.tombstoned == 1
    tree = _tree(engine)
    old = ["Open/mail.eml", *_descendants(tree, "Open/mail.eml")]
    assert len(old) == 5 and all(tree[p]["deleted"] for p in old)
    assert not (set(old) & _visible(engine, BOB))
    driver.run_until_idle()
    with engine.connect() as conn:
        left = conn.execute(
            text("SELECT count(*) FROM chunks WHERE left(path, 13) = 'Open/mail.eml'")
        ).scalar_one()
    assert left == 0
