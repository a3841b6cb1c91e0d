"""convert: the fetched blob becomes one structured_json artifact per content hash.

Plain text converts in-process (stdlib, bounded by the file size). Containers (zip, e-mail) are
unpacked in a light worker pool of their own, behind the same wall-clock and memory fences as
Docling's: a hostile archive or mail costs one worker, never this process. Everything Docling
reads goes through the Docling worker pool. An artifact that already exists for the content
hash means done without converting, unless it was degraded in a way the installation can now
avoid.
"""

from __future__ import annotations

import atexit
import contextlib
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import Any

from knowledge_index.artifacts import Artifact, get_artifact, put_artifact
from knowledge_index.blobstore import record_blob
from knowledge_index.convert import (
    ConversionResult,
    ConvertOptions,
    convert_bytes,
    detect_format,
    libreoffice,
    pst,
)
from knowledge_index.convert.pool import ConversionJob, ConversionPool
from knowledge_index.errors import RetryableStageError
from knowledge_index.extras import MissingExtra, require_convert
from knowledge_index.objects import store as objects
from knowledge_index.settings import Settings
from knowledge_index.stages.base import StageContext, StageOutcome
from knowledge_index.stages.convert.children import ChildRef, upsert_children

KIND = "structured_json"
IN_PROCESS_FORMATS = frozenset({"text"})
# Unpacked in the container pool: no Docling import, so it starts in a second and works on
# the base install (e-mail needs lxml, checked here before a worker would fail on it).
CONTAINER_FORMATS = frozenset({"email", "zip", "msg", "pst"})
PDF_TEXT_LAYER = "pdf-text-layer"
OCR_WITHOUT_GERMAN = "ocr-without-german"
# No installation cures it (a newer Docling is a new converter fingerprint and re-converts
# anyway), so it is always unavoidable: reported, never re-converted on its own account.
OOXML_FALLBACK = "ooxml-fallback"

_pools: dict[str, ConversionPool] = {}
_container_pools: dict[str, ConversionPool] = {}


def convert_options(settings: Settings) -> ConvertOptions:
    return ConvertOptions(
        timeout_seconds=settings.pipeline.convert_timeout_seconds,
        memory_mb=settings.convert.memory_mb,
        docling_artifacts_path=settings.convert.docling_artifacts_path,
        ocr_languages=settings.convert.ocr_languages,
        docling_url=settings.convert.docling_url,
        container_limits=settings.convert.container,
    )


def unavoidable_degradations(settings: Settings) -> set[str]:
    from knowledge_index.convert import ocr
    from knowledge_index.errors import UnsupportedDocument

    found: set[str] = {OOXML_FALLBACK}
    if settings.convert.docling_artifacts_path is None:
        found.add(PDF_TEXT_LAYER)
    try:
        _, languages, _ = ocr.engine_for(settings.convert.ocr_languages)
        if "de" in settings.convert.ocr_languages and "de" not in languages:
            found.add(OCR_WITHOUT_GERMAN)
    except UnsupportedDocument:
        found.add(OCR_WITHOUT_GERMAN)
    if libreoffice.soffice() is None:
        found.add(libreoffice.NO_LIBREOFFICE)
    if not pst.available():
        found.add(pst.NO_LIBPFF)
    return found


def degradation_of(result: ConversionResult) -> str | None:
    """The capabilities this conversion lacked, as a stable tag ("a+b"), or None.

    Lacks that an installation can cure are named: they are what makes a later
    provisioning re-convert exactly these documents. The OOXML fallback is named too, so
    `ki status` counts the DOCX files Docling could not read.
    """
    prov = result.document.provenance
    if not prov.degraded:
        return None
    tags = set()
    if prov.pipeline == "docling-native-text-layer":
        tags.add(PDF_TEXT_LAYER)
    if prov.ocr_pages and "de" not in prov.ocr_languages:
        tags.add(OCR_WITHOUT_GERMAN)
    if prov.pipeline == libreoffice.NO_LIBREOFFICE:
        tags.add(libreoffice.NO_LIBREOFFICE)
    if prov.pipeline == pst.NO_LIBPFF:
        tags.add(pst.NO_LIBPFF)
    if prov.pipeline == OOXML_FALLBACK:
        tags.add(OOXML_FALLBACK)
    return "+".join(sorted(tags)) or None


def _pool(settings: Settings) -> ConversionPool:
    options = convert_options(settings)
    # Workers see the capabilities of the moment they started: a LibreOffice installed (or
    # removed) since then needs new workers, or they would keep producing the old result.
    key = f"{options.model_dump_json()}{settings.convert.workers}{libreoffice.soffice()}"
    pool = _pools.get(key)
    if pool is None:
        for stale in _pools.values():
            stale.close()
        _pools.clear()
        pool = ConversionPool(options, workers=settings.convert.workers)
        _pools[key] = pool
    return pool


def _container_pool(settings: Settings) -> ConversionPool:
    options = convert_options(settings)
    # As for LibreOffice: workers started before libpff was installed would keep degrading.
    key = f"{options.model_dump_json()}{settings.convert.workers}{pst.available()}"
    pool = _container_pools.get(key)
    if pool is None:
        for stale in _container_pools.values():
            stale.close()
        _container_pools.clear()
        # convert_fn given explicitly: no Docling preload and no `convert` extra required.
        pool = ConversionPool(
            options, workers=settings.convert.workers, convert_fn=convert_bytes, preload=False
        )
        _container_pools[key] = pool
    return pool


def warm_up(settings: Settings) -> None:
    """Start the pools' workers now, so their imports overlap the work before convert's run.

    The Docling worker's imports and the first outcome used to be back to back (about 3 s of
    the stage's wall clock on estate A); the same pools then serve the stage's runs.
    """
    if not settings.convert.docling_url:
        # Without the convert extra the stage reports it per document, as a retry, when it runs.
        with contextlib.suppress(MissingExtra):
            _pool(settings).start()
    _container_pool(settings).start()


@atexit.register
def _close_pools() -> None:
    for pool in [*_pools.values(), *_container_pools.values()]:
        pool.close()


class ConvertHandler:
    def __call__(self, ctx: StageContext) -> StageOutcome:
        for _, outcome, _ in self.run_batch([ctx]):
            if isinstance(outcome, BaseException):
                raise outcome
            return outcome
        raise RuntimeError("convert produced no outcome")

    def run_batch(
        self, contexts: list[StageContext]
    ) -> Iterator[tuple[StageContext, StageOutcome | BaseException, float]]:
        if not contexts:
            return
        settings = contexts[0].settings
        unavoidable = unavoidable_degradations(settings)
        to_pool: list[tuple[StageContext, bytes]] = []
        containers: list[tuple[StageContext, bytes]] = []
        for ctx in contexts:
            t0 = time.monotonic()
            try:
                reused = self._reuse(ctx, unavoidable)
                if reused is not None:
                    yield ctx, reused, time.monotonic() - t0
                    continue
                data = self._blob(ctx)
                fmt = detect_format(data, ctx.source_object.path)
                if fmt in IN_PROCESS_FORMATS:
                    result = convert_bytes(data, _filename(ctx), convert_options(settings))
                    yield ctx, self._store(ctx, result), time.monotonic() - t0
                elif fmt in CONTAINER_FORMATS:
                    if fmt in ("email", "msg"):
                        # Here, so a missing extra is retried (a worker's error would lose
                        # its type crossing the process boundary and quarantine the mail).
                        require_convert("converting e-mail")
                    containers.append((ctx, data))
                else:
                    to_pool.append((ctx, data))
            except Exception as exc:
                yield ctx, exc, time.monotonic() - t0
        if containers:
            yield from self._run_pool(_container_pool(settings), containers)
        if not to_pool:
            return
        if settings.convert.docling_url:
            yield from self._run_remote(settings, to_pool)
            return
        yield from self._run_pool(_pool(settings), to_pool)

    def _run_pool(
        self, pool: ConversionPool, items: list[tuple[StageContext, bytes]]
    ) -> Iterator[tuple[StageContext, StageOutcome | BaseException, float]]:
        by_key = {ctx.source_object.id: ctx for ctx, _ in items}
        jobs = [
            ConversionJob(
                key=ctx.source_object.id,
                filename=_filename(ctx),
                data=data,
                container_depth=_container_depth(ctx),
            )
            for ctx, data in items
        ]
        for outcome in pool.run(jobs):
            ctx = by_key[outcome.key]
            if outcome.error is not None:
                yield ctx, outcome.error, outcome.seconds
                continue
            assert outcome.result is not None
            try:
                yield ctx, self._store(ctx, outcome.result), outcome.seconds
            except Exception as exc:
                yield ctx, exc, outcome.seconds

    def _run_remote(
        self, settings: Settings, items: list[tuple[StageContext, bytes]]
    ) -> Iterator[tuple[StageContext, StageOutcome | BaseException, float]]:
        """docling-serve does the work: I/O-bound requests from threads, no worker processes.

        The wall-clock fence is the server's `document_timeout` plus the client's read timeout.
        """
        options = convert_options(settings)

        def convert(ctx: StageContext, data: bytes) -> tuple[ConversionResult, float]:
            t0 = time.monotonic()
            depth = {"container_depth": _container_depth(ctx)}
            result = convert_bytes(data, _filename(ctx), options.model_copy(update=depth))
            return result, time.monotonic() - t0

        # Largest first, as in the pool, so it cannot finish last.
        ordered = sorted(items, key=lambda item: len(item[1]), reverse=True)
        with ThreadPoolExecutor(max_workers=settings.convert.workers) as executor:
            futures = {executor.submit(convert, ctx, data): ctx for ctx, data in ordered}
            for future in as_completed(futures):
                ctx = futures[future]
                try:
                    result, seconds = future.result()
                except Exception as exc:
                    yield ctx, exc, 0.0
                    continue
                try:
                    yield ctx, self._store(ctx, result), seconds
                except Exception as exc:
                    yield ctx, exc, seconds

    def _blob(self, ctx: StageContext) -> bytes:
        content_hash = ctx.source_object.content_hash
        if not content_hash:
            raise RetryableStageError("no fetched content yet: fetch has not stored the bytes")
        return ctx.blobs.read(content_hash)

    def _reuse(self, ctx: StageContext, unavoidable: set[str]) -> StageOutcome | None:
        content_hash = ctx.source_object.content_hash
        if not content_hash:
            return None
        with ctx.engine.connect() as conn:
            artifact = get_artifact(conn, KIND, content_hash)
        if artifact is None or (
            artifact.degraded and not set(artifact.degraded.split("+")) <= unavoidable
        ):
            return None
        children = [ChildRef.model_validate(c) for c in artifact.body.get("children", [])]
        with ctx.engine.begin() as conn:
            created = upsert_children(conn, ctx.source_object, children)
        return _outcome(artifact.body, artifact.degraded, len(created), reused=True)

    def _store(self, ctx: StageContext, result: ConversionResult) -> StageOutcome:
        settings = ctx.settings
        max_bytes = settings.pipeline.max_file_mb * 1024 * 1024
        refs: list[ChildRef] = []
        for child in result.children:
            content_hash, size = ctx.blobs.put_bytes(
                child.data, max_bytes=max_bytes, label=child.filename
            )
            refs.append(
                ChildRef(
                    filename=child.filename,
                    relation=child.relation,
                    content_hash=content_hash,
                    size_bytes=size,
                )
            )
        degraded = degradation_of(result)
        body: dict[str, Any] = result.document.model_dump(mode="json")
        body["children"] = [r.model_dump() for r in refs]
        content_hash = ctx.source_object.content_hash
        assert content_hash is not None
        with ctx.engine.begin() as conn:
            for ref in refs:
                record_blob(conn, ctx.blobs, ref.content_hash, ref.size_bytes)
            put_artifact(
                conn,
                Artifact(
                    kind=KIND,
                    content_hash=content_hash,
                    producer=result.document.provenance.converter,
                    degraded=degraded,
                    body=body,
                ),
            )
            created = upsert_children(conn, ctx.source_object, refs)
        return _outcome(body, degraded, len(created), reused=False)


def _container_depth(ctx: StageContext) -> int:
    if ctx.source_object.parent_id is None:
        return 0
    with ctx.engine.connect() as conn:
        return objects.container_depth(conn, ctx.source_object.id)


def _filename(ctx: StageContext) -> str:
    return ctx.source_object.path.rsplit("/", 1)[-1]


def _outcome(
    body: dict[str, Any], degraded: str | None, children: int, *, reused: bool
) -> StageOutcome:
    prov = body.get("provenance", {})
    return StageOutcome(
        "done",
        metadata={
            "format": body.get("format"),
            "characters": len(body.get("text", "")),
            "pages": len(body.get("pages", [])),
            "tables": len(body.get("tables", [])),
            "revisions": len(body.get("revisions", [])),
            "comments": len(body.get("comments", [])),
            "children": len(body.get("children", [])),
            "new_children": children,
            "converter": f"{prov.get('converter')} {prov.get('converter_version')}",
            "pipeline": prov.get("pipeline"),
            "reused_artifact": reused,
        },
        degraded=degraded,
    )
