"""Where the runs that `ki` executes in its own process write Dagster's log lines.

Dagster's console logger writes every ERROR of a run (a batch that quarantined a poison file
comes with its full stack trace) to the terminal. The operator's terminal gets the progress and
the summary instead; Dagster's lines go to the run's event log (always: the UI shows them) and
to `KI_HOME/logs/ki.log`, and `--verbose` puts them back on the terminal.
"""

from __future__ import annotations

import logging
import logging.handlers
import threading
from pathlib import Path
from typing import Any

from knowledge_index.settings import Settings

LOG_FILE_NAME = "ki.log"
FILE_LOGGER = "ki_file"  # the logger definition's key (defs/log_file.py)
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s - %(message)s"
# Rotated, so an installation that runs for years does not fill its disk with run logs.
MAX_BYTES = 10 * 1024 * 1024
BACKUPS = 5

_lock = threading.Lock()
_handlers: dict[Path, logging.Handler] = {}


def log_path(settings: Settings) -> Path:
    return settings.log_dir / LOG_FILE_NAME


def file_handler(path: Path) -> logging.Handler:
    """One handler per file and process: every run's logger shares it (no reopen per run)."""
    with _lock:
        handler = _handlers.get(path)
        if handler is None:
            path.parent.mkdir(parents=True, exist_ok=True)
            handler = logging.handlers.RotatingFileHandler(
                path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
            )
            handler.setFormatter(logging.Formatter(LOG_FORMAT))
            _handlers[path] = handler
        return handler


def file_logger(name: str, level: str, path: Path) -> logging.Logger:
    # A logger outside the logging tree, like Dagster's own console logger: nothing else in
    # the process (or its root handlers) sees the run's lines.
    logger = logging.getLoggerClass()(name, level=level)
    logger.addHandler(file_handler(path))
    return logger


def run_logging(settings: Settings, *, verbose: bool) -> dict[str, Any]:
    """The run config's `loggers` section for a run executed by `ki`."""
    return {
        "loggers": {
            # CRITICAL: nothing Dagster logs in normal operation reaches the terminal.
            "console": {"config": {"log_level": "INFO" if verbose else "CRITICAL"}},
            FILE_LOGGER: {"config": {"log_level": "INFO", "path": str(log_path(settings))}},
        }
    }
