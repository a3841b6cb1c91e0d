"""The code location loads with no database, and its asset specs match the committed snapshot.

Building the Definitions must not need Postgres (the code server starts before the database is
reachable; `dg list defs` runs anywhere): the database URL points at a closed port, so any
connection attempt during loading fails this test. The snapshot makes every change to keys,
deps, partitions, code versions, groups, kinds, owners, descriptions or backfill policies show
up as a diff; regenerate it with `KI_UPDATE_SNAPSHOTS=1 pytest <this file>` and review it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from dagster import Definitions

from knowledge_index.orchestration.codelocation import load_definitions

SNAPSHOT = Path(__file__).parent / "snapshots" / "definitions.json"
UNREACHABLE = "postgresql+psycopg://nobody@127.0.0.1:1/nothing"


def _snapshot(defs: Definitions) -> dict[str, Any]:
    assets = {}
    for spec in sorted(defs.resolve_all_asset_specs(), key=lambda s: s.key.to_user_string()):
        policy = defs.resolve_assets_def(spec.key).backfill_policy
        assets[spec.key.to_user_string()] = {
            "deps": sorted(d.asset_key.to_user_string() for d in spec.deps),
            "partitions": getattr(spec.partitions_def, "name", None),
            "code_version": spec.code_version,
            "group": spec.group_name,
            "kinds": sorted(spec.kinds),
            "owners": list(spec.owners),
            "description": spec.description,
            "backfill_policy": None
            if policy is None
            else {
                "type": policy.policy_type.value,
                "max_partitions_per_run": policy.max_partitions_per_run,
            },
        }
    graph = defs.resolve_asset_graph()
    return {
        "assets": assets,
        "asset_checks": sorted(
            f"{k.asset_key.to_user_string()}:{k.name}" for k in graph.asset_check_keys
        ),
        "jobs": sorted(job.name for job in defs.resolve_all_job_defs()),
        "sensors": {
            s.name: {
                "minimum_interval_seconds": s.minimum_interval_seconds,
                "default_status": s.default_status.value,
            }
            for s in sorted(defs.sensors, key=lambda s: s.name)
        },
        "resources": sorted(defs.resources),
    }


@pytest.fixture
def no_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key in list(os.environ):
        if key.startswith("KI_") and key != "KI_UPDATE_SNAPSHOTS":
            monkeypatch.delenv(key)
    monkeypatch.setenv("KI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("KI_DATABASE_URL", UNREACHABLE)


def test_definitions_load_without_a_database_and_match_the_snapshot(no_database: None) -> None:
    defs = load_definitions()
    Definitions.validate_loadable(defs)
    actual = _snapshot(defs)
    if os.environ.get("KI_UPDATE_SNAPSHOTS"):
        SNAPSHOT.write_text(json.dumps(actual, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert actual == expected


def test_the_resource_reads_its_fields_from_the_environment(
    no_database: None, tmp_path: Path
) -> None:
    from dagster import build_resources

    # The fields are EnvVars, resolved where the resource is initialised (a run, a tick).
    with build_resources({"ki": load_definitions().resources["ki"]}) as resources:
        settings = resources.ki.settings()
    assert settings.database_url == UNREACHABLE
    assert settings.home == tmp_path / "home"


def test_stage_code_versions_follow_settings_on_every_load(
    no_database: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dagster import AssetKey

    before = load_definitions().resolve_assets_def(AssetKey("classify_matter"))
    monkeypatch.setenv("KI_LLM_MODEL", "ollama/some-other-model")
    after = load_definitions().resolve_assets_def(AssetKey("classify_matter"))
    key = AssetKey("classify_matter")
    assert before.code_versions_by_key[key] != after.code_versions_by_key[key]
    assert "model=ollama/some-other-model" in after.code_versions_by_key[key]
