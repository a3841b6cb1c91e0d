"""classify_matter: assign each file to a matter through the gateway's agent loop."""

from knowledge_index.stages.stage import Stage

STAGE = Stage(
    name="classify_matter",
    # ki-2: matter folders discovered per top-level folder (DMS workspace/matter numbers,
    # client folders above title-only matters); a title-only folder's matter is the folder.
    # ki-3: a file outside every matter folder is also matched against the heads of the
    # documents filed in each matter (a DMS matter has no title or telling file names).
    # ki-4: a template or precedent (a template folder, placeholders) is filed by marker or
    # folder only, never by what its content resembles; a register number the matter's filed
    # documents carry counts as a content mention; a file naming two matters picks neither.
    # ki-5: a letter written to the firm (the firm in its address block, another letterhead
    # above) cites the firm's matter as "Ihr Zeichen" / "Your ref", and its "Unser Zeichen" is
    # the sender's; a reference followed by the lawyer's and assistant's initials ("20417.003
    # MK/sb") is read; a folder may write spaces as underscores ("40388-002_Traunsee_Lizenz").
    # ki-6: a matter a folder names is created with the folder's spelling (`2023_0542`) even
    # when a marker elsewhere ("Unser Zeichen 2023/0542") is read first.
    # ki-7: a folder at the matter level named by no reference, whose subfolders begin with
    # configured references, groups matters (an archive "Altakten 2024"): they are the matters.
    # Know-how folders ("Wissen", "Rechtsprechung", "Newsletter") are template folders by
    # default: case law resembles a matter by subject, not because it belongs to it; so does a
    # publication of the firm (a "Mandanteninformation", a newsletter, a client alert).
    # ki-8: a client-numbered folder holding numbered folders is the client and the two numbers
    # together the matter's reference (`104233 Hartwell/00012 Lease` is 104233.00012); the
    # client.matter styles with five-digit, unpadded and C/M-labelled matter numbers.
    code_version="ki-8",
    description="Assigns each file to a matter (agent loop: search_matters, peek_matter, "
    "list_folder, create_matter; reference-number fallback, UNASSIGNED-<top folder>); writes "
    "matter_assignments and a classification artifact, replays parked relation intents.",
    handler=f"{__name__}.handler:classify_matter_handler",
    model_stage=True,
    # Parallel runs assigned every document of estates A and C the same matter as one process.
    parallel_runs=True,
    offline_policy=f"{__name__}.offline:ClassifyMatterPolicy",
)
