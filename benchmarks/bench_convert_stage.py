"""Where the convert stage's time goes: the product's convert path layer by layer, and a bare loop.

    .venv/bin/python benchmarks/bench_convert_stage.py [--repeat 3] [--estate PATH] [--limit N]

Every scenario runs in a fresh child process over the same files (estate A by default), the
scenarios interleaved and their order rotated per repeat; medians are printed. Wall clock is
the scenario's own timer, CPU the child's user+sys over the same span (for `pool`, its workers'
too; for `stage`, every process `ki sync` started and the embedded Postgres server).

- bare: bench_whole_run's bare loop (`BareConverter`: one DocumentConverter configured as the
  product configures it, stdlib e-mail parsing with attachments, RapidOCR for images). Its
  set-up (imports, converter) is timed apart from the loop, as bench_whole_run does. It reads
  no PDF page without a text layer; `scan OCR` is what one RapidOCR call per such page (as the
  bare loop calls it on an image, at the product's render scale) costs on top: the same work.
- inproc: the product's `convert_bytes` over every file and, recursively, every child document,
  in one process, no pool: the conversion code itself. Split into Docling, OCR (of which the
  orientation check), the OOXML passes (accepting changes and numbering, revisions, comments,
  core properties, package extras) and the rest.
- pool: the same jobs through `ConversionPool` as the convert handler runs them (containers in
  the light pool, then everything Docling reads in the Docling pool, children after their
  parents), spawn and imports included: `inproc` plus process start-up and per-document IPC.
- stage: the product as a user runs it, `ki init`, `ki source add`, `ki sync` with the stages
  after convert switched off; the convert row of `ki sync`'s summary (its Dagster runs, claims,
  blob reads and writes, ledger, artifacts), and `ki sync`'s whole wall clock.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import bench_whole_run  # noqa: E402

SCENARIOS = ("bare", "inproc", "pool", "stage")
LATER_STAGES = ("CLASSIFY_MATTER", "RELATE", "EXTRACT_METADATA", "EXTRACT_DECISIONS", "INDEX")


def _cpu_self() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file())


class Timers:
    """Seconds spent inside named functions, by wrapping them where their callers look them up."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def wrap(self, label: str, owners: list[Any], name: str) -> None:
        original = getattr(owners[0], name)

        @functools.wraps(original)
        def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.seconds[label] = self.seconds.get(label, 0.0) + time.perf_counter() - t0

        for owner in owners:
            setattr(owner, name, timed)


# -- the scenarios, each run as `--child NAME` ---------------------------------------------------


def child_bare(files: Path) -> dict[str, Any]:
    import numpy as np
    import pypdfium2 as pdfium

    from knowledge_index.convert.pdf import _OCR_SCALE

    t0 = time.perf_counter()
    bare = bench_whole_run.BareConverter()
    setup = time.perf_counter() - t0
    c0 = _cpu_self()
    ocr_seconds = 0.0
    ocr_text = bare.ocr_text

    def timed_ocr(data: bytes) -> str:
        nonlocal ocr_seconds
        t = time.perf_counter()
        try:
            return ocr_text(data)
        finally:
            ocr_seconds += time.perf_counter() - t

    bare.ocr_text = timed_ocr  # type: ignore[method-assign]
    t1 = time.perf_counter()
    docs: list[tuple[str, str]] = []
    for file in _files(files):
        docs += bare.convert(file.relative_to(files).as_posix(), file.read_bytes())
    loop = time.perf_counter() - t1
    cpu = _cpu_self() - c0
    # The work the bare loop skips: PDF pages without a text layer, OCR'd as it OCRs an image.
    t2 = time.perf_counter()
    scans = 0
    for file in _files(files):
        if file.suffix.lower() != ".pdf":
            continue
        pdf = pdfium.PdfDocument(file.read_bytes())
        for page in pdf:
            if page.get_textpage().get_text_range().strip():
                continue
            pixels = np.asarray(page.render(scale=_OCR_SCALE).to_pil().convert("RGB"))
            bare._ocr(pixels, use_det=True, use_cls=True, use_rec=True)
            scans += 1
        pdf.close()
    return {
        "setup": setup,
        "wall": loop,
        "cpu": cpu,
        "documents": len(docs),
        "ocr": ocr_seconds,
        "scan_pages": scans,
        "scan_ocr": time.perf_counter() - t2,
    }


def _instrument() -> Timers:
    from knowledge_index.convert import (
        dispatch,
        docling_backend,
        ocr,
        ooxml,
        ooxml_parts,
        orientation,
        pdf,
    )

    timers = Timers()
    timers.wrap("docling", [docling_backend, dispatch, pdf], "run_docling")
    timers.wrap("ocr", [ocr], "ocr_image")
    timers.wrap("ocr: orientation check", [orientation], "upright")
    for name in ("accept_all_changes", "extract_revisions", "extract_comments", "core_properties"):
        timers.wrap(f"ooxml: {name}", [ooxml], name)
    timers.wrap("ooxml: with_package_extras", [ooxml_parts], "with_package_extras")
    return timers


def child_inproc(files: Path) -> dict[str, Any]:
    t0, c0 = time.perf_counter(), _cpu_self()
    from knowledge_index.convert import ConvertOptions, convert_bytes, detect_format

    setup = time.perf_counter() - t0
    timers = _instrument()
    options = ConvertOptions()
    by_format: dict[str, float] = {}
    count = 0

    def convert(name: str, data: bytes, depth: int) -> None:
        nonlocal count
        t = time.perf_counter()
        result = convert_bytes(data, name, options.model_copy(update={"container_depth": depth}))
        fmt = detect_format(data, name)
        by_format[fmt] = by_format.get(fmt, 0.0) + time.perf_counter() - t
        count += 1
        for child in result.children:
            convert(child.filename, child.data, depth + 1)

    t1 = time.perf_counter()
    for file in _files(files):
        convert(file.name, file.read_bytes(), 0)
    return {
        "setup": setup,
        "wall": time.perf_counter() - t1,
        "cpu": _cpu_self() - c0,
        "documents": count,
        "by_format": by_format,
        "parts": timers.seconds,
    }


def child_pool(files: Path) -> dict[str, Any]:
    from knowledge_index.convert import ConvertOptions, convert_bytes, detect_format
    from knowledge_index.convert.pool import ConversionJob, ConversionPool
    from knowledge_index.stages.convert.handler import CONTAINER_FORMATS, IN_PROCESS_FORMATS

    t0, c0 = time.perf_counter(), _cpu_self()
    options = ConvertOptions()
    containers: list[ConversionJob] = []
    docling: list[ConversionJob] = []
    count = 0
    for file in _files(files):
        data = file.read_bytes()
        fmt = detect_format(data, file.name)
        if fmt in IN_PROCESS_FORMATS:
            convert_bytes(data, file.name, options)
            count += 1
            continue
        job = ConversionJob(key=str(file), filename=file.name, data=data)
        (containers if fmt in CONTAINER_FORMATS else docling).append(job)
    seconds: dict[str, float] = {}
    with (
        ConversionPool(options, convert_fn=convert_bytes, preload=False) as light,
        ConversionPool(options) as heavy,
    ):
        level = 0
        while containers or docling:
            # As the stage does: a level's children are claimed after their parents settle.
            children = []
            for label, pool, jobs in (
                ("containers", light, containers),
                ("docling", heavy, docling),
            ):
                t = time.perf_counter()
                first = None
                for outcome in pool.run(jobs):
                    first = first if first is not None else time.perf_counter() - t
                    count += 1
                    if outcome.result is None:
                        continue
                    for i, child in enumerate(outcome.result.children):
                        key = f"{outcome.key}!{i}"
                        data = child.data
                        fmt = detect_format(data, child.filename)
                        job = ConversionJob(
                            key=key, filename=child.filename, data=data, container_depth=level + 1
                        )
                        children.append((fmt, job))
                if jobs:
                    seconds[f"{label} L{level}"] = time.perf_counter() - t
                    seconds[f"{label} L{level}: first outcome"] = first or 0.0
            containers = [job for fmt, job in children if fmt in CONTAINER_FORMATS]
            docling = [job for fmt, job in children if fmt not in CONTAINER_FORMATS]
            level += 1
        wall = time.perf_counter() - t0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = _cpu_self() - c0 + usage.ru_utime + usage.ru_stime
    return {"wall": wall, "cpu": cpu, "documents": count, "parts": seconds}


def child_stage(files: Path) -> dict[str, Any]:
    env = bench_whole_run.ki_env(Path(tempfile.mkdtemp(prefix="kic-home-")))
    env.update({f"KI_PIPELINE__STAGES__{s}__ENABLED": "false" for s in LATER_STAGES})
    home = Path(env["KI_HOME"])
    run = functools.partial(subprocess.run, env=env, capture_output=True, text=True, check=False)
    try:
        run(bench_whole_run.ki_argv("init"), check=True)
        run(bench_whole_run.ki_argv("source", "add", "estate", str(files), "--allow", "*"))
        server = bench_whole_run.postmaster(home)
        pg0 = bench_whole_run.postgres_cpu(server)
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        c0 = usage.ru_utime + usage.ru_stime
        t0 = time.perf_counter()
        done = run(bench_whole_run.ki_argv("sync"))
        sync_wall = time.perf_counter() - t0
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = usage.ru_utime + usage.ru_stime - c0 + bench_whole_run.postgres_cpu(server) - pg0
        stages, _total, runs = bench_whole_run.stage_seconds(done.stdout)
        if "convert" not in stages:
            raise RuntimeError(f"no convert row in ki sync's output: {done.stdout[-2000:]}")
        status = run(bench_whole_run.ki_argv("status", "--json"))
        return {
            "wall": stages["convert"],
            "cpu": cpu,
            "documents": bench_whole_run._documents(status.stdout),
            "parts": {"fetch": stages.get("fetch", 0.0), "ki sync wall": sync_wall},
            "dagster_runs": runs,
        }
    finally:
        run(bench_whole_run.ki_argv("db", "stop"))
        import shutil

        shutil.rmtree(home, ignore_errors=True)


CHILDREN: dict[str, Callable[[Path], dict[str, Any]]] = {
    "bare": child_bare,
    "inproc": child_inproc,
    "pool": child_pool,
    "stage": child_stage,
}


# -- the parent ----------------------------------------------------------------------------------


def run_scenario(name: str, files: Path) -> dict[str, Any]:
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        argv = [
            sys.executable,
            __file__,
            "--child",
            name,
            "--out",
            out.name,
            "--estate",
            str(files),
        ]
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
        if done.returncode:
            raise RuntimeError(f"{name} failed: {done.stderr[-3000:]}")
        return json.loads(Path(out.name).read_text())


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def render(results: dict[str, list[dict[str, Any]]]) -> str:
    def med(name: str, key: str) -> float:
        return _median([r[key] for r in results[name] if key in r])

    def part(name: str, key: str, group: str = "parts") -> float:
        return _median([r.get(group, {}).get(key, 0.0) for r in results[name]])

    # Without the bare scenario (--only) the ratios are left empty.
    bare = med("bare", "wall") if results.get("bare") else float("nan")
    bare_work = bare + med("bare", "scan_ocr") if results.get("bare") else float("nan")
    lines = [
        "| scenario | wall s | CPU s | documents | x bare | x bare + scan OCR |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name in SCENARIOS:
        if not results.get(name):
            continue
        wall = med(name, "wall")
        lines.append(
            f"| {name} | {wall:.1f} | {med(name, 'cpu'):.1f} | {med(name, 'documents'):.0f} | "
            f"{wall / bare:.2f}x | {wall / bare_work:.2f}x |"
        )
    if results.get("bare"):
        lines.append(
            f"| bare + scan OCR ({med('bare', 'scan_pages'):.0f} pages) | {bare_work:.1f} | | | "
            f"{bare_work / bare:.2f}x | 1.00x |"
        )
    lines += ["", "| detail (median s) | seconds |", "|---|---:|"]
    if results.get("bare"):
        lines.append(
            f"| bare: set-up (imports, converter; not in its wall) | {med('bare', 'setup'):.1f} |"
        )
        lines.append(f"| bare: OCR of images | {med('bare', 'ocr'):.1f} |")
    for name in ("inproc", "pool", "stage"):
        keys = sorted({k for r in results.get(name, []) for k in r.get("parts", {})})
        lines += [f"| {name}: {k} | {part(name, k):.2f} |" for k in keys]
    keys = sorted({k for r in results.get("inproc", []) for k in r.get("by_format", {})})
    lines += [f"| inproc: format {k} | {part('inproc', k, 'by_format'):.2f} |" for k in keys]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--estate", type=Path, default=bench_whole_run.DEFAULT_ESTATE)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--limit", type=int)
    parser.add_argument("--only", default=",".join(SCENARIOS))
    parser.add_argument("--child", choices=SCENARIOS, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--json", type=Path, help="write every repeat's figures here")
    args = parser.parse_args()
    if args.child:
        import logging

        logging.disable(logging.WARNING)
        args.out.write_text(json.dumps(CHILDREN[args.child](args.estate)))
        return
    names = [n for n in SCENARIOS if n in args.only.split(",")]
    results: dict[str, list[dict[str, Any]]] = {n: [] for n in names}
    with bench_whole_run.estate_files(args.estate, args.limit) as files:
        print(f"estate: {len(_files(files))} files from {args.estate}", flush=True)
        for i in range(args.repeat):
            order = names[i % len(names) :] + names[: i % len(names)]
            for name in order:
                figures = run_scenario(name, files)
                results[name].append(figures)
                print(f"repeat {i + 1} {name}: {figures['wall']:.1f} s", flush=True)
    load = os.getloadavg()[0]
    print(f"\n{render(results)}\n\nload average at the end: {load:.1f}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
