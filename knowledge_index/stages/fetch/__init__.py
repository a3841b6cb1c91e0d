"""fetch: source bytes into the content-addressed blob store."""

from knowledge_index.stages.stage import Stage

STAGE = Stage(
    name="fetch",
    code_version="ki-1",
    description="Source bytes into the content-addressed blob store (sha256); enforces "
    "pipeline.max_file_mb and skips objects deleted at the source.",
    handler=f"{__name__}.handler:fetch_handler",
)
