"""Run, Fight, or Die!: the Amulet's long question listed in steps (``option_groups``)."""

from __future__ import annotations

import zedlab
from zedlab.core import Match


def test_the_amulet_lists_each_dies_turns_under_the_die() -> None:
    """Rulebook "Event Die Actions" (Amulet): a non-Zombie die may be turned to another of
    its faces. Seed 12 opens on an Amulet with five non-Zombie dice (25 turns): the menu
    shows a group per die, named by its face now, and Decline at the top; the options are
    unchanged."""
    game = zedlab.get("run-fight-or-die")
    match = Match.new(game, {}, seed=12)
    decision = match.decision
    assert decision is not None and decision.kind == "amulet"
    paths = game.option_groups(match.state, decision)
    assert paths is not None and len(paths) == len(decision.options)
    assert decision.prompt == "Amulet: flip a die, or decline? (no Zombie to reroll)"
    groups: dict[tuple[str, ...], list[str]] = {}
    for path, option in zip(paths, decision.options, strict=True):
        groups.setdefault(path, []).append(option.kind)
        if option.kind == "flip":
            die = option.value[0]
            face = match.state.dice[die]
            assert path == (f"Turn die {die + 1} (now {option.label.split(' from ')[1].split(' to ')[0]})",)
            assert face != option.value[1]
    assert groups[()] == [o.kind for o in decision.options if o.kind != "flip"]
    assert "decline" in groups[()]
    flips = [p for p in groups if p]
    assert len(flips) == 5 and all(groups[p] == ["flip"] * 5 for p in flips)
    other = next(d for d in _decisions(game) if d[1].kind != "amulet")
    assert game.option_groups(other[0], other[1]) is None


def _decisions(game):
    match = Match.new(game, {}, seed=3)
    while not match.over:
        decision = match.decision
        yield match.state, decision
        match.play(decision.options[0])
