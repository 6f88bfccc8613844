"""The AEC env refuses what is not an action id, before and after the episode ends."""

from __future__ import annotations

import pytest

from zedlab.envs import aec_env


def test_only_integer_ids_are_actions_and_the_end_says_reset() -> None:
    """0.5, True and "0" are not action ids (NumPy integers are); after the last step the
    env says to reset instead of a KeyError."""
    import numpy as np

    from zedlab.core import IllegalAction

    env = aec_env("pig")
    env.reset(seed=np.int64(3))
    for bad in (0.5, True, "0"):
        with pytest.raises(IllegalAction, match="integer id"):
            env.step(bad)
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(np.int64(int(np.flatnonzero(obs["action_mask"])[0])))
    with pytest.raises(IllegalAction, match="call reset"):
        env.step(0)
