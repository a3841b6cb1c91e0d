"""Model-stage benchmark: classify_matter and extract_metadata with the offline model.

    .venv/bin/python benchmarks/bench_model_stages.py [--documents 1000]

Generates the test estate at scale (knowledge_index_tests/model_stages/estate.py: many matters,
German and English documents of many types), syncs, fetches and converts it through the ledger,
then runs each model stage over every document (runner.run_stage, no Dagster: the Dagster tax is
measured in bench_spine.py). Reported per stage: documents per second, gateway calls per
document, the share of wall time inside the model (litellm + offline policy, from the usage
ledger's latencies) and outside it (tools' SQL, prompt building, rules, writes), and the scores.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--documents", type=int, default=1000)
    args = parser.parse_args()

    home = Path(tempfile.mkdtemp(prefix="ki-bench-model-"))
    os.environ["KI_HOME"] = str(home)
    for key in [k for k in os.environ if k.startswith("KI_") and k != "KI_HOME"]:
        del os.environ[key]
    from knowledge_index_tests.model_stages.estate import FIRM, FIRM_ALIASES, generate

    os.environ["KI_FIRM__NAME"] = FIRM
    os.environ["KI_FIRM__ALIASES"] = '["' + '","'.join(FIRM_ALIASES) + '"]'

    from sqlalchemy import text

    from knowledge_index.db import get_engine
    from knowledge_index.gateway.offline import OFFLINE_MODEL
    from knowledge_index.migrations import migrate
    from knowledge_index.runner import run_stage
    from knowledge_index.settings import load_settings
    from knowledge_index.sources.registry import add_source
    from knowledge_index.sources.sync import sync_source
    from knowledge_index_tests.model_stages.scoring import score

    extra = max(0, round(args.documents / 9) - 6)
    expected = generate(home / "estate", extra_matters=extra)
    settings = load_settings()
    engine = get_engine(settings)
    migrate(engine)
    with engine.begin() as conn:
        add_source(conn, "estate", home / "estate")
    sync_source(engine, settings, "estate")
    for stage in ("fetch", "convert"):
        run_stage(settings, stage, engine=engine)

    rows = []
    for stage in ("classify_matter", "relate", "extract_metadata"):
        policy_before = OFFLINE_MODEL.stats.policy_seconds
        t0 = time.perf_counter()
        report = run_stage(settings, stage, engine=engine)
        wall = time.perf_counter() - t0
        if stage == "relate":
            continue  # not built: passes through
        with engine.connect() as conn:
            calls, latency_ms = conn.execute(
                text(
                    "SELECT count(*), coalesce(sum(latency_ms), 0) FROM model_usage"
                    " WHERE stage = :s"
                ),
                {"s": stage},
            ).one()
        n = len(report.results)
        done = report.count("done")
        model = latency_ms / 1000
        policy = OFFLINE_MODEL.stats.policy_seconds - policy_before
        rows.append(
            (
                stage,
                n,
                done,
                n / wall,
                calls / max(n, 1),
                model / wall,
                policy / wall,
                1 - model / wall,
                wall,
            )
        )

    scores = score(engine, expected)
    print(f"\n{len(expected)} documents, {extra + 6} matters, 2 cores, offline model\n")
    print(
        f"{'stage':<18}{'docs':>6}{'done':>6}{'docs/s':>9}{'calls/doc':>11}{'in model':>10}"
        f"{'(policy)':>10}{'outside':>9}{'wall s':>9}"
    )
    for stage, n, done, rate, cpd, inside, policy, outside, wall in rows:
        print(
            f"{stage:<18}{n:>6}{done:>6}{rate:>9.1f}{cpd:>11.2f}{inside:>10.1%}{policy:>10.1%}"
            f"{outside:>9.1%}{wall:>9.1f}"
        )
    print("\nscores against the known answers")
    print(scores.table())


if __name__ == "__main__":
    main()
