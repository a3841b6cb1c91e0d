"""The worker pool: hard timeout, memory fence, clamped worker count, largest first."""

from __future__ import annotations

import pytest

from knowledge_index.convert import ConvertOptions
from knowledge_index.convert.pool import ConversionJob, ConversionPool, plan_workers, usable_cpus
from knowledge_index.errors import ConversionTimeout, UnsupportedDocument
from knowledge_index_tests.convert import pool_helpers, samples


def _text_job(key: str, text: str) -> ConversionJob:
    return ConversionJob(key=key, filename=f"{key}.txt", data=text.encode("cp1252"))


def test_hung_conversion_is_killed_and_the_next_document_still_converts() -> None:
    options = ConvertOptions(timeout_seconds=3)
    jobs = [
        ConversionJob(key="hang", filename="hang.pdf", data=b"HANG" + b"x" * 1000),
        _text_job("after", "Müller Straße Gebühr"),
    ]
    with ConversionPool(options, workers=1, convert_fn=pool_helpers.hang_or_convert) as pool:
        outcomes = {o.key: o for o in pool.run(jobs)}
        assert pool.replaced == 1
    assert isinstance(outcomes["hang"].error, ConversionTimeout)
    assert "3 s" in str(outcomes["hang"].error)
    assert 3 <= outcomes["hang"].seconds < 30
    assert outcomes["after"].error is None
    assert outcomes["after"].result.document.text == "Müller Straße Gebühr"


def test_memory_fence_fails_only_that_document() -> None:
    options = ConvertOptions(memory_mb=1024)
    jobs = [
        ConversionJob(key="hog", filename="hog.bin", data=b"HOG" + b"x" * 1000),
        _text_job("fine", "Grüße"),
    ]
    with ConversionPool(options, workers=1, convert_fn=pool_helpers.hog_or_convert) as pool:
        outcomes = {o.key: o for o in pool.run(jobs)}
    assert isinstance(outcomes["hog"].error, UnsupportedDocument)
    assert "memory" in str(outcomes["hog"].error)
    assert outcomes["fine"].result.document.text == "Grüße"


def test_worker_count_is_clamped_and_explained() -> None:
    cpus = usable_cpus()
    plan = plan_workers(requested=64, documents=1000)
    assert plan.workers == cpus and "host ceiling" in plan.reason
    plan = plan_workers(requested=64, documents=1)
    assert plan.workers == 1 and "1 document" in plan.reason
    plan = plan_workers(requested=4, documents=100, cpus_per_worker=4)
    assert plan.workers == max(1, cpus // 4)
    assert plan_workers(requested=1, documents=10).reason == "as requested"


def test_largest_document_is_submitted_first() -> None:
    jobs = [_text_job("small", "a"), _text_job("large", "b" * 5000), _text_job("mid", "c" * 50)]
    options = ConvertOptions()
    with ConversionPool(options, workers=1, convert_fn=pool_helpers.hang_or_convert) as pool:
        order = [o.key for o in pool.run(jobs)]
    assert order == ["large", "mid", "small"]


@pytest.mark.timeout(180)
def test_real_documents_through_two_workers() -> None:
    jobs = [
        ConversionJob(key="docx", filename="v.docx", data=samples.make_tracked_docx()),
        ConversionJob(key="pdf", filename="s.pdf", data=samples.make_text_pdf([["Gebühr"]])),
        ConversionJob(key="bad", filename="x.pdf", data=samples.make_encrypted_pdf()),
    ]
    with ConversionPool(ConvertOptions(), workers=2) as pool:
        outcomes = {o.key: o for o in pool.run(jobs)}
        assert pool.plan is not None and pool.plan.workers == min(2, usable_cpus())
    assert outcomes["docx"].result.document.revisions
    assert "Gebühr" in outcomes["pdf"].result.document.text
    assert isinstance(outcomes["bad"].error, UnsupportedDocument)
    assert "encrypted" in str(outcomes["bad"].error)


def test_started_workers_serve_the_next_run_and_keep_its_timeout() -> None:
    # start() is the warm-up the driver calls before the stages ahead of convert run: the
    # workers it spawns are the ones run() uses, with the same fence on a hung document.
    options = ConvertOptions(timeout_seconds=3)
    with ConversionPool(options, workers=1, convert_fn=pool_helpers.hang_or_convert) as pool:
        pool.start()
        pool.start()  # idempotent: still one worker
        assert len(pool._workers) == 1
        started_pid = pool._workers[0].process.pid
        jobs = [
            ConversionJob(key="hang", filename="hang.pdf", data=b"HANG" + b"x" * 1000),
            _text_job("after", "Grüße"),
        ]
        outcomes = {o.key: o for o in pool.run(jobs)}
    assert outcomes["hang"].worker_pid == started_pid
    assert isinstance(outcomes["hang"].error, ConversionTimeout)
    assert outcomes["after"].result.document.text == "Grüße"
