"""Stage handlers: plain functions the runner calls once per claimed document."""

from __future__ import annotations

from knowledge_index.stages.base import (
    HANDLERS,
    UNAVOIDABLE_DEGRADATIONS,
    StageContext,
    StageOutcome,
    register_handler,
)
from knowledge_index.stages.classify_matter import classify_matter_handler
from knowledge_index.stages.convert import ConvertHandler, unavoidable_degradations
from knowledge_index.stages.extract_decisions import extract_decisions_handler
from knowledge_index.stages.extract_metadata import extract_metadata_handler
from knowledge_index.stages.fetch import fetch_handler
from knowledge_index.stages.index import IndexHandler
from knowledge_index.stages.relate import relate_handler

register_handler("fetch", fetch_handler)
register_handler("convert", ConvertHandler())
UNAVOIDABLE_DEGRADATIONS["convert"] = unavoidable_degradations
register_handler("classify_matter", classify_matter_handler)
register_handler("relate", relate_handler)
register_handler("extract_metadata", extract_metadata_handler)
register_handler("extract_decisions", extract_decisions_handler)
register_handler("index", IndexHandler())

__all__ = ["HANDLERS", "StageContext", "StageOutcome", "register_handler"]
