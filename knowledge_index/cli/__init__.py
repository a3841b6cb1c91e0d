"""The `ki` command: the operator's entry point."""

from knowledge_index.cli import model_cmds
from knowledge_index.cli.app import app

model_cmds.register(app)  # `ki export`, `ki costs`

__all__ = ["app"]
