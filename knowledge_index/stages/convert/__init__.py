"""convert: the fetched blob becomes one structured_json artifact per content hash."""

from knowledge_index.stages.stage import Stage

STAGE = Stage(
    name="convert",
    code_version="ki-1",
    description="One structured_json artifact per content hash (text, sections, tables, "
    "tracked changes, comments, e-mail headers); containers become child documents.",
    handler=f"{__name__}.handler:ConvertHandler",
    unavoidable_degradations=f"{__name__}.handler:unavoidable_degradations",
)
