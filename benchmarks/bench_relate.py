"""relate and extract_decisions, offline model: documents/s, and relate's cost by matter size.

    .venv/bin/python benchmarks/bench_relate.py [--documents 1000] [--matter-sizes 100,1000,5000]

Estates come from knowledge_index_tests/relations/estate.py `generate_scaled`: per negotiation
15 cheap files (a text draft, a DOCX redline with a tracked change and a comment, the final
text and a copy of it, an annex, an amendment, a letter and its answer, two near-identical
notes, a three-mail thread, two notes).

Scenarios, each in its own subprocess with its own KI_HOME and embedded Postgres (deleted
afterwards):
  * throughput: `--documents` files in many matters of 45 files; relate, extract_metadata and
    extract_decisions timed one after another (extract_decisions runs after extract_metadata in
    the pipeline; its documents/s counts every file it handled, skips included).
  * matter size: one matter of each `--matter-sizes` files; only relate is timed. Per-document
    relate time across the sizes is the cost growth. `--sample N` times relate on the first N
    files of the matter only (every file classified, none related yet), for sizes where relating
    all of them would take hours.
Stages run through `runner.run_stage` in this process (no Dagster: its tax is bench_spine.py's),
repeated until nothing is claimable (relate may leave a file retryable while a neighbour is not
ready). fetch, convert and classify_matter are setup and reported, not scored.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _run_until_empty(settings, stage: str, engine) -> tuple[float, dict[str, int], int]:
    from knowledge_index.runner import run_stage

    counts: dict[str, int] = {}
    runs = 0
    t0 = time.perf_counter()
    for _ in range(50):
        report = run_stage(settings, stage, engine=engine)
        runs += 1
        if not report.results:
            break
        for status in ("done", "skipped", "failed", "quarantined", "pending"):
            counts[status] = counts.get(status, 0) + report.count(status)
    return time.perf_counter() - t0, counts, runs


def scenario(spec: dict) -> dict:
    home = Path(tempfile.mkdtemp(prefix="ki-bench-relate-"))
    os.environ["KI_HOME"] = str(home)
    for key in [k for k in os.environ if k.startswith("KI_") and k != "KI_HOME"]:
        del os.environ[key]
    from knowledge_index_tests.relations.estate import FIRM, FIRM_ALIASES, generate_scaled

    os.environ["KI_FIRM__NAME"] = FIRM
    os.environ["KI_FIRM__ALIASES"] = json.dumps(FIRM_ALIASES)
    os.environ["KI_PIPELINE__RETRY_BASE_SECONDS"] = "0"

    from sqlalchemy import text

    from knowledge_index.db import dispose_engines, get_engine
    from knowledge_index.migrations import migrate
    from knowledge_index.settings import load_settings
    from knowledge_index.sources.registry import add_source
    from knowledge_index.sources.sync import sync_source

    out: dict = {"name": spec["name"]}
    try:
        t0 = time.perf_counter()
        expected = generate_scaled(home / "estate", spec["documents"], spec["matter_docs"])
        out["generate_s"] = time.perf_counter() - t0
        settings = load_settings()
        engine = get_engine(settings)
        migrate(engine)
        with engine.begin() as conn:
            add_source(conn, "estate", home / "estate")
        sync_source(engine, settings, "estate")
        setup = {}
        for stage in ("fetch", "convert", "classify_matter"):
            setup[stage] = _run_until_empty(settings, stage, engine)[0]
        out["setup_s"] = setup
        with engine.connect() as conn:
            out["files"] = conn.execute(text("SELECT count(*) FROM source_objects")).scalar_one()
            out["matters"] = conn.execute(text("SELECT count(*) FROM matters")).scalar_one()
            out["largest_matter"] = conn.execute(
                text(
                    "SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM matter_assignments"
                    " GROUP BY matter_id) m"
                )
            ).scalar_one()
        out["stages"] = {}
        for stage in spec["stages"]:
            if spec.get("sample"):
                from knowledge_index.runner import run_stage

                t0 = time.perf_counter()
                report = run_stage(settings, stage, engine=engine, limit=spec["sample"])
                wall, runs = time.perf_counter() - t0, 1
                counts = {s: report.count(s) for s in ("done", "skipped", "failed", "pending")}
            else:
                wall, counts, runs = _run_until_empty(settings, stage, engine)
            with engine.connect() as conn:
                calls = conn.execute(
                    text("SELECT count(*) FROM model_usage WHERE stage = :s"), {"s": stage}
                ).scalar_one()
            handled = sum(counts.values())
            out["stages"][stage] = {
                "wall_s": wall,
                "runs": runs,
                "counts": counts,
                "handled": handled,
                "calls": calls,
            }
        if "relate" in spec["stages"] and spec.get("score"):
            from knowledge_index_tests.relations.scoring import score

            s = score(engine, expected)
            out["scores"] = {
                "identity": s.identity,
                "version_order": s.version_order,
                "threads": s.threads,
                **{f"{k} P/R": f"{v.precision:.2f}/{v.recall:.2f}" for k, v in s.relations.items()},
                "decision_recall": s.decision_recall,
            }
        dispose_engines()
    finally:
        try:
            from knowledge_index.dbadmin.server import stop

            stop(load_settings())  # the same fast shutdown as `ki db stop`
        except Exception as exc:  # report, still delete the folder
            print(f"could not stop the embedded server: {exc}", file=sys.stderr)
        shutil.rmtree(home, ignore_errors=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--documents", type=int, default=1000)
    parser.add_argument("--matter-sizes", default="100,1000,5000")
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument(
        "--sample",
        type=int,
        default=0,
        help="matter sizes: time relate on only the first N files (all classified first)",
    )
    parser.add_argument("--json", help="write the raw results here")
    parser.add_argument("--table-from", help="print the table of a saved --json file and exit")
    parser.add_argument("--scenario", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.scenario:
        print("RESULT " + json.dumps(scenario(json.loads(args.scenario))))
        return
    if args.table_from:
        saved = json.loads(Path(args.table_from).read_text())
        _print(saved["results"], saved["load"])
        return

    specs = []
    if not args.skip_throughput:
        specs.append(
            {
                "name": f"throughput, {args.documents} files in many matters",
                "documents": args.documents,
                "matter_docs": None,
                "stages": ["relate", "extract_metadata", "extract_decisions"],
                "score": True,
            }
        )
    for size in [int(s) for s in args.matter_sizes.split(",") if s]:
        specs.append(
            {
                "name": f"one matter of {size} files"
                + (f", first {args.sample} related" if args.sample else ""),
                "documents": size,
                "matter_docs": size,
                "stages": ["relate"],
                "score": False,
                "sample": args.sample,
            }
        )
    results = []
    load_before = os.getloadavg()
    for spec in specs:
        t0 = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, __file__, "--scenario", json.dumps(spec)],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
        if proc.returncode or line is None:
            print(proc.stdout[-3000:], proc.stderr[-5000:], file=sys.stderr)
            raise SystemExit(f"scenario {spec['name']!r} failed")
        result = json.loads(line[len("RESULT ") :])
        result["total_s"] = time.perf_counter() - t0
        results.append(result)
        print(f"done: {spec['name']} in {result['total_s']:.0f} s", file=sys.stderr)
        if args.json:  # after every scenario: a long run interrupted still has its numbers
            load = [load_before[0], os.getloadavg()[0]]
            Path(args.json).write_text(json.dumps({"results": results, "load": load}, indent=2))
    _print(results, [load_before[0], os.getloadavg()[0]])


def _print(results: list[dict], load: list[float]) -> None:
    print(
        f"\nhost: {os.cpu_count()} cores, load average {load[0]:.1f} before /"
        f" {load[1]:.1f} after; offline model\n"
    )
    print(
        "| scenario | files | matters (largest) | stage | handled | done / skipped / other |"
        " docs/s | ms/doc | model calls/doc | wall s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        for stage, s in r["stages"].items():
            c = s["counts"]
            other = s["handled"] - c.get("done", 0) - c.get("skipped", 0)
            n = max(s["handled"], 1)
            print(
                f"| {r['name']} | {r['files']} | {r['matters']} ({r['largest_matter']}) | {stage}"
                f" | {s['handled']} | {c.get('done', 0)} / {c.get('skipped', 0)} / {other}"
                f" | {s['handled'] / s['wall_s']:.1f} | {1000 * s['wall_s'] / n:.1f}"
                f" | {s['calls'] / n:.2f} | {s['wall_s']:.1f} |"
            )
    print(
        "\nsetup (not measured above): "
        + "; ".join(
            f"{r['name']}: " + ", ".join(f"{k} {v:.0f} s" for k, v in r["setup_s"].items())
            for r in results
        )
    )
    for r in results:
        if "scores" in r:
            print(f"\nscores against the known answers ({r['name']}):")
            for k, v in r["scores"].items():
                print(f"  {k:<24}{v if isinstance(v, str) else f'{v:.3f}'}")


if __name__ == "__main__":
    main()
