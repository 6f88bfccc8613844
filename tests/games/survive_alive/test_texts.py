"""Survive Alive: what the log, the options and the help say.

Source: Survive Alive rulebook, "Step 1" (the Zeds' attack strength is Zeds + round), "3.
Scavenging" (the Zed strength of a location), "Scavenge Win" / "Step 4" (choose four of the
cubes shown on a card), "Facilities" (Workshop: not on barricades), "Base Breach", "Wound
Markers" (herbs), "Score Ranking".
"""

from zedlab.games.survive_alive import content, event_cards, game, objectives, spend
from zedlab.games.survive_alive import rules as ru
from zedlab.games.survive_alive.steps import ScavengeWhere

from .helpers import CONTENT, give, log, solo_at_spend


def test_attack_line_gives_a_strength_not_a_number_of_zeds():
    """Step 1: a 5-Zed card in round 2 attacks with strength 7; "7 Zeds" would be wrong."""
    st = solo_at_spend(chars=("bruce", "buzz"))
    st.round = 2
    p = st.players[0]
    event_cards.resolve_attack(st, p, "b4", CONTENT)  # 5 Zeds from the North
    line = next(x for x in log(st) if "North side" in x)
    assert "0 shields vs attack strength 7 = 5 Zeds on Event B4 + round 2" in line and "7 Zeds" not in line


def test_scavenging_places_show_the_zed_strength():
    """3. Scavenging: a location's label gives the Zed strength its deck can show."""
    st = solo_at_spend(chars=("bruce", "buzz"))
    p = st.players[0]
    p.chars[0].weapons = ["bat"]
    p.scav_food = 1
    st.stack[-1] = ScavengeWhere(seat=0)
    labels = [a.label for a in game.decision(st).options if a.kind == "scavenge"]
    assert labels and all("Zed strength " in x for x in labels)


def test_recruit_help_says_four_of_the_cubes_shown():
    """Scavenge Win / Step 4: a card shows six cubes (designed) and the player chooses four."""
    text = game.help["recruit-cube"][1]
    assert "four of the cubes" in text and "the four cubes" not in text
    assert all(len(card.cubes) > content.load().rules.recruit_cubes for card in CONTENT.characters.values())


def test_workshop_line_names_the_barricade_exception():
    """Facilities (Workshop): its cube is saved on other facilities except barricades."""
    st = solo_at_spend(chars=("bruce", "buzz"))
    p = st.players[0]
    give(st, p, wood=3, metal=3, brick=3)
    spend.build(st, p, "workshop-1-1", CONTENT)
    assert game.events(st, 0)[-1].endswith("on each later facility except barricades")


def test_breach_names_the_facilities_really_lost():
    """Base Breach: the deficit is lost in facilities, but only those standing can go: a
    deficit of 6 against a base with one storage loses one facility."""
    st = solo_at_spend(chars=("bruce", "buzz"))
    p = st.players[0]
    for ch in p.chars:
        ch.away = True
    assert sum(p.standing.values()) == 1
    event_cards.resolve_attack(st, p, "b4", CONTENT)  # round 1: strength 6 against 0 shields
    line = next(x for x in log(st) if "breached" in x)
    assert "1 facility lost" in line and "6 facilities" not in line


def test_herbs_in_the_plural():
    """Wound Markers: healing costs herbs; two or more are written "herbs"."""
    assert ru.cube_text(ru.counts(["herb", "herb", "herb"])) == "3 herbs"
    assert ru.cube_text(ru.counts(["herb", "wood"])) == "1 wood, 1 herb"
    st = solo_at_spend(chars=("bruce", "buzz"))
    p = st.players[0]
    p.chars[0].wounds = 1
    st.wound_pool -= 1
    give(st, p, herb=3)
    heals = [a.label for a in game.decision(st).options if a.kind == "heal"]
    assert heals == ["Heal a wound of Bruce (3 herbs)"]


def test_score_ranking_above_100_is_not_passed_off_as_printed():
    """Score Ranking: the printed table ends at 81-100; a higher score says so."""
    assert objectives.ranking(100) == "Not bad: you run a good camp."
    assert "rulebook" in objectives.ranking(101) and "100" in objectives.ranking(101)


def test_counts_of_one_read_in_the_singular():
    """Step 1: a 1-Zed Event card in round 1 attacks with strength 2; a side with one
    barricade has 1 shield. The side's label and the attack's result say "1 Zed" and
    "1 shield", never "1 Zeds" or "1 shields"; other players' cube counts likewise."""
    from zedlab.games.survive_alive.render import other_line
    from zedlab.games.survive_alive.steps import PlaceDefender

    from .helpers import build_free

    st = solo_at_spend(chars=("bruce", "olivia"))
    card = next(e for e in CONTENT.events.values() if e.zeds == 1)
    p = st.players[0]
    build_free(p, f"barricade-{card.side}-0")
    st.drawn = [card.id]
    st.stack.append(PlaceDefender(seat=0, char=0))
    labels = {a.value: a.label for a in game.decision(st).options}
    assert labels[card.side].endswith(f"(1 shield so far; attack 2 = 1 Zed on {card.name} + round 1)")
    st.stack.pop()
    for ch in p.chars:
        ch.away = True
    event_cards.resolve_attack(st, p, card.id, CONTENT)
    said = "\n".join(log(st))
    assert f"(1 shield vs attack strength 2 = 1 Zed on {card.name} + round 1)" in said
    assert "1 Zeds" not in said and "1 shields" not in said
    view = game.view(st, None)
    player = dict(view["public"]["players"][0], cubes={"wood": 1, "metal": 0})
    assert "; 1 cube" in other_line(player, "packaged", 200).plain


def test_event_card_texts_count_their_zeds_in_the_singular_for_one():
    """Step 1 (an Event card attacks with its Zeds plus the round): a card of one Zed says
    "Attack of 1 Zed", as the placing options and the attack results do; the text shown
    beside the placing options and by info names the card's own count."""
    for card in CONTENT.events.values():
        word = "Zed" if card.zeds == 1 else "Zeds"
        assert card.text.startswith(f"Attack of {card.zeds} {word} + "), (card.id, card.text)


def test_the_spend_question_names_only_what_is_on_offer():
    """1. Spend Resource Cubes: with nobody wounded the question does not offer to heal;
    with a wounded character and herbs to pay it does."""
    from .helpers import empty_hand

    st = solo_at_spend(chars=("bruce", "buzz"))
    p = st.players[0]
    empty_hand(st, p)
    give(st, p, wood=2)
    prompt = game.decision(st).prompt
    assert prompt.startswith("Spend your cubes: build, ") and "heal" not in prompt
    p.chars[0].wounds = 1
    give(st, p, herb=3)
    assert "heal" in game.decision(st).prompt


def test_the_phase_is_named_in_words():
    """Game Play: Overview: the table names the phase as the rulebook does ("5. round end"),
    the compact header in a word or two ("round end"), never by its id "roundend"."""
    from io import StringIO

    from rich.console import Console

    import zedlab
    from zedlab.core import Match
    from zedlab.games.survive_alive import render

    match = Match.new(zedlab.get("survive-alive"), {"players": 1}, seed=5)
    while match.view(0)["public"]["phase"] != "roundend":
        match.play(match.options[-1] if match.decision.kind == "spend" else match.options[0])
    view = match.view(0)
    out = StringIO()
    console = Console(file=out, width=200, color_system=None)
    console.print(render.render(view, 0))
    console.print(render.render_compact(view, 0, width=80))
    text = out.getvalue()
    assert "5. round end" in text and "Round 1/6 round end;" in text and "roundend" not in text
