"""The Rich renderer draws any view without touching hidden information."""

from rich.console import Console

from zedlab.core import RNG, Match
from zedlab.games.survive_alive import game
from zedlab.games.survive_alive.render import render


def _text(view, seat) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(render(view, seat))
    return console.export_text()


def test_render_every_seat_and_spectator_through_a_game():
    m = Match.new(game, {"players": 2}, seed=4)
    chooser = RNG.from_seed(4)
    step = 0
    while m.decision is not None:
        if step % 60 == 0:
            for seat in (None, 0, 1):
                assert "Base" in _text(game.view(m.state, seat), seat)
        m.play(chooser.choice(m.decision.options))
        step += 1
    out = _text(game.view(m.state, 0), 0)
    assert "points" in out


def test_render_shows_own_cubes_only():
    m = Match.new(game, {"players": 2, "first_player": 0}, seed=3)
    while m.decision.kind != "spend":
        m.play(m.decision.options[0])
    seat = m.decision.player
    mine = _text(game.view(m.state, seat), seat)
    theirs = _text(game.view(m.state, 1 - seat), 1 - seat)
    assert "Cubes: " in mine and "screened" in theirs
    assert "Characters" in mine and "Trackers" in mine


def test_the_forge_text_is_a_note_only_once_a_forge_stands():
    """"Facilities" (Forge): forging costs one cube less only with a Forge built, so the
    terminal's notes beside the options keep the Forge's text off the forging options
    until the seat has one (every forging option names the Forge), but show it beside the
    option that builds a Forge; the other cards' texts stay."""
    from zedlab.cli.screen import card_note
    from zedlab.games.survive_alive.render import card_notes

    from .helpers import CONTENT, build_free, solo_at_spend

    st = solo_at_spend()
    texts = game.card_texts()
    before = card_notes(game.view(st, 0), texts)
    assert "Forge" not in before and before["Barricade"] == texts["Barricade"]
    assert card_note("Build a Forge (row 2, column 4) (1 wood, 2 metal)", before).endswith(texts["Forge"])
    assert card_note("Forge a weapon... (4 choices)", before) == ""
    assert "Forge" not in card_notes(game.view(st, None), texts)
    forge = next(slot.id for slot in CONTENT.slots["mountain"] if slot.kind == "forge")
    build_free(st.players[0], forge)
    assert card_notes(game.view(st, 0), texts)["Forge"] == texts["Forge"]


def test_a_tapped_character_says_its_ability_is_used_and_the_legend_explains_tapped():
    """"Character Abilities" (once a round): a character whose once-a-round ability was used
    shows "tapped" with what it means on the table, and ``legend`` explains the word (and
    the table's other signs)."""
    import zedlab
    from zedlab.cli.render import legend_text

    from .helpers import solo_at_spend

    st = solo_at_spend()
    st.players[0].chars[0].tapped = True
    assert "tapped: ability used this round" in _text(game.view(st, 0), 0)
    text = legend_text(zedlab.get("survive-alive"))
    assert "tapped = the character's once-a-round ability has been used this round" in text
    assert "✚" in text and "WT" in text


def test_the_compact_header_names_each_drawn_card_as_the_log_does_and_its_attack():
    """"4. Draw Event Cards", Step 1: a 5-Zed card drawn in round 2 attacks with 7; the
    compact table's Drawn line names it in the log's words ("Event B4 (5 Zeds from
    North)") and says the 7 is its attack, Zeds + round."""
    from zedlab.games.survive_alive.render import render_compact
    from zedlab.games.survive_alive.rules import event_words

    from .helpers import CONTENT, solo_at_spend

    st = solo_at_spend()
    st.round = 2
    st.drawn = ["b4"]
    console = Console(width=80, record=True, color_system=None)
    console.print(render_compact(game.view(st, 0), 0, width=80))
    text = console.export_text()
    drawn = next(line for line in text.splitlines() if line.startswith("Drawn"))
    assert event_words("b4", CONTENT) in drawn and "Event B4 (5 Zeds from North) attack 7" in drawn
    assert drawn.startswith("Drawn (attack = Zeds + round 2): ")


def _compact_at_80(st, seat: int, height: int) -> list[str]:
    from zedlab.games.survive_alive.render import render_compact

    console = Console(width=80, record=True, color_system=None)
    console.print(render_compact(game.view(st, seat), seat, width=80, height=height))
    return console.export_text().splitlines()


def test_the_compact_table_at_80_columns_wraps_rather_than_cuts():
    """At 80 columns with room to spare, the other player's line, the Cubes line and the
    built list are wrapped (later lines indented) instead of cut at the right edge: every
    cube colour, every facility built and the other player's trackers are in sight; with
    no room to spare each is one line, never wider than 80 columns."""
    from zedlab.games.survive_alive.content import CUBES

    from .helpers import CONTENT, build_free, empty_hand, give

    m = Match.new(game, {"players": 2, "first_player": 0}, seed=3)
    while m.decision.kind != "spend":
        m.play(m.decision.options[0])
    st = m.state
    me, other = st.players[0], st.players[1]
    empty_hand(st, me)
    give(st, me, **{colour: 3 for colour in CUBES})
    middle = [s.id for s in CONTENT.slots[me.base] if not s.id.startswith(("barricade", "watch"))]
    build_free(me, *middle[:9])
    other.morale = 2
    other.breach = 1
    lines = _compact_at_80(st, 0, 30)
    text = "\n".join(lines)
    assert all(len(line) <= 80 for line in lines) and "…" not in text, text
    for colour in CUBES:
        assert f"3 {colour}" in text, text
    assert "0/0/0/2/1" in text, text
    built = next(i for i, line in enumerate(lines) if "; built " in line)
    assert lines[built + 1].startswith("  ") and lines[built + 1].strip(), text
    tight = _compact_at_80(st, 0, 8)
    assert all(len(line) <= 80 for line in tight)
    assert len(tight) < len(lines), "\n".join(tight)
