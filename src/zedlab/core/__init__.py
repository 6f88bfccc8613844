"""The ZedLab engine core: the game interface, matches, records, randomness and content.

Every front end speaks to games only through these names.
"""

from .content import ContentEntry, ContentFile, content_path, load_toml
from .engine import Action, BaseConfig, BaseGame, Decision, Game, Outcome
from .errors import ConfigError, ContentError, IllegalAction, RecordError, ZedLabError
from .match import Match, make_config
from .records import Record, Step
from .rng import RNG, ScriptedRNG, seed_for

__all__ = [
    "RNG",
    "Action",
    "BaseConfig",
    "BaseGame",
    "ConfigError",
    "ContentEntry",
    "ContentError",
    "ContentFile",
    "Decision",
    "Game",
    "IllegalAction",
    "Match",
    "Outcome",
    "Record",
    "RecordError",
    "ScriptedRNG",
    "Step",
    "ZedLabError",
    "content_path",
    "load_toml",
    "make_config",
    "seed_for",
]
