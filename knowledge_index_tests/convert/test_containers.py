"""Zip archives become children, behind zip-bomb guards."""

from __future__ import annotations

import pytest

from knowledge_index.convert import ContainerLimits, ConvertOptions, convert_bytes
from knowledge_index.errors import UnsupportedDocument
from knowledge_index_tests.convert import samples


def test_zip_entries_become_children() -> None:
    docx = samples.make_docx()
    data = samples.make_zip({"a/brief.txt": "Grüße".encode("cp1252"), "vertrag.docx": docx})
    result = convert_bytes(data, "akte.zip", ConvertOptions())
    assert result.document.format == "zip"
    assert {c.filename: c.data for c in result.children} == {
        "a/brief.txt": "Grüße".encode("cp1252"),
        "vertrag.docx": docx,
    }
    assert all(c.relation == "zip_entry" for c in result.children)
    assert "vertrag.docx" in result.document.text


def test_zip_bomb_ratio_is_refused() -> None:
    with pytest.raises(UnsupportedDocument, match="zip bomb"):
        convert_bytes(samples.make_zip_bomb(8), "bomb.zip", ConvertOptions())


@pytest.mark.parametrize(
    ("limits", "cause"),
    [
        (ContainerLimits(max_entries=2), "more than 2 entries"),
        (ContainerLimits(max_entry_bytes=1000), "expands to"),
        (ContainerLimits(max_total_bytes=2500), "expanded bytes"),
    ],
)
def test_limits(limits: ContainerLimits, cause: str) -> None:
    data = samples.make_zip({f"f{i}.txt": bytes([65 + i]) * 1200 for i in range(3)})
    with pytest.raises(UnsupportedDocument, match=cause):
        convert_bytes(data, "akte.zip", ConvertOptions(container_limits=limits))


def test_nesting_depth_is_bounded() -> None:
    data = samples.make_zip({"leaf.txt": b"deep"})
    for level in range(5):
        data = samples.make_zip({f"level{level}.zip": data})
    with pytest.raises(UnsupportedDocument, match="nested deeper than 5"):
        convert_bytes(data, "russian-doll.zip", ConvertOptions())
    shallow = samples.make_zip({"inner.zip": samples.make_zip({"leaf.txt": b"x"})})
    result = convert_bytes(shallow, "ok.zip", ConvertOptions())
    assert [c.filename for c in result.children] == ["inner.zip"]
