"""gunicorn's settings, read by gunicorn from the folder it starts in (the Procfile's ``web``).

Its own lines (starting, workers booted or timed out) in the app's log format: time, level,
logger and request id (``-``), or JSON lines with ``LOG_FORMAT=json`` (``tournament/project/logs.py``).
"""

import os

from tournament.project.logs import logging_config

logconfig_dict = logging_config(
    level=os.environ.get("LOG_LEVEL", "INFO"), log_format=os.environ.get("LOG_FORMAT", "text")
)
# gunicorn's error log through the same handler (its own is dropped when configured here).
logconfig_dict["loggers"]["gunicorn.error"] = {"handlers": ["console"], "level": "INFO", "propagate": False}
