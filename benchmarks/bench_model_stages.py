"""Model-stage benchmark: ms per document of the four model stages with the offline model.

    .venv/bin/python benchmarks/bench_model_stages.py [--estate a|c|generated|PATH]
        [--documents 1000] [--code DIR[,DIR...]] [--repeats 3] [--profile DIR] [--statements N]

Each measurement is a fresh subprocess with a fresh KI_HOME (own embedded Postgres): the estate
is synced, fetched and converted through the ledger (setup, not measured), then classify_matter,
relate, extract_metadata and extract_decisions run in pipeline order through `runner.run_stage`
(no Dagster: its tax is bench_spine.py's), in rounds until a round handles nothing (relate
reopens documents whose matter gained a neighbour, a renamed matter reopens its documents). The
index stage is left owed, so classify_matter's semantic signal is off, as on a first sync.

`--code` names source trees (e.g. a worktree of the commit before a change, then this one); the
measurements alternate between them `--repeats` times in one invocation and the table gives each
tree's median ms/doc per stage, so a before/after comparison shares the host's load. Reported per
stage: documents handled (all rounds), ms/doc (wall), cpu ms/doc (this process's CPU; Postgres's
own time is not in it, so it is steadier than the wall clock on a shared host), SQL statements
and pool checkouts per document (independent of the load), gateway calls/doc and the share of the
stage's wall time inside litellm + the offline policy (the usage ledger's latencies). The one-off
imports of the gateway (litellm) and the offline policies, which the first model stage of a
process pays, are timed before the stages and reported on their own.
`--profile DIR` writes one cProfile file per stage (`DIR/<stage>.prof`) for the first tree's
first measurement.
`--statements N` prints, per stage, the N statements that took longest in total (wall time from
send to result, summed over the stage's runs, with their count) for the first tree's first
measurement: where the round trips go.
Estates: `a` and `c` are the evaluation estates (their firm's name configured as a user would);
`generated` is knowledge_index_tests/model_stages/estate.py at `--documents`, also scored.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]

STAGES = ("classify_matter", "relate", "extract_metadata", "extract_decisions")
ESTATES = {
    "a": ROOT / "knowledge_index_tests/evaluation/estate_a",
    "c": ROOT / "knowledge_index_tests/evaluation_c/estate_c",
}
MAX_ROUNDS = 6


def _estate_files(estate: str, home: Path, documents: int) -> tuple[Path, str | None, Any]:
    """The folder to sync, the firm's name and (generated estate only) the expected answers."""
    if estate == "generated":
        from knowledge_index_tests.model_stages.estate import FIRM, FIRM_ALIASES, generate

        os.environ["KI_FIRM__ALIASES"] = json.dumps(FIRM_ALIASES)
        extra = max(0, round(documents / 9) - 6)
        return home / "estate", FIRM, generate(home / "estate", extra_matters=extra)
    folder = ESTATES.get(estate, Path(estate))
    answers = json.loads(next(folder.rglob("answers.json")).read_text())
    files = next(p for p in (folder / "files", folder) if p.is_dir())
    firm = answers.get("firm")
    return files, (firm.get("name") if isinstance(firm, dict) else firm), None


def measure(
    estate: str, documents: int, profile: Path | None, statements: int = 0
) -> dict[str, Any]:
    """One measurement in this process: {stage: {handled, seconds, calls, model_seconds}}."""
    home = Path(tempfile.mkdtemp(prefix="ki-bench-model-"))
    os.environ["KI_HOME"] = str(home)
    for key in [k for k in os.environ if k.startswith("KI_") and k != "KI_HOME"]:
        del os.environ[key]
    files, firm, expected = _estate_files(estate, home, documents)
    if firm:
        os.environ["KI_FIRM__NAME"] = firm

    from sqlalchemy import text

    from knowledge_index.db import get_engine
    from knowledge_index.dbadmin.server import stop
    from knowledge_index.migrations import migrate
    from knowledge_index.runner import run_stage
    from knowledge_index.settings import load_settings
    from knowledge_index.sources.base import AccessGrants
    from knowledge_index.sources.registry import add_source
    from knowledge_index.sources.sync import sync_source

    settings = load_settings()
    engine = get_engine(settings)
    try:
        migrate(engine)
        with engine.begin() as conn:
            add_source(conn, "estate", files, default_acl=AccessGrants(allow=["*"], deny=[]))
        sync_source(engine, settings, "estate")
        # Until idle: convert hands back container members (mail attachments) to fetch.
        while sum(len(run_stage(settings, s, engine=engine).results) for s in ("fetch", "convert")):
            pass
        out: dict[str, Any] = {
            s: {"handled": 0, "seconds": 0.0, "cpu": 0.0, "statements": 0, "checkouts": 0}
            for s in STAGES
        }
        # Round trips do not depend on the host's load: count statements and pool checkouts.
        from sqlalchemy import event

        counts = {"statements": 0, "checkouts": 0}
        current = {"stage": ""}
        timed: dict[str, dict[str, list[float]]] = {s: {} for s in STAGES}

        def _statement(_c: Any, _cur: Any, sql: str, _p: Any, context: Any, _m: Any) -> None:
            counts["statements"] += 1
            if statements and context is not None:
                context._bench_started = time.perf_counter()

        def _finished(_c: Any, _cur: Any, sql: str, _p: Any, context: Any, _m: Any) -> None:
            started = getattr(context, "_bench_started", None)
            if started is None or not current["stage"]:
                return
            key = " ".join(sql.split())[:150]
            entry = timed[current["stage"]].setdefault(key, [0.0, 0])
            entry[0] += time.perf_counter() - started
            entry[1] += 1

        def _checkout(*_: Any) -> None:
            counts["checkouts"] += 1

        event.listen(engine, "before_cursor_execute", _statement)
        event.listen(engine, "after_cursor_execute", _finished)
        event.listen(engine.pool, "checkout", _checkout)
        t0 = time.perf_counter()
        from knowledge_index.gateway import Gateway
        from knowledge_index.gateway.offline.registry import declared_policies

        Gateway(settings, engine)  # registers the offline provider with litellm
        declared_policies()
        out["imports_seconds"] = time.perf_counter() - t0
        profilers: dict[str, Any] = {}
        for _ in range(MAX_ROUNDS):
            handled = 0
            for stage in STAGES:
                prof = None
                if profile is not None:
                    import cProfile

                    prof = profilers.setdefault(stage, cProfile.Profile())
                    prof.enable()
                before = dict(counts)
                current["stage"] = stage
                t0, c0 = time.perf_counter(), time.process_time()
                report = run_stage(settings, stage, engine=engine)
                out[stage]["seconds"] += time.perf_counter() - t0
                out[stage]["cpu"] += time.process_time() - c0
                for k in counts:
                    out[stage][k] += counts[k] - before[k]
                current["stage"] = ""
                if prof is not None:
                    prof.disable()
                out[stage]["handled"] += len(report.results)
                handled += len(report.results)
            if not handled:
                break
        if statements:
            out["statements"] = {
                stage: sorted(timed[stage].items(), key=lambda kv: -kv[1][0])[:statements]
                for stage in STAGES
            }
        if profile is not None:
            profile.mkdir(parents=True, exist_ok=True)
            for stage, prof in profilers.items():
                prof.dump_stats(str(profile / f"{stage}.prof"))
        with engine.connect() as conn:
            for stage in STAGES:
                calls, latency_ms = conn.execute(
                    text(
                        "SELECT count(*), coalesce(sum(latency_ms), 0) FROM model_usage"
                        " WHERE stage = :s"
                    ),
                    {"s": stage},
                ).one()
                out[stage]["calls"] = calls
                out[stage]["model_seconds"] = float(latency_ms) / 1000
        if expected is not None:
            from knowledge_index_tests.model_stages.scoring import score

            out["scores"] = score(engine, expected).table()
        return out
    finally:
        engine.dispose()
        stop(settings)
        import shutil

        shutil.rmtree(home, ignore_errors=True)


def _child(args: argparse.Namespace) -> None:
    result = measure(args.estate, args.documents, args.profile, args.statements)
    print("RESULT " + json.dumps(result))


def _run_tree(
    tree: Path, args: argparse.Namespace, profile: Path | None, statements: int
) -> dict[str, Any]:
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        "--estate",
        args.estate,
        "--documents",
        str(args.documents),
    ]
    if profile is not None:
        cmd += ["--profile", str(profile)]
    if statements:
        cmd += ["--statements", str(statements)]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False, cwd=tree)
    line = next((x for x in done.stdout.splitlines() if x.startswith("RESULT ")), None)
    if line is None:
        raise SystemExit(f"measurement in {tree} failed:\n{done.stdout}\n{done.stderr}")
    return dict(json.loads(line[len("RESULT ") :]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--estate", default="a")
    parser.add_argument("--documents", type=int, default=1000, help="generated estate only")
    parser.add_argument("--code", default=str(ROOT), help="source trees, comma-separated")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile", type=Path)
    parser.add_argument("--statements", type=int, default=0)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args)
        return
    trees = [Path(t).resolve() for t in args.code.split(",")]
    runs: dict[Path, list[dict[str, Any]]] = {t: [] for t in trees}
    load_start = os.getloadavg()[0]
    for i in range(args.repeats):
        # Alternate the order too, so neither tree always runs on a warmer host.
        for tree in trees if i % 2 == 0 else trees[::-1]:
            first = i == 0 and tree == trees[0]
            profile = args.profile if first else None
            runs[tree].append(_run_tree(tree, args, profile, args.statements if first else 0))
    print(
        f"\nestate {args.estate}, {args.repeats} measurement(s) per tree, medians;"
        f" load average {load_start:.1f} at start, {os.getloadavg()[0]:.1f} at end\n"
    )
    header = f"{'stage':<18}" + "".join(
        f"{'docs':>6}{'ms/doc':>9}{'cpu ms':>8}{'SQL':>6}{'conns':>6}{'calls':>6}{'model':>6}  "
        for _ in trees
    )
    print("trees: " + ", ".join(f"[{n}] {t}" for n, t in enumerate(trees)))
    print(header)
    for stage in STAGES:
        row = f"{stage:<18}"
        for tree in trees:
            rs = [r[stage] for r in runs[tree]]
            handled = statistics.median(r["handled"] for r in rs)
            ms = statistics.median(1000 * r["seconds"] / max(r["handled"], 1) for r in rs)
            cpu = statistics.median(1000 * r["cpu"] / max(r["handled"], 1) for r in rs)
            calls = statistics.median(r["calls"] / max(r["handled"], 1) for r in rs)
            inside = statistics.median(r["model_seconds"] / max(r["seconds"], 1e-9) for r in rs)
            sql = statistics.median(r.get("statements", 0) / max(r["handled"], 1) for r in rs)
            conns = statistics.median(r.get("checkouts", 0) / max(r["handled"], 1) for r in rs)
            row += (
                f"{handled:>6.0f}{ms:>9.1f}{cpu:>8.1f}{sql:>6.1f}{conns:>6.1f}{calls:>6.2f}"
                f"{inside:>6.0%}  "
            )
        print(row)
    for tree in trees:
        imports = statistics.median(r["imports_seconds"] for r in runs[tree])
        print(f"one-off imports (gateway, litellm, offline policies), {tree.name}: {imports:.2f} s")
    print("\nall measurements, ms/doc per stage:")
    for tree in trees:
        for r in runs[tree]:
            print(
                f"  {tree.name}: "
                + ", ".join(
                    f"{s} {1000 * r[s]['seconds'] / max(r[s]['handled'], 1):.1f}" for s in STAGES
                )
            )
    for stage, rows in runs[trees[0]][0].get("statements", {}).items():
        print(f"\nslowest statements, {stage} ({trees[0].name}): total ms, count, statement")
        for sql, (seconds, count) in rows:
            print(f"  {1000 * seconds:8.0f} {count:6d}  {sql}")
    for tree in trees:
        if "scores" in runs[tree][0]:
            print(f"\nscores against the known answers ({tree.name})\n{runs[tree][0]['scores']}")


if __name__ == "__main__":
    main()
