"""The HTTP API: every error code, undo, events, the record, the lobby, limits.

Each test runs on SQLite and on a PostgreSQL server the suite starts (``db_url``).
"""

from __future__ import annotations

import hashlib

from .conftest import bearer, error_code, start


def view(client, gid, token=None):
    r = client.get(f"/api/games/{gid}/view", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def option(v, kind):
    return next(o for o in v["decision"]["options"] if o["kind"] == kind)


def test_new_game_gives_one_long_token_per_human_seat(client):
    gid, tokens = start(client, seats={"0": "human", "1": "human", "2": "random"},
                        config={"players": 3})
    assert set(tokens) == {"0", "1"}
    assert len({*tokens.values()}) == 2
    for t in tokens.values():
        assert len(t) >= 22  # 24 random bytes, base64: 192 bits
    v = view(client, gid, tokens["1"])
    assert v["seat"] == 1 and v["seats"][2] == {"seat": 2, "kind": "random"}


def test_tokens_are_stored_hashed(client):
    gid, tokens = start(client)
    from sqlalchemy import select

    from zedlab.web.store import SeatRow

    svc = client.app.state.service
    with svc.session() as s:
        stored = s.scalars(select(SeatRow.token_hash).where(SeatRow.game_id == gid)).all()
    assert stored == [hashlib.sha256(tokens["0"].encode()).hexdigest()]


def test_spectator_view_has_no_decision_and_no_private(client):
    gid, tokens = start(client)
    v = view(client, gid)
    assert v["seat"] is None and v["decision"] is None and v["private"] == {}
    assert v["to_move"] == 0


def test_a_move_returns_the_new_view(client):
    gid, tokens = start(client)
    v = view(client, gid, tokens["0"])
    assert v["decision"]["kind"] == "choose-dice"
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                    json={"action": option(v, "dice")["id"], "after": v["seq"]})
    assert r.status_code == 200, r.text
    assert r.json()["decision"]["kind"] == "roll-or-hold"


def test_illegal_action_is_422_and_changes_nothing(client):
    gid, tokens = start(client)
    v = view(client, gid, tokens["0"])
    hold = 3  # Pig's catalogue: dice 1, dice 2, roll, hold, pass; no Hold before a roll
    assert hold not in [o["id"] for o in v["decision"]["options"]]
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                    json={"action": hold, "after": v["seq"]})
    assert r.status_code == 422 and error_code(r) == "action/illegal"
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                    json={"action": 999, "after": v["seq"]})
    assert r.status_code == 422 and error_code(r) == "action/illegal"
    assert view(client, gid, tokens["0"]) == v


def test_not_your_seat_is_403(client):
    gid, tokens = start(client, seats={"0": "human", "1": "human"})
    v = view(client, gid, tokens["1"])
    assert v["decision"] is None  # seat 0 decides
    v0 = view(client, gid, tokens["0"])
    move = {"action": v0["decision"]["options"][0]["id"], "after": v0["seq"]}
    for headers in ({}, bearer(tokens["1"]), bearer("not-a-token"), {"Authorization": "Basic x"}):
        r = client.post(f"/api/games/{gid}/actions", headers=headers, json=move)
        assert r.status_code == 403 and error_code(r) == "seat/not-yours", headers
    # a token of another game opens no seat here
    other, other_tokens = start(client)
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(other_tokens["0"]), json=move)
    assert r.status_code == 403 and error_code(r) == "seat/not-yours"
    r = client.get(f"/api/games/{gid}/view", headers=bearer("nope"))
    assert r.status_code == 403 and error_code(r) == "seat/not-yours"


def test_stale_after_is_409(client):
    gid, tokens = start(client)
    v = view(client, gid, tokens["0"])
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                    json={"action": option(v, "dice")["id"], "after": v["seq"]})
    v2 = r.json()
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                    json={"action": option(v2, "roll")["id"], "after": v2["seq"]})
    v3 = r.json()
    assert v3["seq"] > v["seq"]
    # answering an old view (seq before the roll's events) is refused
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                    json={"action": v3["decision"]["options"][0]["id"] if v3["decision"]
                          else 0, "after": v["seq"]})
    assert r.status_code == 409 and error_code(r) == "state/stale"


def play_out(client, gid, token):
    v = view(client, gid, token)
    while v["outcome"] is None:
        opts = v["decision"]["options"]
        pick = next((o for o in opts if o["kind"] == "hold"), opts[0])
        r = client.post(f"/api/games/{gid}/actions", headers=bearer(token),
                        json={"action": pick["id"], "after": v["seq"]})
        assert r.status_code == 200, r.text
        v = r.json()
    return v


def test_game_over_is_410_and_the_record_is_given_then(client):
    gid, tokens = start(client, config={"target": 10})
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 409 and error_code(r) == "game/not-over"
    v = play_out(client, gid, tokens["0"])
    assert v["status"] == "over" and v["to_move"] is None
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                    json={"action": 0, "after": v["seq"]})
    assert r.status_code == 410 and error_code(r) == "game/over"
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["game"] == "pig" and record["seed"] == 7
    assert record["outcome"] == v["outcome"]
    from zedlab.core import Match, Record

    replayed = Match.replay(Record.from_json(record))
    assert replayed.over and replayed.view(None)["public"] == v["public"]


def test_unknown_game_is_404_everywhere(client):
    for method, path in [("get", "view"), ("post", "actions"), ("post", "undo"),
                         ("get", "events"), ("get", "record"), ("post", "join")]:
        kwargs = {"json": {"action": 0, "after": 0}} if path == "actions" else {}
        r = getattr(client, method)(f"/api/games/nosuchgame/{path}", **kwargs)
        assert r.status_code == 404 and error_code(r) == "game/unknown", path
    r = client.get("/api/games/" + "x" * 300 + "/view")
    assert r.status_code == 404 and error_code(r) == "game/unknown"


def test_invalid_requests_are_422_with_a_message(client):
    bad_bodies = [
        {"game": "no-such-game"},
        {"game": "pig", "config": {"players": 99}},
        {"game": "pig", "config": {"colour": "red"}},
        {"game": "pig", "seed": -1},
        {"game": "pig", "seed": 2**64},
        {"game": "pig", "seats": {"0": "wizard"}},
        {"game": "pig", "seats": {"0": "random", "1": "random"}},
        {"game": "pig", "seats": {"5": "human"}},
        {"game": "pig", "seats": {"00": "human"}},
        {"game": "pig", "seats": {"\u00b2": "human"}},
        {"game": "pig", "extra": 1},
        {"seats": {}},
        [1, 2],
    ]
    for body in bad_bodies:
        r = client.post("/api/games", json=body)
        assert r.status_code == 422 and error_code(r) == "request/invalid", body
    for raw in (b"{not json", b"\xff\xfe\x00"):
        r = client.post("/api/games", content=raw, headers={"content-type": "application/json"})
        assert r.status_code == 422 and error_code(r) == "request/invalid", raw
    r = client.delete("/api/games")
    assert r.status_code == 405 and error_code(r) == "request/method"
    assert r.headers["allow"] == "GET, POST"
    gid, tokens = start(client)
    for body in [{}, {"action": "roll", "after": 0}, {"action": -1, "after": 0},
                 {"action": 0}, {"action": 0, "after": 0, "x": 1}]:
        r = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]), json=body)
        assert r.status_code == 422 and error_code(r) == "request/invalid", body
    r = client.get(f"/api/games/{gid}/events?since=-3")
    assert r.status_code == 422 and error_code(r) == "request/invalid"


def test_bodies_are_capped(client):
    r = client.post("/api/games", content=b'{"game": "pig", "config": {"x": "' + b"a" * 20000
                    + b'"}}', headers={"content-type": "application/json"})
    assert r.status_code == 413 and error_code(r) == "request/too-large"


def test_unknown_path_answers_in_the_error_shape(client):
    r = client.get("/api/nothing-here")
    assert r.status_code == 404 and error_code(r) == "request/not-found"


def test_undo_follows_the_core_policy(client):
    gid, tokens = start(client, seats={"0": "human", "1": "human"})
    t0, t1 = tokens["0"], tokens["1"]
    v = view(client, gid, t0)
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(t0))
    assert r.status_code == 409 and error_code(r) == "undo/refused"  # nothing to undo
    v = client.post(f"/api/games/{gid}/actions", headers=bearer(t0),
                    json={"action": option(v, "dice")["id"], "after": v["seq"]}).json()
    assert v["can_undo"]
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(t1))  # a seat, not the last mover
    assert r.status_code == 409 and error_code(r) == "undo/refused"
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(t0))
    assert r.status_code == 200 and r.json()["decision"]["kind"] == "choose-dice"
    # the undone step is gone from the store too: the record has no steps
    svc = client.app.state.service
    assert svc.version(gid) == (0, 0, 3)  # steps, seq, revision (made, moved, undone)
    # a roll is chance: it cannot be undone
    v = r.json()
    v = client.post(f"/api/games/{gid}/actions", headers=bearer(t0),
                    json={"action": option(v, "dice")["id"], "after": v["seq"]}).json()
    v = client.post(f"/api/games/{gid}/actions", headers=bearer(t0),
                    json={"action": option(v, "roll")["id"], "after": v["seq"]}).json()
    assert not v["can_undo"]
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(t0))
    assert r.status_code == 409 and error_code(r) == "undo/refused"
    assert "cannot undo" in r.json()["error"]["message"]


def test_events_since(client):
    gid, tokens = start(client, config={"target": 10})
    play_out(client, gid, tokens["0"])
    page = client.get(f"/api/games/{gid}/events", headers=bearer(tokens["0"])).json()
    seqs = [e["seq"] for e in page["events"]]
    assert seqs == sorted(seqs) and seqs[-1] == page["seq"] and len(seqs) > 2
    later = client.get(f"/api/games/{gid}/events?since={seqs[1]}").json()
    assert [e["seq"] for e in later["events"]] == seqs[2:]
    assert all(e["text"] for e in later["events"])


def test_lobby_join_and_spectate(client):
    gid, tokens = start(client, seats={"0": "human", "1": "open"})
    assert set(tokens) == {"0"}
    lobby = client.get("/api/games").json()
    entry = next(g for g in lobby if g["id"] == gid)
    assert entry["open_seats"] == [1] and entry["status"] == "open"
    r = client.post(f"/api/games/{gid}/join", json={"seat": 0})
    assert r.status_code == 409 and error_code(r) == "seat/taken"
    r = client.post(f"/api/games/{gid}/join", json={})
    assert r.status_code == 200 and r.json()["seat"] == 1
    token = r.json()["token"]
    assert view(client, gid, token)["seat"] == 1
    assert gid not in [g["id"] for g in client.get("/api/games").json()]
    assert gid in [g["id"] for g in client.get("/api/games?status=playing").json()]
    r = client.post(f"/api/games/{gid}/join")
    assert r.status_code == 409 and error_code(r) == "seat/taken"
    assert view(client, gid)["seat"] is None  # anyone may watch


def test_bots_move_first_when_seat_zero_is_a_bot(client):
    gid, tokens = start(client, seats={"0": "random", "1": "human"})
    v = view(client, gid, tokens["1"])
    assert v["to_move"] == 1 and v["decision"] is not None
    assert client.app.state.service.version(gid)[0] > 0


def test_openapi_documents_the_api(client):
    schema = client.get("/openapi.json").json()
    for path in ["/api/games", "/api/games/{game_id}/view", "/api/games/{game_id}/actions",
                 "/api/games/{game_id}/undo", "/api/games/{game_id}/events",
                 "/api/games/{game_id}/record", "/api/games/{game_id}/join"]:
        assert path in schema["paths"], path


def test_catalog_lists_games_and_why_one_cannot_be_played(client):
    import zedlab

    catalog = {g["name"]: g for g in client.get("/api/catalog").json()}
    assert set(catalog) == set(zedlab.games())
    assert catalog["pig"]["playable"] and catalog["pig"]["bots"] == ["random", "ismcts"]
    for g in catalog.values():
        assert g["playable"] or "catalogue" in g["why"]


def test_every_game_offers_an_ismcts_seat_with_a_bounded_budget(sqlite_client):
    """The generic ISMCTS bot of every game (zedlab.bots.kinds) is a seat kind, played with
    a time budget the lobby's hint names; a seat of it plays its moves."""
    from zedlab.bots import make
    from zedlab.web.service import WEB_BOTS

    catalog = {g["name"]: g for g in sqlite_client.get("/api/catalog").json()}
    for g in catalog.values():
        if g["playable"]:
            assert "ismcts" in g["kinds"] and "ismcts" in g["bots"], g["name"]
            assert "at most 1 s a move" in g["bot_hints"]["ismcts"]
    bot = make(__import__("zedlab").get("pig"), WEB_BOTS["ismcts"])
    assert bot.seconds == 1 and bot.iters == 1000
    gid, tokens = start(sqlite_client, seats={"0": "ismcts", "1": "human"})
    v = view(sqlite_client, gid, tokens["1"])
    assert v["seats"][0]["kind"] == "ismcts"
    assert v["to_move"] == 1 and sqlite_client.app.state.service.version(gid)[0] > 0


def test_option_groups_reach_the_decision(client):
    """A game that groups a long decision's options sends each option's group path."""
    catalog = {g["name"] for g in client.get("/api/catalog").json()}
    assert "grouped-pig" in catalog
    gid, tokens = start(client, game="grouped-pig")
    v = view(client, gid, tokens["0"])
    groups = v["decision"]["groups"]
    assert len(groups) == len(v["decision"]["options"])
    assert {tuple(g) for g in groups} == {("Roll",), ()}
    plain, plain_tokens = start(client)
    assert view(client, plain, plain_tokens["0"])["decision"]["groups"] is None


def test_replay_of_a_finished_game_step_by_step(client):
    gid, tokens = start(client, config={"target": 10})
    r = client.get(f"/api/games/{gid}/replay?step=0")
    assert r.status_code == 409 and error_code(r) == "game/not-over"
    end = play_out(client, gid, tokens["0"])
    steps = len(client.get(f"/api/games/{gid}/record").json()["steps"])
    first = client.get(f"/api/games/{gid}/replay?step=0").json()
    assert first["seat"] is None and first["public"]["scores"] == [0, 0] and first["seq"] == 0
    last = client.get(f"/api/games/{gid}/replay?step={steps}").json()
    assert last["public"] == end["public"] and last["outcome"] == end["outcome"]
    r = client.get(f"/api/games/{gid}/replay?step={steps + 1}")
    assert r.status_code == 422 and error_code(r) == "request/invalid"


def test_two_servers_on_one_database_stay_in_step(db_url):
    """A second server process on the same database (here: a second app) sees the moves
    the first one stored, even with the game already in its memory, and a move answering
    a view the other server has moved past is refused as stale."""
    from fastapi.testclient import TestClient

    from zedlab.web.app import create_app

    apps = [create_app(db_url), create_app(db_url)]
    with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
        gid, tokens = start(one, seats={"0": "human", "1": "human"})
        t0 = tokens["0"]
        before = view(two, gid, t0)  # now in the second server's memory too
        v = one.post(f"/api/games/{gid}/actions", headers=bearer(t0),
                     json={"action": option(before, "dice")["id"], "after": before["seq"]}).json()
        v = one.post(f"/api/games/{gid}/actions", headers=bearer(t0),
                     json={"action": option(v, "roll")["id"], "after": v["seq"]}).json()
        seen = view(two, gid, t0)
        assert seen["seq"] == v["seq"] and seen["public"] == v["public"]
        r = two.post(f"/api/games/{gid}/actions", headers=bearer(t0),
                     json={"action": before["decision"]["options"][0]["id"],
                           "after": before["seq"]})
        assert r.status_code == 409 and error_code(r) == "state/stale"
        if seen["decision"] is not None:
            r = two.post(f"/api/games/{gid}/actions", headers=bearer(t0),
                         json={"action": seen["decision"]["options"][0]["id"],
                               "after": seen["seq"]})
            assert r.status_code == 200
            assert view(one, gid, t0)["seq"] == r.json()["seq"]
    for app in apps:
        app.state.service.engine.dispose()


def test_a_games_config_endpoint_gives_its_schema_defaults_and_simple_fields(client):
    """GET /api/games/types/{name}/config: the Config's JSON schema, its defaults and the
    simple fields a form draws (integers with bounds, booleans, choices; no lists)."""
    r = client.get("/api/games/types/heres-negan/config")
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["name"] == "heres-negan" and got["defaults"]["scenario"] == 1
    assert got["schema"]["properties"]["scenario"]["maximum"] == 12
    fields = {f["name"]: f for f in got["fields"]}
    assert "characters" not in fields  # a list: not a simple field
    assert fields["scenario"] == {
        "name": "scenario", "title": "Scenario", "type": "integer", "default": 1,
        "minimum": 1, "maximum": 12, "nullable": False,
        "description": got["schema"]["properties"]["scenario"]["description"]}
    assert fields["survivors"]["minimum"] == 2 and fields["survivors"]["maximum"] == 5
    assert fields["survival"]["type"] == "boolean" and fields["survival"]["default"] is False
    assert fields["first_player"]["type"] == "integer" and fields["first_player"]["nullable"]
    sa = {f["name"]: f for f in client.get("/api/games/types/survive-alive/config").json()["fields"]}
    assert sa["scenario"]["type"] == "choice" and sa["scenario"]["choices"] == [0, 1, 2]
    assert sa["leader_rule"]["choices"] == ["printed", "highest"]
    dlb = {f["name"]: f for f in client.get("/api/games/types/dont-look-back/config").json()["fields"]}
    assert dlb["locations"]["minimum"] == 1 and dlb["locations"]["maximum"] == 4
    assert dlb["escape_check"]["type"] == "choice" and dlb["escape_check"]["choices"] == ["any-action", "combat"]
    assert dlb["improvised_reach"]["choices"] == ["own-space", "reach"]
    catalog = {g["name"]: g for g in client.get("/api/catalog").json()}
    assert catalog["heres-negan"]["fields"] == got["fields"]
    r = client.get("/api/games/types/no-such-game/config")
    assert r.status_code == 404 and error_code(r) == "game/unknown"


def test_a_bad_option_value_is_refused_and_creates_nothing(client):
    before = client.get("/api/games?status=playing").json()
    r = client.post("/api/games", json={"game": "heres-negan", "config": {"scenario": 13},
                                        "seats": {"0": "human"}})
    assert r.status_code == 422 and error_code(r) == "request/invalid"
    assert "scenario" in r.json()["error"]["message"]
    assert client.get("/api/games?status=playing").json() == before
    assert client.get("/api/games?status=open").json() == []


def test_numbers_of_another_json_type_are_refused(sqlite_client):
    """An action id, event number, seat or seed sent as a string, a float or a boolean is
    a bad request, not quietly read as a number (``true`` is not seed 1)."""
    c = sqlite_client
    gid, tokens = start(c, seats={"0": "human", "1": "open"})
    v = c.get(f"/api/games/{gid}/view", headers=bearer(tokens["0"])).json()
    first = v["decision"]["options"][0]["id"]
    for action, after in [(str(first), v["seq"]), (float(first), v["seq"]), (True, v["seq"]),
                          (first, str(v["seq"])), (first, float(v["seq"]))]:
        r = c.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                   json={"action": action, "after": after})
        assert r.status_code == 422 and error_code(r) == "request/invalid", (action, after, r.text)
    assert c.get(f"/api/games/{gid}/view", headers=bearer(tokens["0"])).json()["seq"] == v["seq"]
    for seed in (True, "7", 7.0):
        r = c.post("/api/games", json={"game": "pig", "seed": seed, "seats": {"0": "human"}})
        assert r.status_code == 422 and error_code(r) == "request/invalid", (seed, r.text)
    r = c.post(f"/api/games/{gid}/join", json={"seat": "1"})
    assert r.status_code == 422 and error_code(r) == "request/invalid", r.text


def test_a_move_answering_an_older_revision_is_stale(sqlite_client):
    """Choosing the dice emits no event, so ``after`` (the view's seq) cannot tell a view
    from before that choice and its undo from the view now; the view's ``revision`` sent
    with a move can: a move answering an older one is ``state/stale`` and nothing changes."""
    c = sqlite_client
    gid, tokens = start(c, seats={"0": "human", "1": "human"})
    t0 = bearer(tokens["0"])
    old = c.get(f"/api/games/{gid}/view", headers=t0).json()
    dice = [o["id"] for o in old["decision"]["options"] if o["kind"] == "dice"]
    v = c.post(f"/api/games/{gid}/actions", headers=t0,
               json={"action": dice[0], "after": old["seq"], "revision": old["revision"]}).json()
    assert v["seq"] == old["seq"] and v["revision"] == old["revision"] + 1
    v = c.post(f"/api/games/{gid}/undo", headers=t0).json()
    r = c.post(f"/api/games/{gid}/actions", headers=t0,
               json={"action": dice[1], "after": old["seq"], "revision": old["revision"]})
    assert r.status_code == 409 and error_code(r) == "state/stale", r.text
    assert c.get(f"/api/games/{gid}/view", headers=t0).json() == v
    r = c.post(f"/api/games/{gid}/actions", headers=t0,
               json={"action": dice[1], "after": v["seq"], "revision": v["revision"]})
    assert r.status_code == 200, r.text


def test_undo_after_a_bot_moved_is_refused_not_forbidden(client):
    """The seat's own token, but a bot has moved since: undo/refused (409), saying why."""
    gid, tokens = start(client, seats={"0": "human", "1": "random"})
    v = view(client, gid, tokens["0"])
    v = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                    json={"action": option(v, "pass")["id"], "after": v["seq"]}).json()
    steps = client.app.state.service.version(gid)[0]
    assert steps > 1 and v["decision"] is not None  # the bot played its turn: seat 0 again
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(tokens["0"]))
    assert r.status_code == 409 and error_code(r) == "undo/refused", r.text
    assert r.json()["error"]["message"] == (
        "cannot undo: seat 1 has moved since your last action"
    )
    assert client.app.state.service.version(gid)[0] == steps


def test_a_refused_undo_says_why_in_a_whole_sentence(client):
    gid, tokens = start(client, seats={"0": "human", "1": "human"})
    v = view(client, gid, tokens["0"])
    for kind in ("dice", "roll"):
        v = client.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                        json={"action": option(v, kind)["id"], "after": v["seq"]}).json()
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(tokens["0"]))
    assert r.json()["error"]["message"] == (
        "cannot undo: the last action rolled dice, drew cards or revealed something"
    )


def test_error_messages_name_the_problem_and_cut_echoes(client):
    """Malformed JSON, a long wrong token, an unknown id: messages say what is wrong, and
    what the client sent is echoed cut short."""
    r = client.post("/api/games", content=b'{"game": "pig",', headers={"content-type": "application/json"})
    assert r.status_code == 422 and error_code(r) == "request/invalid"
    assert r.json()["error"]["message"].startswith("the body is not valid JSON: "), r.text
    gid, tokens = start(client)
    r = client.get(f"/api/games/{gid}/view", headers=bearer("x" * 5000))
    assert r.status_code == 403 and error_code(r) == "seat/not-yours"
    assert r.json()["error"]["message"] == "this token is not a seat of this game"
    long_id = "g" * 5000
    r = client.get(f"/api/games/{long_id}/view")
    assert r.status_code == 404 and error_code(r) == "game/unknown"
    message = r.json()["error"]["message"]
    assert len(message) < 120 and "ggg…" in message, message
    r = client.get(f"/api/games/types/{long_id}/config")
    assert r.status_code == 404 and len(r.json()["error"]["message"]) < 400


def test_config_values_are_strict_json_types(client):
    """``config.players: "2"`` is a string, not a number: refused, as the seed and ids are."""
    r = client.post("/api/games", json={"game": "pig", "config": {"players": "2"}, "seats": {"0": "human"}})
    assert r.status_code == 422 and error_code(r) == "request/invalid", r.text
    assert "players" in r.json()["error"]["message"]
    r = client.post("/api/games", json={"game": "pig", "config": {"players": 2}, "seats": {"0": "human"}})
    assert r.status_code == 201, r.text
