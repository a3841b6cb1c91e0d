"""Optional install extras: a slim install (MCP server, ledger, CLI) has no conversion stack.

Code that needs a package of an extra checks here first, so a missing extra is one readable
line naming the pip command instead of a ModuleNotFoundError deep inside Docling.
"""

from __future__ import annotations

import importlib.util

from knowledge_index.errors import InfrastructureError

# The modules `knowledge_index.convert` imports from the `convert` extra (Docling and the
# parsers it brings); torch is not here: the base needs it for the query embeddings.
CONVERT_MODULES = ("docling", "docling_core", "lxml")


class MissingExtra(InfrastructureError, ImportError):
    """An install extra is missing: the installation, not the document, is at fault.

    An InfrastructureError so the ledger retries instead of quarantining: installing the
    extra later converts exactly the documents that waited for it.
    """

    def __init__(self, extra: str, missing: list[str], needed_for: str) -> None:
        super().__init__(
            f"{needed_for} needs {', '.join(missing)}: pip install 'knowledge-index[{extra}]'",
            reason=f"missing_extra:{extra}",
        )


def missing(modules: tuple[str, ...]) -> list[str]:
    return [name for name in modules if importlib.util.find_spec(name) is None]


def require_convert(needed_for: str = "document conversion") -> None:
    absent = missing(CONVERT_MODULES)
    if absent:
        raise MissingExtra("convert", absent, needed_for)
