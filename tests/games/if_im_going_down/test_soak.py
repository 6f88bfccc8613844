"""Long soaks (run with ``-m soak``): many seeded games of every config, invariants checked
at every step, bots and random play alike."""

from __future__ import annotations

import pytest

from zedlab.bots import choose
from zedlab.core import RNG
from zedlab.core.infoset import InfoSet
from zedlab.games.if_im_going_down import game

from .test_conformance import CONFIGS


@pytest.fixture(autouse=True)
def _only_when_asked(request: pytest.FixtureRequest) -> None:
    """Soaks run only with ``-m soak`` (the default run stays fast)."""
    if "soak" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("soak test: run with -m soak")


@pytest.mark.soak
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{v}" for v in c.values()))
def test_soak_random_and_heuristic(config: dict) -> None:
    bots = game.bot_kinds()
    for seed in range(60):
        kind = "heuristic" if seed % 2 else "random"
        bot, zombie = bots[kind](), bots["zombie"]()
        s = game.new(game.Config(**config), seed)
        rng = RNG.from_seed(seed)
        steps = 0
        while (d := game.decision(s)) is not None:
            assert game.invariants(s) == []
            chooser = zombie if d.player == s.zombie_seat else bot
            game.apply(s, choose(chooser, InfoSet.of(game, s), rng))
            steps += 1
            assert steps < 100_000
        assert game.invariants(s) == [] and game.outcome(s) is not None
