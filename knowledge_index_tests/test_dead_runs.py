"""A `ki run` killed mid-run leaves no Dagster run STARTED forever: the next driver marks it failed.

Otherwise the insertion sensor's "this stage has an active run" check would never launch that
stage again under the daemon, and the UI would show a run that nothing will ever finish.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import time

from dagster import DagsterRunStatus, RunsFilter

from knowledge_index.orchestration.driver import Driver
from knowledge_index.orchestration.instance import get_instance
from knowledge_index.orchestration.launch import stage_has_active_run
from knowledge_index.orchestration.sweeper import PROCESS_TAG, sweep_dead_runs
from knowledge_index.orchestration.tags import STAGE_TAG
from knowledge_index.settings import load_settings
from knowledge_index_tests.support.estate import row, synced_estate
from knowledge_index_tests.support.workers import slow_driver_worker


def test_a_killed_ki_run_is_marked_failed_and_no_longer_blocks_its_stage(engine, tmp_path):
    settings = load_settings()
    ids = synced_estate(engine, settings, tmp_path / "estate", 2)
    worker = mp.get_context("spawn").Process(target=slow_driver_worker, args=("convert",))
    worker.start()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and row(engine, ids[0], "convert")["status"] != "running":
        time.sleep(0.2)
    assert row(engine, ids[0], "convert")["status"] == "running", "the worker never got there"
    os.kill(worker.pid, signal.SIGKILL)
    worker.join(10)

    instance = get_instance(settings)
    [stuck] = instance.get_runs(filters=RunsFilter(tags={STAGE_TAG: "convert"}))
    assert stuck.status == DagsterRunStatus.STARTED
    assert stuck.tags[PROCESS_TAG].startswith(f"{worker.pid}:")
    # Still STARTED in Dagster, but its process is gone: it no longer counts as active.
    assert not stage_has_active_run(instance, "convert")

    driver = Driver(settings)  # every driver sweeps first
    assert driver.swept_runs == [stuck.run_id]
    swept = instance.get_run_by_id(stuck.run_id)
    assert swept is not None and swept.status == DagsterRunStatus.FAILURE
    assert not stage_has_active_run(instance, "convert")
    # The live process's own runs are never swept.
    assert sweep_dead_runs(instance) == []


def _finished_pid() -> int:
    """The pid of a process that has exited (and been reaped): nothing answers to it."""
    import subprocess

    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def test_a_started_run_of_a_dead_process_does_not_block_the_insertion_sensor(engine, tmp_path):
    """Before any sweep has marked it failed (the housekeeping tick is every 2 minutes), a
    STARTED run whose recorded process is gone must not count as "the stage has an active
    run", while a run of a live process still does."""
    import socket

    from knowledge_index.orchestration.codelocation import load_definitions
    from knowledge_index.orchestration.sweeper import HOST_TAG, process_token
    from knowledge_index_tests.support.sensors import tick

    settings = load_settings()
    synced_estate(engine, settings, tmp_path / "estate", 3)
    defs = load_definitions()
    instance = get_instance(settings)
    job = defs.resolve_job_def("fetch_job")

    def started_run(token: str):
        tags = {STAGE_TAG: "fetch", HOST_TAG: socket.gethostname(), PROCESS_TAG: token}
        return instance.create_run_for_job(job, status=DagsterRunStatus.STARTED, tags=tags)

    live = started_run(process_token())
    assert stage_has_active_run(instance, "fetch")
    blocked = tick(defs, "insertion", instance)
    assert "nothing owed" in blocked.skip_message  # fetch was left to the live run

    instance.report_run_failed(live, "test over")
    dead = started_run(f"{_finished_pid()}:12345")
    assert instance.get_run_by_id(dead.run_id).status == DagsterRunStatus.STARTED
    assert not stage_has_active_run(instance, "fetch")
    out = tick(defs, "insertion", instance)
    assert [r.tags[STAGE_TAG] for r in out.run_requests] == ["fetch"]
    assert out.run_requests[0].tags["ki/owed"] == "3"
    # The housekeeping tick then records the death in Dagster as well.
    message = tick(defs, "ledger_housekeeping", instance).skip_message
    assert dead.run_id in message
    assert instance.get_run_by_id(dead.run_id).status == DagsterRunStatus.FAILURE
