"""Whether a process that claimed work on this host is still the one that claimed it.

A token is "<pid>:<start time in clock ticks since boot>", so a reused pid is not mistaken for
the original. Used by the run sweeper (Dagster runs) and the ledger (row claims).
"""

from __future__ import annotations

import os
from pathlib import Path


def _start_ticks(pid: int) -> str | None:
    """The process's start time from /proc (None when it does not exist)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    # The command name (field 2) may hold spaces and parentheses: split after its last ')'.
    return stat.rsplit(")", 1)[1].split()[19]


def process_token(pid: int | None = None) -> str:
    pid = os.getpid() if pid is None else pid
    return f"{pid}:{_start_ticks(pid) or '?'}"


def alive(token: str) -> bool:
    pid_text, _, ticks = token.partition(":")
    if not pid_text.isdigit():
        return True  # not ours to judge
    pid = int(pid_text)
    started = _start_ticks(pid)
    if started is None:
        if Path("/proc/self/stat").exists():
            return False
        try:  # no /proc on this system: existence is all we can check
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True
    return ticks in ("?", started)


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity, which a container's cpuset narrows)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def clamp_reason(requested: int, limits: list[str]) -> str:
    """Why a parallelism setting runs as it does, as `ki sync` reports it."""
    return f"clamped from {requested} by " + " and ".join(limits) if limits else "as requested"
