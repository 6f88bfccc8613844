"""The Resource Multiplier: a cube on a multiplier square counts as 5 when the bag is short."""

from __future__ import annotations

from zedlab.games.survive_alive import game
from zedlab.games.survive_alive import rules as ru
from zedlab.games.survive_alive.discard import discard_done
from zedlab.games.survive_alive.steps import FLOW

from .helpers import give, play, solo_at_spend


def _draw(st, p, n: int) -> list[int]:
    """Draw ``n`` cubes for ``p``, then let the rules run (a short bag pushes the offer of a
    Multiplier square, asked when it is on top)."""
    got = ru.draw_cubes(st, p, n)
    FLOW.run(st)
    return got


def _dry_bag_state():
    """A solo game at its Spend decision holding one wood, the rest of the bag in storage."""
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    give(st, p, wood=1)
    for i in range(7):
        p.kept[i] += st.bag[i]
        st.bag[i] = 0
    return st, p


def test_a_short_bag_offers_a_multiplier_square():
    """Card Anatomy, Resource Multiplier: when the bag lacks the cubes to draw, the player
    puts a cube of their choice on a multiplier square and now has 5 of it."""
    st, p = _dry_bag_state()
    assert _draw(st, p, 3) == []
    d = game.decision(st)
    assert d.kind == "multiplier" and [a.value for a in d.options] == ["wood"]
    play(st, "multiply", "wood")
    assert p.cubes[0] == 5 and p.virt[0] == 4 and p.mult == 1
    assert game.invariants(st) == []
    assert game.decision(st).kind == "spend"


def test_multiplied_cubes_are_paid_first_and_never_enter_the_bag():
    """Resource Multiplier: the extra cubes are a count, not cubes; paying them leaves the
    161 real cubes conserved."""
    st, p = _dry_bag_state()
    _draw(st, p, 1)
    play(st, "multiply", "wood")
    ru.to_bag(st, p, 0, 4)
    assert p.cubes[0] == 1 and p.virt[0] == 0 and st.bag[0] == 0
    ru.to_bag(st, p, 0, 1)
    assert st.bag[0] == 1
    assert game.invariants(st) == []


def test_unspent_multiplied_cubes_are_discarded_and_the_square_is_freed():
    """Resource Multiplier: cubes not spent by the end of the round are discarded unless
    stored; here nothing is stored, so only the real cube goes back to the bag."""
    st, p = _dry_bag_state()
    _draw(st, p, 1)
    play(st, "multiply", "wood")
    kept = list(p.kept)
    p.kept = [0] * 7
    discard_done(st, p)
    assert st.bag[0] == 1 and p.virt == [0] * 7 and p.mult == 0
    assert p.cubes == [0] * 7
    p.cubes = kept  # back to the state's own bookkeeping
    assert game.invariants(st) == []


def test_no_square_is_offered_beyond_the_sheet_or_without_a_cube():
    """Resource Multiplier: two squares per sheet (designed); a player with no cube has
    nothing to place."""
    st, p = _dry_bag_state()
    p.cubes[0] += 1
    p.kept[0] -= 1
    for _ in range(2):
        _draw(st, p, 1)
        play(st, "multiply", "wood")
    _draw(st, p, 1)
    assert game.decision(st).kind == "spend"
    st2, q = _dry_bag_state()
    q.kept[0] += q.cubes[0]
    q.cubes[0] = 0
    _draw(st2, q, 1)
    assert game.decision(st2).kind == "spend"


def test_multiplied_cubes_that_would_fit_in_storage_still_go_at_the_discard_phase():
    """Three Storages hold the hand, so the Discard decision would be skipped; but its
    multiplied cubes must still vanish and the square be freed (the player decides first)."""
    from .helpers import CONTENT, build_free

    st, p = _dry_bag_state()
    _draw(st, p, 3)
    play(st, "multiply", "wood")
    build_free(p, *[s.id for s in CONTENT.slots[p.base] if s.kind == "storage"][:3])
    p.cubes[0], p.virt[0] = 2, 1  # one real wood, one multiplied: fits three storages
    play(st, "done")
    d = game.decision(st)
    assert d.kind == "discard"
    play(st, "done")
    assert p.virt == [0] * 7 and p.mult == 0
    assert game.invariants(st) == []
