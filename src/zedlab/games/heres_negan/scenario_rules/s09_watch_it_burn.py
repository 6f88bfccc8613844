"""Scenario 9: Watch It Burn - every Survivor onto a cleared Factory Floor, Heating Up.

Win: Negan on the EXIT, every Survivor in play (Incapacitated ones too: ruling HN-A05) on
the Factory Floor (tiles 1B and 2B), and no Walker (standing or prone) or Walker token
there. Once Negan has reached the EXIT, at the start of every later Here's Negan phase each
Survivor on the Factory Floor with less than 5 Reputation loses a red roll of Stamina (one
roll each: ruling HN-A42). Negan then stays on the EXIT: Negan Action cards do not move him,
nor does Call Negan (its kills still happen).

Source: Here's Negan rulebook, Scenario 9 "Win Conditions", "Heating Up", "Moving Negan";
checklist HN-R329..HN-R333; rulings HN-A37, HN-A42.
"""

from __future__ import annotations

from ..common import amount, board, emit, in_play, wound
from ..scenarios import EXIT, StaysOnExit, scenario
from ..state import HNState

FLOOR = "factory-floor"
ON_FLOOR = "survivors-on-factory-floor"
FLOOR_CLEAR = "factory-floor-clear"
HEAT_REP = 5


def floor(state: HNState) -> frozenset[int]:
    """The spaces of the Factory Floor."""
    return frozenset(board(state).regions.get(FLOOR, ()))


@scenario(9)
class WatchItBurn(StaysOnExit):
    """Scenario 9's Special Rules (module docstring)."""

    conditions = (EXIT, ON_FLOOR, FLOOR_CLEAR)
    reasons = {
        EXIT: "Negan reached the EXIT",
        ON_FLOOR: "every Survivor stood on the Factory Floor",
        FLOOR_CLEAR: "no Walker was left there",
    }

    def called_negan_moves(self, state: HNState) -> bool:
        return EXIT not in state.reached

    def start_of_negan_phase(self, state: HNState) -> None:
        """Heating Up (HN-R331)."""
        if EXIT not in state.reached:
            return
        here = floor(state)
        for i in in_play(state):
            s = state.survivors[i]
            if s.space in here and s.rep < HEAT_REP and s.standing:
                emit(state, "heating-up", survivor=s.id)
                wound(state, i, amount(state, "red", "heating up"), "the heat of the furnace")
                if state.result:
                    return

    def met(self, state: HNState, condition: str) -> bool:
        here = floor(state)
        if condition == ON_FLOOR:
            players = in_play(state)
            return bool(players) and all(state.survivors[i].space in here for i in players)
        if condition == FLOOR_CLEAR:
            return not here & {*state.walkers, *state.prone, *state.tokens}
        return condition in state.reached

    def goal(self, survivors: int) -> str:
        return ("Get Negan onto the EXIT; every Survivor onto the Factory Floor, with no "
                "Walker or Walker token there.")
