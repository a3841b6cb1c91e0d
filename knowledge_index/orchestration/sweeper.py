"""Runs whose process died are marked failed, so Dagster's view stays true after a kill.

`ki sync`/`ki run` execute runs in their own process. A SIGKILL leaves such a run STARTED for
good, and "this stage has an active run" would then never launch the stage again under the
daemon. Every in-process run is tagged with the host and the launching process (pid and its
start time, so a reused pid is not mistaken for the original); the sweep at the start of every
driver and in the housekeeping sensor marks those whose process is gone as failed, with the
cause. Runs the daemon launched are left to Dagster's run monitoring.
"""

from __future__ import annotations

import socket

from dagster import DagsterInstance, DagsterRun, DagsterRunStatus, RunsFilter

from knowledge_index.processes import alive as _alive
from knowledge_index.processes import process_token

HOST_TAG = "ki/host"
PROCESS_TAG = "ki/process"  # "<pid>:<start time in clock ticks since boot>"
SWEPT_STATUSES = [DagsterRunStatus.NOT_STARTED, DagsterRunStatus.STARTING, DagsterRunStatus.STARTED]


def launcher_tags() -> dict[str, str]:
    """Tags for a run executed in this process."""
    return {HOST_TAG: socket.gethostname(), PROCESS_TAG: process_token()}


def run_is_dead(run: DagsterRun) -> bool:
    """An in-process run of this host whose launching process is gone (it can never finish).

    Runs of another host, and runs without the tags (the daemon's), are never judged dead
    here: their process cannot be checked from this machine, and run monitoring owns them.
    """
    if run.tags.get(HOST_TAG) != socket.gethostname():
        return False
    token = run.tags.get(PROCESS_TAG, "")
    return bool(token) and not _alive(token)


def sweep_dead_runs(instance: DagsterInstance) -> list[str]:
    """Mark this host's in-process runs whose process is gone as failed; their run ids."""
    host = socket.gethostname()
    swept: list[str] = []
    for run in instance.get_runs(
        filters=RunsFilter(statuses=SWEPT_STATUSES, tags={HOST_TAG: host})
    ):
        if not run_is_dead(run):
            continue
        token = run.tags[PROCESS_TAG]
        instance.report_run_failed(
            run,
            f"the process that ran it ({token.split(':')[0]} on {host}) ended without finishing"
            " it (killed or crashed); marked failed by the ki sweeper. The ledger re-runs its"
            " unfinished documents.",
        )
        swept.append(run.run_id)
    return swept
