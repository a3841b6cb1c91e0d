"""One competing worker, as a process of its own: `python -m knowledge_index_tests.faults.worker`.

What a `ki run` does (each stage for every document) without Dagster's start-up, in the
environment the test set (KI_HOME, the databases, the firm). Two of these at once are two
workers racing for the same rows, the way two `ki run`s or two daemon runs do.
"""

from __future__ import annotations

from knowledge_index.db import get_engine
from knowledge_index.pipeline import stage_order
from knowledge_index.runner import run_stage
from knowledge_index.settings import load_settings
from knowledge_index_tests.faults.support import owed


def main() -> None:
    settings = load_settings()
    engine = get_engine(settings)
    for _ in range(6):
        for stage in stage_order():
            run_stage(settings, stage, engine=engine)
        if not owed(engine):
            return


if __name__ == "__main__":
    main()
