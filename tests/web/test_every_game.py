"""Every registered game (and the test games) played to the end through HTTP, seat 0 a
person choosing at random and the other seats bots; what each seat is sent is exactly what
the core shows that seat, and a seat's answers never hold another seat's secrets."""

from __future__ import annotations

import json
import random

import pytest

import zedlab
from zedlab.core import Match, Record, make_config
from zedlab.games import GAMES as SHIPPED

from .conftest import bearer, start


def _games() -> list[str]:
    # the games ZedLab ships, and Pig (not test games other folders register)
    return [*SHIPPED, "pig"]


def _skip_without_catalogue(name: str) -> None:
    game = zedlab.get(name)
    try:
        game.action_space(make_config(game))
    except NotImplementedError:
        pytest.skip(f"{name}: action_space(config) raises NotImplementedError (no action "
                    "catalogue yet), so its options have no ids to play by")


@pytest.mark.parametrize("name", _games())
def test_plays_to_the_end_with_bots(sqlite_client, name):
    _skip_without_catalogue(name)
    client = sqlite_client
    gid, tokens = start(client, game=name, seats={"0": "human"}, seed=11)
    token = tokens["0"]
    rng = random.Random(3)
    v = client.get(f"/api/games/{gid}/view", headers=bearer(token)).json()
    moves = 0
    while v["outcome"] is None:
        assert v["to_move"] == 0 and v["decision"]["options"]
        pick = rng.choice(v["decision"]["options"])
        r = client.post(f"/api/games/{gid}/actions", headers=bearer(token),
                        json={"action": pick["id"], "after": v["seq"]})
        assert r.status_code == 200, r.text
        v = r.json()
        moves += 1
    assert moves > 0 and v["status"] == "over"
    record = client.get(f"/api/games/{gid}/record").json()
    match = Match.replay(Record.from_json(record))
    assert match.over and match.outcome.to_json() == v["outcome"]
    # seat 0 and a spectator are sent what the core shows them, no more
    expected = match.view(0)
    sent = {k: v[k] for k in expected}
    assert json.loads(json.dumps(sent)) == json.loads(json.dumps(expected))
    spect = client.get(f"/api/games/{gid}/view").json()
    assert json.loads(json.dumps({k: spect[k] for k in expected})) == json.loads(
        json.dumps(match.view(None)))
    events = client.get(f"/api/games/{gid}/events", headers=bearer(token)).json()["events"]
    assert [e["seq"] for e in events] == [e.seq for e in match.events(0)]
    spect_events = client.get(f"/api/games/{gid}/events").json()["events"]
    assert [e["seq"] for e in spect_events] == [e.seq for e in match.events(None)]


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_a_seat_never_receives_another_seats_secret(sqlite_client):
    """Secret Pig deals each seat a secret word: it is in that seat's view and events and
    in nobody else's answers (views, move answers, events, the lobby), spectators' included."""
    client = sqlite_client
    gid, tokens = start(client, game="secret-pig", seats={"0": "human", "1": "human"},
                        config={"players": 3, "target": 10})
    answers: dict[int | None, list[str]] = {0: [], 1: [], None: []}

    def look(seat):
        headers = bearer(tokens[str(seat)]) if seat is not None else {}
        v = client.get(f"/api/games/{gid}/view", headers=headers)
        e = client.get(f"/api/games/{gid}/events", headers=headers)
        answers[seat] += [v.text, e.text]
        return v.json()

    secrets = {s: look(s)["private"]["secret"] for s in (0, 1)}
    assert secrets[0] != secrets[1] and all(w.startswith("secret-") for w in secrets.values())
    rng = random.Random(5)
    for _ in range(400):
        spectator = look(None)
        if spectator["outcome"] is not None:
            break
        seat = spectator["to_move"]
        v = look(seat)
        pick = rng.choice(v["decision"]["options"])
        r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens[str(seat)]),
                        json={"action": pick["id"], "after": v["seq"]})
        assert r.status_code == 200, r.text
        answers[seat].append(r.text)
        look(1 - seat)
    assert spectator["outcome"] is not None
    answers[None].append(client.get("/api/games?status=over").text)
    # seat 2 is a bot: its secret is dealt too, and must reach nobody
    record = Match.replay(Record.from_json(client.get(f"/api/games/{gid}/record").json()))
    secrets[2] = record.game_view(2)["private"]["secret"]
    for seat, texts in answers.items():
        blob = "\n".join(texts)
        for owner, word in secrets.items():
            if owner == seat:
                assert word in blob  # the seat does see its own secret
            else:
                assert word not in blob, f"seat {seat} was sent seat {owner}'s secret"


@pytest.mark.parametrize("name", list(SHIPPED))
def test_the_page_gets_the_game_table_drawn_for_the_seat(client, name: str) -> None:
    """Each shipped game's view carries its terminal table as HTML for the page, drawn from
    that seat's own view (so it shows nothing hidden from the seat)."""
    game = zedlab.get(name)
    seats = {str(s): "random" for s in range(game.seats(make_config(game, None)))}
    seats["0"] = "human"
    created = client.post("/api/games", json={"game": name, "seats": seats}).json()
    view = client.get(f"/api/games/{created['id']}/view", headers=bearer(created["tokens"]["0"])).json()
    assert view["picture"].startswith('<pre class="picture">')
    assert "<script" not in view["picture"]
