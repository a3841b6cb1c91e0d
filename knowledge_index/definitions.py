"""The code location: `dg dev`, `dagster dev -m knowledge_index.definitions`, compose's server.

Definitions are discovered in `knowledge_index/defs/` by Dagster's project loader, configured by
`[tool.dg]` in pyproject.toml. An installed wheel has no pyproject.toml beside the package, so
there the same folder is loaded as the defs module directly (what `load_from_defs_folder` does
once it has read the project file).
"""

import importlib
from pathlib import Path

import dagster as dg

PACKAGE = Path(__file__).resolve().parent
DEFS_MODULE = "knowledge_index.defs"


@dg.definitions
def defs() -> dg.Definitions:
    # A function, not a module-level object: every load reads settings afresh (code versions,
    # batch size), which is what a reloaded code location or a restarted daemon expects.
    if (PACKAGE.parent / "pyproject.toml").is_file():
        return dg.load_from_defs_folder(path_within_project=PACKAGE)
    tree = dg.ComponentTree.from_module(
        defs_module=importlib.import_module(DEFS_MODULE), project_root=PACKAGE.parent
    )
    return tree.build_defs()
