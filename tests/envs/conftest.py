"""Every adapter is checked on every registered game and Pig (the test game), for each game's
main configs. A game is skipped only while it has no action catalogue."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

import zedlab
from tests.core.pig import pig
from zedlab.core.registry import registered
from zedlab.games import GAMES as SHIPPED

# the games ZedLab ships, and Pig (not test games other folders register, e.g. faulty-pig)
GAMES = [*SHIPPED, "pig"]


@pytest.fixture(autouse=True)
def _pig_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pig is a registered game for these tests (and for worker processes they start)."""
    extra = os.environ.get("ZEDLAB_GAMES", "")
    monkeypatch.setenv("ZEDLAB_GAMES", f"{extra},pig=tests.core.pig:pig".strip(","))
    with registered(pig):
        yield


def needs_catalogue(name: str) -> Any:
    """The game's rules object, or skip (naming the game) while it has no catalogue."""
    with registered(pig):
        game = zedlab.get(name)
        try:
            game.action_space(game.Config())
            game.max_decisions(game.Config())
        except NotImplementedError as exc:
            pytest.skip(f"{name}: {exc}")
    return game


def cases() -> list[Any]:
    """(game, config) pairs: every game's main configs (computed once Pig is registered)."""
    from zedlab.envs import main_configs

    out = []
    with registered(pig):
        for name in GAMES:
            for config in main_configs(name):
                label = ",".join(f"{k}={v}" for k, v in config.items()) or "default"
                out.append(pytest.param(name, config, id=f"{name}[{label}]"))
    return out
