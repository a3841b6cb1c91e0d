"""The `ki` command: the operator's entry point."""

import knowledge_index.cli.mcp_cmd  # noqa: F401  (registers `ki mcp` on app)
from knowledge_index.cli import db_cmds, model_cmds
from knowledge_index.cli.app import app, db_app

model_cmds.register(app)  # `ki export`, `ki costs`
db_cmds.register(db_app)  # `ki db status|stop|backup|restore`

__all__ = ["app"]
