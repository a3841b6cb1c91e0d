"""Loggers for every job: Dagster's console logger and the log file under KI_HOME.

A run only instantiates the loggers its run config names; runs the daemon launches name none
and keep Dagster's default console logger. `ki sync`/`ki run` name both (orchestration.logfile).
"""

import logging
from pathlib import Path

import dagster as dg

from knowledge_index.orchestration.logfile import FILE_LOGGER, file_logger


@dg.logger(
    config_schema={
        "log_level": dg.Field(str, is_required=False, default_value="INFO"),
        "path": dg.Field(str, description="The log file (KI_HOME/logs/ki.log)."),
    },
    description="Dagster's log lines of a run, appended to the installation's log file.",
)
def ki_file_logger(init_context: dg.InitLoggerContext) -> logging.Logger:
    cfg = init_context.logger_config
    return file_logger("dagster", cfg["log_level"], Path(cfg["path"]))


@dg.definitions
def loggers() -> dg.Definitions:
    return dg.Definitions(
        loggers={"console": dg.colored_console_logger, FILE_LOGGER: ki_file_logger}
    )
