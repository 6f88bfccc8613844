"""A room to find and secure, marked on the map by a scenery object (Scenario 5's Weapons
Locker, Scenario 7's First Aid Station): its room must be secured as well as Negan reaching
the EXIT (he stays there meanwhile: ruling HN-A37), and the first Survivor to step into it
gains a blue roll of Reputation.

Source: Here's Negan rulebook, Scenarios 5 and 7 ("Win Conditions", "Objective",
"Moving Negan").
"""

from __future__ import annotations

from ..common import amount, board, change_rep, emit
from ..scenarios import EXIT, StaysOnExit
from ..state import HNState


class ObjectiveRoom(StaysOnExit):
    """The EXIT and the room holding the board object of kind ``obj`` secured.

    Attributes:
        obj: the board object's kind (``"weapons-locker"``); ``title`` its name for people.
    """

    obj = ""
    title = ""

    def room(self, state: HNState) -> int:
        """The id of the room holding the objective's object."""
        b = board(state)
        for o in b.objects:
            if o.kind == self.obj:
                room = b.room_of(o.spaces[0])
                if room is not None:
                    return room
        raise ValueError(f"{b.name} has no room holding a {self.obj!r} object")

    def met(self, state: HNState, condition: str) -> bool:
        if condition == self.obj:
            return self.room(state) in state.secured
        return super().met(state, condition)

    def survivor_entered(self, state: HNState, i: int, space: int) -> None:
        """The first Survivor to step into the room gains Reputation equal to a blue roll
        (once a game; opening its door from outside is not entering)."""
        key = self.obj + "-entered"
        if key in state.marks or board(state).room_of(space) != self.room(state):
            return
        state.marks[key] = state.round
        emit(state, "first-to-enter", survivor=state.survivors[i].id, room=self.room(state),
             name=self.title)
        change_rep(state, i, amount(state, "blue", f"first into the {self.title}"),
                   f"first into the {self.title}")

    def wanted_rooms(self, state: HNState) -> list[int]:
        room = self.room(state)
        return [] if room in state.secured else [room]

    def goal(self, survivors: int) -> str:
        return f"Get Negan onto the EXIT and secure the {self.title} room."


def objective_conditions(obj: str) -> tuple[str, ...]:
    """The Win Conditions of an objective-room scenario, in the rulebook's order."""
    return (EXIT, obj)
