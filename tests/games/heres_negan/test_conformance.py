"""The conformance suite for Here's Negan: Scenarios 1-7 at 2-5 Survivors, solo and with
several players, every check (the bound on decisions included), and a soak over more seeds
that must see games won as well as lost.

Source: Here's Negan rulebook, "Number of Players", "Number of Survivors", Scenarios 1-7,
"Winning", "Losing".
"""

import pytest

from zedlab.core import RNG, Match
from zedlab.core.conformance import check_game
from zedlab.games.heres_negan import game

CONFIGS = [
    {"scenario": scenario, "survivors": survivors, "players": players}
    for scenario in range(1, 13)
    for survivors in (2, 3, 4, 5)
    for players in sorted({1, survivors})
] + [
    # Survival Mode: a campaign over every playable scenario in one record
    {"scenario": 1, "survivors": 2, "players": 1, "survival": True},
    {"scenario": 2, "survivors": 3, "players": 3, "survival": True},
]


def _id(config):
    return "-".join(f"{k}={v}" for k, v in config.items())


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_conformance(config):
    check_game(game, [config], seeds=(0, 1))


@pytest.mark.soak
@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_conformance_soak(config):
    check_game(game, [config], seeds=tuple(range(2, 20)))


@pytest.mark.parametrize("scenario", [1, 2, 3])
def test_games_reach_wins_and_losses(scenario):
    """Games of each scenario end both ways: random Survivors win some and lose others
    (HN-R281 the EXIT; HN-R286..288 Threat Max, Negan falls, all Bitten)."""
    from zedlab.bots import choose

    bot = game.bot_kinds()["random"]()
    results = set()
    for seed in range(60):
        match = Match.new(game, {"scenario": scenario, "survivors": 2 + seed % 4}, seed=seed)
        rng = RNG.from_seed(seed)
        while match.decision is not None:
            match.play(choose(bot, match.infoset(), rng))
        results.add(match.state.result)
        if results == {"win", "loss"}:
            break
    assert results == {"win", "loss"}


def _containers(obj, path: str, out: dict[int, str]) -> dict[int, str]:
    from tests.games.clone_check import containers

    return containers(obj, path, out)


def test_clone_is_equal_and_shares_nothing():
    """The field-by-field clone copies every field (it encodes as the original does) and
    shares no list, dict, Survivor, step or campaign record with it, at points all over a
    Survival Mode campaign (a finished game on record) and a Scenario 8 game (barrels)."""
    checked = 0
    for options, seed in (({"scenario": 1, "survivors": 3, "survival": True}, 4),
                          ({"scenario": 8, "survivors": 4}, 2)):
        m = Match.new(game, seed=seed, **options)
        chooser = RNG.from_seed(seed)
        step = 0
        while m.decision is not None:
            if step % 97 == 0 or (m.state.games and checked < 40):
                copy = game.clone(m.state)
                assert game.encode(copy) == game.encode(m.state)
                original = _containers(m.state, "state", {})
                shared = set(original) & set(_containers(copy, "copy", {}))
                assert not shared, sorted(original[i] for i in shared)[:5]
                checked += 1
            m.play(chooser.choice(m.decision.options))
            step += 1
    assert checked > 40
