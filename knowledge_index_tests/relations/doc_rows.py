"""A matter document as relate's target scoring reads it, built from its path and text."""

from __future__ import annotations

from knowledge_index.relations import cues
from knowledge_index.relations.corpus import TAIL_CHARS, DocRow


def doc_row(path: str, text: str, fmt: str = "docx") -> DocRow:
    return DocRow(
        path, path, None, "h", 0, "m", cues.heading(text), fmt, text[:600], tail=text[-TAIL_CHARS:]
    )
