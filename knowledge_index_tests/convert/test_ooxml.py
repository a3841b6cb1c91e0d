"""Tracked changes and comments from raw OOXML; converted text is Word's accepted view."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from knowledge_index.convert import ConvertOptions, convert_bytes
from knowledge_index.convert.model import StructuredDocument
from knowledge_index_tests.convert import samples


@pytest.fixture(scope="module")
def doc() -> StructuredDocument:
    return convert_bytes(samples.make_tracked_docx(), "entwurf.docx", ConvertOptions()).document


def test_text_is_the_accepted_view(doc: StructuredDocument) -> None:
    assert "The buyer is Müller GmbH and pays the Gebühr." in doc.text
    assert "Term: five years." in doc.text
    assert "Inserted paragraph." in doc.text
    assert doc.text.count("Clause moved away.") == 1  # at its destination only
    for gone in ("Schmidt AG", "ten", "Deleted paragraph."):
        assert gone not in doc.text


def test_revisions_with_author_date_text(doc: StructuredDocument) -> None:
    seen = {(r.kind, r.author, r.text) for r in doc.revisions}
    assert ("insert", "Alice", "Müller GmbH") in seen
    assert ("delete", "Bob", "Schmidt AG") in seen
    assert ("move_from", "Carol", "Clause moved away.") in seen
    assert ("move_to", "Carol", "Clause moved away.") in seen
    assert ("paragraph_insert", "Dave", "Inserted paragraph.") in seen
    assert ("paragraph_delete", "Erin", "Deleted paragraph.") in seen
    deletion = next(r for r in doc.revisions if r.text == "Schmidt AG")
    assert deletion.date == datetime(2024, 3, 2, 11, tzinfo=UTC)
    assert deletion.paragraph_index == 0
    assert deletion.context == "The buyer is Müller GmbH and pays the Gebühr."


def test_nested_change_points_at_its_parent(doc: StructuredDocument) -> None:
    nested = next(r for r in doc.revisions if r.kind == "delete" and r.text == "ten ")
    assert nested.author == "Bob"
    assert nested.nested_in == "40"
    parent = next(r for r in doc.revisions if r.revision_id == "40")
    assert parent.kind == "insert" and parent.author == "Alice"


def test_comment_with_anchor(doc: StructuredDocument) -> None:
    (comment,) = doc.comments
    assert comment.author == "Frank"
    assert comment.text == "Please check against the term sheet."
    assert comment.anchored_text == "Purchase price"
    assert comment.date == datetime(2024, 3, 2, 15, tzinfo=UTC)


def test_core_properties(doc: StructuredDocument) -> None:
    assert doc.metadata["title"] == "Kaufvertrag Müller"
    assert doc.metadata["author"] == "Alice Anwalt"
    assert doc.metadata["created"] == "2024-02-28T09:00:00Z"


def test_a_table_without_its_column_grid_keeps_its_text() -> None:
    # The schema requires w:tblGrid; a generated package without one lost every cell.
    import io
    import re
    import zipfile

    gridless = samples.edit_package(
        samples.make_docx(),
        {"word/document.xml": lambda xml: re.sub(r"<w:tblGrid>.*?</w:tblGrid>", "", xml)},
    )
    with zipfile.ZipFile(io.BytesIO(gridless)) as package:
        assert b"<w:tblGrid>" not in package.read("word/document.xml")
    text = convert_bytes(gridless, "vertrag.docx", ConvertOptions()).document.text
    assert "Müller" in text and "4711" in text
