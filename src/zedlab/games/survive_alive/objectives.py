"""Survive Alive objectives and scoring: the Leader, Instant and End Objective cards, the
final score and the winners; and the binding of the game's steps to the flow, since the
Instant card is checked after every rule that runs.

Source: Survive Alive rulebook, "Objective Cards", "Victory and Scoring", "Score Ranking".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from zedlab.core import Action
from zedlab.core.events import emit

from .content import PACKS, Content
from .rules import has_built, order
from .state import Player, SAState
from .steps import FLOW, SAStepBase

St = TypeVar("St", bound=SAStepBase)


class _AutoThenInstant:
    """An automatic step's rule, then the Instant objective check (a module-level callable,
    so a flow holding it, and a match holding the flow, can be pickled)."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[SAState, St], None]) -> None:
        self.fn = fn

    def __call__(self, st: SAState, step: St) -> None:
        self.fn(st, step)
        if st.instant_by < 0 and st.players_n > 1:  # (a solo game has no Instant card)
            check_instant(st, PACKS[st.content])


class _ResolveThenInstant:
    """A decision's resolver, then the Instant objective check (see :class:`_AutoThenInstant`)."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[SAState, St, Action], None]) -> None:
        self.fn = fn

    def __call__(self, st: SAState, step: St, action: Action) -> None:
        self.fn(st, step, action)
        if st.instant_by < 0 and st.players_n > 1:
            check_instant(st, PACKS[st.content])


def auto(step_type: type[St]) -> Callable[[Callable[[SAState, St], None]], Callable[[SAState, St], None]]:
    """Bind an automatic step whose rule may move what an Objective card measures
    (characters, weapons, facilities, trackers): the Instant objective is checked after it
    (trackers also move between decisions: marks, income). Steps that only move cubes,
    cards or places are bound to :data:`~.steps.FLOW` directly: a check after them would
    find what the last one found."""

    def bind(fn: Callable[[SAState, St], None]) -> Callable[[SAState, St], None]:
        FLOW.auto(step_type)(_AutoThenInstant(fn))
        return fn

    return bind


def resolve(step_type: type[St]) -> Callable[[Callable[[SAState, St, Action], None]], Callable[[SAState, St, Action], None]]:
    """Bind the resolver of a decision that may move what an Objective card measures; the
    Instant objective is checked after it (see :func:`auto`)."""

    def bind(fn: Callable[[SAState, St, Action], None]) -> Callable[[SAState, St, Action], None]:
        FLOW.resolve(step_type)(_ResolveThenInstant(fn))
        return fn

    return bind


# -- objectives and scoring -----------------------------------------------------------------
_METRICS: dict[str, Callable[[Player], int]] = {
    "characters": lambda p: len(p.chars),
    "weapons": lambda p: sum(len(ch.weapons) for ch in p.chars),
    "facilities": lambda p: sum(p.standing.values()),
    "barricades": lambda p: p.standing.get("barricade", 0),
    "gardens": lambda p: p.standing.get("food-garden", 0) + p.standing.get("herb-garden", 0),
    "scavenge": lambda p: p.scavenge,
    "defence": lambda p: p.defence,
    "morale": lambda p: p.morale,
    "health": lambda p: p.health,
}


def metric(p: Player, name: str, content: Content) -> int:
    """The quantity an Objective card measures for ``p`` (any other name: how many
    facilities of that kind stand)."""
    fn = _METRICS.get(name)
    return fn(p) if fn is not None else has_built(p, name, content)


def check_instant(st: SAState, content: Content) -> None:
    """The first player to meet the Instant card's criterion takes its points (several at
    once: the earliest in turn order, ruling). Source: "Objective Cards"."""
    if st.instant_by >= 0 or st.players_n == 1:
        return
    measure, least = _measure(content, st.objectives[1])
    players = st.players
    for s in order(st):
        if measure(players[s]) >= least:
            card = content.objectives[st.objectives[1]]
            p = players[s]
            st.instant_by = s
            p.objective_points += card.points
            p.instants.append(card.id)
            emit(st, "instant", seat=s, name=card.name, points=card.points)
            return


_MEASURES: dict[tuple[str, str], tuple[Callable[[Player], int], int]] = {}


def _measure(content: Content, objective: str) -> tuple[Callable[[Player], int], int]:
    """(the :func:`metric` of an Objective card as a function of the player, its minimum),
    per content and card: checked after every step until the Instant card is taken."""
    got = _MEASURES.get((content.digest, objective))
    if got is None:
        card = content.objectives[objective]
        name = card.metric
        measure = _METRICS.get(name) or (lambda p: p.standing.get(name, 0))
        got = _MEASURES[(content.digest, objective)] = (measure, card.minimum)
    return got


def check_leader(st: SAState, content: Content) -> None:
    """At a round end (and the game's end) the Leader card is settled.

    Unheld, it goes to the one player meeting its minimum; when two or more meet it nobody
    takes it (the printed rule; ``leader_rule == "highest"``: the single highest of them
    takes it). Held, it passes only to a player surpassing the holder, and only to the one
    highest such player (several tied above the holder: the holder keeps it).
    Source: "Objective Cards" (Leader)."""
    if st.players_n == 1:
        return
    card = content.objectives[st.objectives[0]]
    values = [metric(p, card.metric, content) for p in st.players]
    qualified = [s for s, v in enumerate(values) if v >= card.minimum]
    if not qualified:
        return
    top = max(values[s] for s in qualified)
    best = [s for s in qualified if values[s] == top]
    if st.leader >= 0:
        if values[st.leader] >= top or len(best) != 1:
            return
    elif len(qualified) > 1 and st.leader_rule == "printed":
        return
    if len(best) == 1 and best[0] != st.leader:
        st.leader = best[0]
        emit(st, "leader", seat=best[0], name=card.name)


SCORE_RANKING = (
    (20, "You may as well have been a Zed."),
    (40, "Zed bait."),
    (60, "Bang average."),
    (80, "Keeping your head above the Zeds, just."),
    (100, "Not bad: you run a good camp."),
    (10**9, "Above the rulebook's table (it stops at 100)."),
)
"""Score Ranking bands (upper bound included, texts shortened). Source: "Score Ranking".
The printed table ends with 81-100; a higher score is said to be above it (no text of ours
is passed off as the rulebook's)."""


def ranking(score: int) -> str:
    for top, text in SCORE_RANKING:
        if score <= top:
            return text
    return SCORE_RANKING[-1][1]  # pragma: no cover


def score_breakdown(st: SAState, p: Player, content: Content) -> dict[str, int]:
    """The nine scoring lines: a tracker is worth its left-most unshaded value.
    Source: "Victory and Scoring"."""
    t = content.tracker
    chars = t("characters")
    objective = p.objective_points
    if st.objectives:
        if st.players_n > 1 and st.leader == p.seat:
            objective += content.objectives[st.objectives[0]].points
        end = content.objectives[st.objectives[-1]]
        if metric(p, end.metric, content) >= end.minimum:
            objective += end.points
    return {
        "characters": chars[min(len(p.chars), len(chars) - 1)],
        "breaches": t("breach")[p.breach],
        "defence": t("defence")[p.defence],
        "health": t("health")[p.health],
        "scavenging": t("scavenge")[p.scavenge],
        "influence": p.ip,
        "morale": t("morale")[p.morale],
        "resources": sum(p.cubes) + sum(p.kept) + p.scav_food,
        "objectives": objective,
    }


def final_scores(st: SAState, content: Content) -> list[int]:
    return [sum(score_breakdown(st, p, content).values()) for p in st.players]


def winners(st: SAState, content: Content) -> list[int]:
    """Most points; ties: scavenging influence, then active characters, then the defence
    tracker; still tied: a shared victory. Source: "Victory and Scoring"."""
    scores = final_scores(st, content)

    def key(s: int) -> tuple[int, int, int, int]:
        p = st.players[s]
        return (scores[s], p.ip, len(p.chars), p.defence)

    best = max(key(s) for s in range(st.players_n))
    return [s for s in range(st.players_n) if key(s) == best]

