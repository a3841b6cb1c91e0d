"""Calling one sensor of the loaded code location directly, with its resources.

A directly called sensor does not apply its result (no partitions added, no run submitted);
tests that need that go through `orchestration.dagster_internals.sensor_daemon_iteration`.
"""

from __future__ import annotations

from typing import Any

from dagster import DagsterInstance, Definitions, build_sensor_context


def tick(defs: Definitions, name: str, instance: DagsterInstance, cursor: str | None = None) -> Any:
    sensor = next(s for s in defs.sensors if s.name == name)
    context = build_sensor_context(
        instance=instance, definitions=defs, cursor=cursor, resources=dict(defs.resources)
    )
    return sensor(context)
