"""Dagster definitions only: assets, asset checks, sensors, jobs and resources.

Loaded by `knowledge_index.definitions` through `load_from_defs_folder` ([tool.dg] in
pyproject.toml); every module here contributes what it defines at module level or through a
`@dg.definitions` function. Nothing imports this package: the machinery these definitions use
lives in `knowledge_index.orchestration`.
"""
