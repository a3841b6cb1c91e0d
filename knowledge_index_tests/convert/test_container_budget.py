"""One container budget across every level and kind: zip, Office package, e-mail, nested."""

from __future__ import annotations

import io
import zipfile

import pytest

from knowledge_index.convert import ContainerLimits, ConvertOptions, convert_bytes, detect_format
from knowledge_index.errors import UnsupportedDocument
from knowledge_index_tests.convert import samples


def _many_entries(count: int, *, content_types: bool = False) -> bytes:
    """A zip of `count` empty entries: about 80 bytes each before the outer zip deflates it."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as archive:
        if content_types:
            archive.writestr("[Content_Types].xml", b"<Types/>")
        for i in range(count):
            archive.writestr(f"{i:05}", b"")
    return buf.getvalue()


def _deflated(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buf.getvalue()


def _refused(data: bytes, filename: str, options: ConvertOptions | None = None) -> str:
    with pytest.raises(UnsupportedDocument) as caught:
        convert_bytes(data, filename, options or ConvertOptions())
    reason = str(caught.value)
    assert "\n" not in reason and reason.startswith(f"container {filename!r} rejected")
    return reason


def test_seven_nesting_levels_of_mixed_kinds_are_refused() -> None:
    data = samples.make_matryoshka()
    assert len(data) < 10_000
    reason = _refused(data, "matryoshka.zip")
    assert "nested deeper than 5 levels" in reason
    # Where it went too deep, by the entries' names.
    assert "level2.eml!/level2.zip!/level1.eml" in reason


def test_twenty_thousand_entries_from_a_small_file_are_refused() -> None:
    # Each inner zip holds a [Content_Types].xml, which once made the walk skip it.
    inner = _many_entries(1_000, content_types=True)
    data = _deflated({f"part{i:02}.zip": inner for i in range(20)})
    assert len(data) < 400_000
    assert "more than 10000 entries" in _refused(data, "many.zip")


def test_entries_of_zips_attached_to_a_mail_add_up() -> None:
    data = samples.make_mail({f"teil{i}.zip": _many_entries(4_000) for i in range(3)})
    assert "more than 10000 entries" in _refused(data, "mail.eml")


def test_a_zip_holding_content_types_is_budgeted_like_any_zip() -> None:
    bomb = samples.make_zip({"[Content_Types].xml": b"<Types/>", "zeros.bin": b"\0" * 8 * 2**20})
    # Inside another archive: its entries are walked (it is not an Office document).
    reason = _refused(samples.make_zip({"looks-like-office.zip": bomb}), "outer.zip")
    assert "zip bomb" in reason and "zeros.bin" in reason
    # On its own: a zip like any other, with the same limits.
    limits = ContainerLimits(max_entries=1)
    reason = _refused(bomb, "alone.zip", ConvertOptions(container_limits=limits))
    assert "more than 1 entries" in reason


def test_an_office_package_is_checked_before_a_converter_inflates_it() -> None:
    docx = io.BytesIO()
    with zipfile.ZipFile(docx, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", b"<Types/>")
        archive.writestr("word/document.xml", b" " * 16 * 2**20)
    reason = _refused(docx.getvalue(), "vertrag.docx")
    assert "word/document.xml" in reason and "zip bomb" in reason


def test_eml_in_zip_in_eml_keeps_one_budget() -> None:
    inner_mail = samples.make_mail({f"anlage{i}.txt": b"x" for i in range(8)}, subject="inner")
    middle = samples.make_zip({**{f"f{i}.txt": b"y" for i in range(8)}, "inner.eml": inner_mail})
    outer = samples.make_mail(
        {f"doc{i}.txt": b"z" for i in range(8)} | {"akte.zip": middle}, subject="outer"
    )
    # Each level alone has fewer than 15 entries; together they have more.
    limits = ContainerLimits(max_entries=25)
    for alone, name in ((inner_mail, "inner.eml"), (middle, "akte.zip")):
        convert_bytes(alone, name, ConvertOptions(container_limits=limits))
    reason = _refused(outer, "outer.eml", ConvertOptions(container_limits=limits))
    assert "more than 25 entries in all" in reason
    # Depth counts every kind: mail > zip > mail is three levels.
    reason = _refused(
        outer, "outer.eml", ConvertOptions(container_limits=ContainerLimits(max_depth=2))
    )
    assert "nested deeper than 2 levels" in reason and "akte.zip!/inner.eml" in reason
    assert convert_bytes(outer, "outer.eml", ConvertOptions()).children


def test_a_childs_conversion_continues_its_ancestors_depth() -> None:
    two_levels = samples.make_zip({"inner.zip": samples.make_zip({"leaf.txt": b"x"})})
    convert_bytes(two_levels, "akte.zip", ConvertOptions(container_depth=3))
    reason = _refused(two_levels, "akte.zip", ConvertOptions(container_depth=4))
    assert "nested deeper than 5 levels" in reason


def test_mails_have_limits_of_their_own() -> None:
    big = samples.make_mail({"gross.bin": b"a" * 5_000})
    reason = _refused(
        big, "big.eml", ConvertOptions(container_limits=ContainerLimits(max_entry_bytes=4_000))
    )
    assert "'gross.bin' is 5000 bytes" in reason
    many = samples.make_mail({f"a{i}.txt": b"x" for i in range(30)})
    reason = _refused(
        many, "many.eml", ConvertOptions(container_limits=ContainerLimits(max_entries=20))
    )
    assert "more than 20 entries" in reason


def test_detection_reads_only_the_head_of_an_opendocument_mimetype() -> None:
    # Detection runs outside the worker fence: a 64 MB `mimetype` entry must not be inflated.
    import tracemalloc

    data = samples.make_zip({"mimetype": b"application/x-bomb" + b" " * 64 * 2**20})
    tracemalloc.start()
    try:
        with pytest.raises(UnsupportedDocument, match="application/x-bomb"):
            detect_format(data, "bomb.odt")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 2**20
