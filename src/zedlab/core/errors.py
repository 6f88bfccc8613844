"""The ZedLab error hierarchy.

Every error the engine raises on purpose derives from :class:`ZedLabError`, so a front end
can catch one class and show the message. Messages say what was wrong and what would be right.
"""

from __future__ import annotations

__all__ = ["ZedLabError", "IllegalAction", "ConfigError", "ContentError", "RecordError"]


class ZedLabError(Exception):
    """Base class of every error ZedLab raises deliberately."""


class IllegalAction(ZedLabError):
    """An action that is not one of the current decision's options.

    Raised by ``Game.apply`` and ``Match.play``; the state is unchanged when it is raised.
    """


class ConfigError(ZedLabError):
    """A game configuration that is invalid (unknown game, bad option value, wrong seat count)."""


class ContentError(ZedLabError):
    """A content file (TOML) that is missing, unreadable or fails validation.

    The message names the file, the entry and the field.
    """


class RecordError(ZedLabError):
    """A game record or save file that is damaged, foreign, or does not replay."""
