"""Behaviour of the adapters beyond their libraries' checkers."""

from __future__ import annotations

import numpy as np
import pytest

from zedlab.core import ConfigError, IllegalAction
from zedlab.envs import aec_env, gym_env

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")


def _play_out(env, seed: int) -> tuple[list[int], dict[str, float]]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        taken.append(a)
        env.step(a)
    return taken, totals


def test_aec_rewards_are_the_final_scores_and_a_seed_replays_the_game() -> None:
    env = aec_env("pig")
    first, totals = _play_out(env, 11)
    outcome = env.match.outcome
    assert totals == {f"seat_{i}": s for i, s in enumerate(outcome.scores)}
    again, _ = _play_out(env, 11)
    assert again == first
    win = aec_env("pig", reward="win")
    _, totals = _play_out(win, 11)
    assert totals == {f"seat_{i}": (1.0 if i in outcome.winners else -1.0) for i in range(2)}


def test_aec_spaces_are_built_once() -> None:
    env = aec_env("pig")
    assert env.observation_space("seat_0") is env.observation_space("seat_0")
    assert env.action_space("seat_1") is env.action_space("seat_1")


def test_aec_ansi_render_shows_events_and_the_decision() -> None:
    env = aec_env("pig", render_mode="ansi")
    env.reset(seed=2)
    env.step(1)  # dice 2
    env.step(2)  # roll
    text = env.render()
    assert "seat 0 rolled" in text
    assert "to decide" in text or "game over" in text


def test_aec_refuses_a_masked_action_and_keeps_the_state() -> None:
    env = aec_env("pig")
    env.reset(seed=1)
    before = env.observe("seat_0")
    with pytest.raises(IllegalAction):
        env.step(3)  # hold with nothing to hold: not an option of the first decision
    assert np.array_equal(env.observe("seat_0")["observation"], before["observation"])


def test_gym_penalises_or_raises_on_a_masked_action() -> None:
    env = gym_env("pig", players=1)
    obs, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, term, trunc, info2 = env.step(illegal)
    assert info2["illegal_action"] and reward == -1.0 and np.array_equal(obs, obs2)
    strict = gym_env("pig", players=1, illegal="raise")
    strict.reset(seed=4)
    with pytest.raises(IllegalAction, match="not legal"):
        strict.step(illegal)


def test_gym_plays_the_other_seats_with_bots_and_rewards_the_learner() -> None:
    env = gym_env("pig", seat=1, reward="win")
    obs, info = env.reset(seed=9)
    assert env.match.decision.player == 1  # seat 0's bot has played
    rng = np.random.default_rng(0)
    done = False
    reward = 0.0
    while not done:
        obs, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert reward == (1.0 if 1 in env.match.outcome.winners else -1.0)
    assert env.action_masks().sum() == 0


def test_bad_options_are_named() -> None:
    with pytest.raises(ConfigError, match="opponents must be one of random"):
        gym_env("pig", opponents="genius")
    with pytest.raises(ConfigError, match="seat must be 0-1"):
        gym_env("pig", seat=2)
    with pytest.raises(ConfigError, match="reward must be one of score, win"):
        aec_env("pig", reward="money")


def test_openspiel_serialises_through_the_record() -> None:
    from zedlab.envs import openspiel

    game = pyspiel.load_game(openspiel.register("pig"))
    state = game.new_initial_state()
    for byte in (1, 2, 3, 4):
        state.apply_action(byte)
    rng = np.random.default_rng(3)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state)
    assert copy.match.record.to_json() == state.match.record.to_json()
    assert copy.information_state_tensor(0) == state.information_state_tensor(0)
