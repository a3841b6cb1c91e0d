"""The `ki` command: the operator's entry point."""

from knowledge_index.cli.app import app

__all__ = ["app"]
