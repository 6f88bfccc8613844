"""The Search and Book of the Dead tables: all symbols of a kind read together on one row.

Source: Run, Fight, or Die! rulebook, "Action Dice Icons" (SEARCH, BOOK OF THE DEAD) and
"Taking Cards".
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .common import (
    can_take_location,
    cx,
    discard,
    draw_event,
    draw_followers,
    draw_loot,
    gain_drawn,
    gain_follower,
    heal,
    join,
    kill,
    take_location,
    zones_with_zombies,
)
from .state import BOOK, SEARCH, RFDState
from .steps import FLOW, Book, ChooseFollower, Effects, Search2, Search5

S2_FOLLOWER = Action("search-choice", "follower", "Take 1 Follower Card")
S2_LOCATION = Action("search-choice", "location", "Take 1 Location Card")
S5_BOTH = Action("search-choice", "keep-both", "Take 2 Follower Cards and keep both")

BOOK_LABELS = {
    "event": "Take 1 Event Card",
    "location": "Take 1 Location Card",
    "loot": "Take 1 Loot Card",
    "heal-1": "Heal 1 Wound",
    "follower": "Take 1 Follower Card",
    "heal-2": "Heal 2 Wounds",
    "heal-all": "Heal ALL Wounds",
    "two-followers": "Take 2 Follower Cards and keep both",
    "heal-all+loot": "Heal ALL Wounds and take 1 Loot Card",
    "none": "Nothing useful: let the symbols go",
}
for _z in (1, 2, 3):
    BOOK_LABELS[f"clear-{_z}+event"] = f"Clear Zone {_z} and take 1 Event Card"
    BOOK_LABELS[f"clear-{_z}"] = f"Clear Zone {_z}"
    BOOK_LABELS[f"clear-{_z}+follower"] = f"Clear Zone {_z} and take 1 Follower Card"
BOOK_A_CHOICES = {code: Action("book-choice", code, label) for code, label in BOOK_LABELS.items()}


# -- Search -----------------------------------------------------------------------------------

def search_count(s: RFDState, seat: int) -> int:
    """Search symbols to read on the table (Prom Queen +1, Hoarder -1), capped at 5."""
    c = cx(s)
    p = s.players[seat]
    n = s.avail[SEARCH]
    if c.characters[p.character].ability == "popular":
        n += 1
    n -= sum(1 for f in p.followers if c.followers[f].modifier == "search-minus-1")
    return max(0, min(5, n))


def resolve_search(s: RFDState, seat: int) -> None:
    """All Search symbols together on one row of the table (symbols are not split).

    Source: rulebook, "SEARCH (for Survivors)".
    """
    n = search_count(s, seat)
    s.avail[SEARCH] = 0
    emit(s, "search", n=n)
    if n == 1:
        take_location(s, seat)
    elif n == 2:
        if can_take_location(s):
            s.stack.append(Search2(seat=seat))
        else:
            gain_drawn(s, seat, 1)
    elif n in (3, 4):
        if n == 4:
            s.stack.append(Effects(seat=seat, effects=[("draw-location", 1, 0)], source="search"))
        _choose_one_of_two(s, seat)
    elif n == 5:
        if other_followers(s, seat):
            s.stack.append(Search5(seat=seat))
        else:
            gain_drawn(s, seat, 2)


def _choose_one_of_two(s: RFDState, seat: int) -> None:
    cards = draw_followers(s, 2)
    if len(cards) == 2:
        s.stack.append(ChooseFollower(seat=seat, cards=cards))
    elif cards:
        gain_follower(s, seat, cards[0])


def other_followers(s: RFDState, seat: int) -> list[tuple[int, int, str]]:
    """``(seat, slot, card)`` of every Follower of the other living players."""
    return [
        (o, i, f)
        for o, q in enumerate(s.players)
        if o != seat and not q.dead
        for i, f in enumerate(q.followers)
    ]


def steal_options(s: RFDState, seat: int) -> list[Action]:
    names = cx(s).followers
    return [
        Action("steal", (o, i), f"Steal {names[f].name} from seat {o}")
        for o, i, f in other_followers(s, seat)
    ]


def _steal(s: RFDState, seat: int, value: tuple[int, int]) -> None:
    o, i = value
    card = s.players[o].followers.pop(i)
    emit(s, "steal", seat=seat, other=o)
    join(s, seat, card)


@FLOW.decide(ChooseFollower)
def ask_follower(s: RFDState, step: ChooseFollower) -> Decision:
    f = cx(s).followers
    options = [Action("pick", i, f"Keep {f[card].name} ({f[card].vp} VP, {f[card].symbol})") for i, card in enumerate(step.cards)]
    return Decision(step.seat, "choose-follower", tuple(options), "Keep which Follower? The other is discarded.")


@FLOW.resolve(ChooseFollower)
def choose_follower(s: RFDState, step: ChooseFollower, action: Action) -> None:
    keep = step.cards[action.value]
    other = step.cards[1 - action.value]
    discard(s, "follower", other)
    gain_follower(s, step.seat, keep)


@FLOW.decide(Search2)
def ask_search_2(s: RFDState, step: Search2) -> Decision:
    return Decision(step.seat, "search-2", (S2_FOLLOWER, S2_LOCATION), "2 Search symbols: a Follower or a Location?")


@FLOW.resolve(Search2)
def search_2(s: RFDState, step: Search2, action: Action) -> None:
    if action.value == "location":
        take_location(s, step.seat)
    else:
        gain_drawn(s, step.seat, 1)


@FLOW.decide(Search5)
def ask_search_5(s: RFDState, step: Search5) -> Decision:
    return Decision(step.seat, "search-5", (S5_BOTH, *steal_options(s, step.seat)), "5 Search symbols: 2 Followers, or steal one?")


@FLOW.resolve(Search5)
def search_5(s: RFDState, step: Search5, action: Action) -> None:
    if action.kind == "steal":
        _steal(s, step.seat, action.value)
    else:
        gain_drawn(s, step.seat, 2)


# -- Book of the Dead -------------------------------------------------------------------------

def book_count(s: RFDState, seat: int) -> int:
    c = cx(s)
    n = s.avail[BOOK]
    if c.characters[s.players[seat].character].ability == "scholar":
        n += 1
    return max(0, min(5, n))


def resolve_book(s: RFDState, seat: int) -> None:
    """All Book of the Dead symbols together on one row. Source: "BOOK OF THE DEAD"."""
    n = book_count(s, seat)
    s.avail[BOOK] = 0
    emit(s, "book", n=n)
    if n == 1:
        draw_event(s, seat)
    elif n >= 2:
        s.stack.append(Book(seat=seat, n=n))


def book_options(s: RFDState, seat: int, n: int) -> list[Action]:
    """The Book of the Dead table rows for ``n`` symbols that can do something now.

    Source: rulebook, "Action Dice Icons" (BOOK OF THE DEAD).
    """
    p = s.players[seat]
    zs = zones_with_zombies(s, seat)
    codes: list[str] = []
    extra: list[Action] = []
    if n == 2:
        if can_take_location(s):
            codes.append("location")
        codes.append("loot")
        if p.wounds:
            codes.append("heal-1")
    elif n == 3:
        codes.extend(f"clear-{z}+event" for z in zs)
        if not zs:
            codes.append("event")
        codes.append("follower")
        if p.wounds:
            codes.append("heal-2")
    elif n == 4:
        if p.followers:
            names = cx(s).followers
            extra = [
                Action("swap", (mine, o, i), f"Swap your {names[p.followers[mine]].name} for {names[f].name} (seat {o})")
                for mine in range(len(p.followers))
                for o, i, f in other_followers(s, seat)
            ]
        codes.extend(f"clear-{z}" for z in zs)
        if p.wounds:
            codes.append("heal-all")
    else:
        extra = steal_options(s, seat)
        codes.extend(f"clear-{z}+follower" for z in zs)
        if not zs:
            codes.append("follower")
        codes.append("two-followers")
        codes.append("heal-all+loot")
    out = extra + [BOOK_A_CHOICES[code] for code in codes]
    return out or [BOOK_A_CHOICES["none"]]


@FLOW.decide(Book)
def ask_book(s: RFDState, step: Book) -> Decision:
    return Decision(step.seat, "book", tuple(book_options(s, step.seat, step.n)), f"Book of the Dead ({step.n} symbols): choose one")


@FLOW.resolve(Book)
def play_book_choice(s: RFDState, step: Book, action: Action) -> None:
    seat = step.seat
    if action.kind == "steal":
        _steal(s, seat, action.value)
    elif action.kind == "swap":
        mine, o, i = action.value
        p = s.players[seat]
        theirs = s.players[o].followers[i]
        s.players[o].followers[i] = p.followers[mine]
        p.followers[mine] = theirs
        emit(s, "swap", seat=seat, other=o)
    else:
        play_book(s, seat, action.value)


def play_book(s: RFDState, seat: int, code: str) -> None:
    """Resolve the chosen Book of the Dead row."""
    first, _, second = code.partition("+")
    if first.startswith("clear-"):
        kill(s, seat, int(first[-1]), 99)
        emit(s, "zone-cleared", zone=int(first[-1]))
    elif first == "location":
        take_location(s, seat)
    elif first == "loot":
        draw_loot(s, seat)
    elif first == "event":
        draw_event(s, seat)
    elif first == "follower":
        gain_drawn(s, seat, 1)
    elif first == "two-followers":
        gain_drawn(s, seat, 2)
    elif first.startswith("heal-"):
        amount = first[5:]
        heal(s, seat, 99 if amount == "all" else int(amount))
    if second == "event":
        draw_event(s, seat)
    elif second == "follower":
        gain_drawn(s, seat, 1)
    elif second == "loot":
        draw_loot(s, seat)
