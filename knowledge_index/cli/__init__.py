"""The `ki` command: the operator's entry point."""

import knowledge_index.cli.mcp_cmd  # noqa: F401  (registers `ki mcp` on app)
from knowledge_index.cli import model_cmds
from knowledge_index.cli.app import app

model_cmds.register(app)  # `ki export`, `ki costs`

__all__ = ["app"]
