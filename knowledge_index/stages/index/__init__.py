"""index: chunks with embeddings and their permission projection into Postgres."""

from knowledge_index.stages.stage import Stage

STAGE = Stage(
    name="index",
    # ki-2: the lexical index carries document-level fields (matter, parties, type labels),
    # compound tails and matter-reference keys (search index schema 2), and a DOCX's comments
    # are chunked after its text.
    # ki-3: the default embedding model is USE multilingual v3 (was the English MiniLM), so
    # every document is embedded again.
    code_version="ki-3",
    description="Chunks sized by the embedding model's tokenizer (the text with its reviewers' "
    "comments), embedded in batches, written to Postgres (pgvector) with the document's "
    "permission projection; deleted documents leave search.",
    handler=f"{__name__}.handler:IndexHandler",
    runs_for_deleted=True,
    # The handler embeds a claim chunk's documents together, sorted by length: in chunks of 16
    # documents (about 50 passages) the longest passages of each chunk set the padding of a
    # batch of short ones and every second batch runs part-empty (estate A: 35% more model
    # time than one sorted call). A crashed worker strands at most this many claims until
    # they expire, about a minute of embedding.
    claim_chunk=128,
    calls_embedding_model=True,
)
