"""Durability: ``zedlab serve`` as a real process, killed with SIGKILL mid-game and started
again on the same SQLite file, has every move it acknowledged and the game goes on. Also the
live channel (server-sent events) of a running server."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from .conftest import bearer, start


@pytest.mark.parametrize("sync", ["full", "normal"])
def test_acknowledged_moves_survive_a_kill(served, sync):
    server = served("--sqlite-sync", sync)
    r = server.http.post("/api/games", json={"game": "pig", "seed": 3,
                                             "seats": {"0": "human", "1": "human"}})
    assert r.status_code == 201
    gid, tokens = r.json()["id"], r.json()["tokens"]
    acknowledged = []
    v = server.http.get(f"/api/games/{gid}/view", headers=bearer(tokens["0"])).json()
    for _ in range(12):
        seat = v["to_move"]
        token = tokens[str(seat)]
        v = server.http.get(f"/api/games/{gid}/view", headers=bearer(token)).json()
        opts = v["decision"]["options"]
        pick = next((o for o in opts if o["kind"] == "roll"), opts[0])
        r = server.http.post(f"/api/games/{gid}/actions", headers=bearer(token),
                             json={"action": pick["id"], "after": v["seq"]})
        assert r.status_code == 200, r.text
        v = r.json()
        acknowledged.append(pick["id"])
        if v["outcome"] is not None:
            break
    last = server.http.get(f"/api/games/{gid}/view").json()
    server.kill()  # no shutdown: SIGKILL straight after the last acknowledged move

    server = served("--sqlite-sync", sync)
    again = server.http.get(f"/api/games/{gid}/view").json()
    assert again == last
    record_steps = server.http.get(f"/api/games/{gid}/events").json()["seq"]
    assert record_steps == last["seq"]
    # the game continues to the end on the restarted server
    v = again
    while v["outcome"] is None:
        token = tokens[str(v["to_move"])]
        v = server.http.get(f"/api/games/{gid}/view", headers=bearer(token)).json()
        opts = v["decision"]["options"]
        pick = next((o for o in opts if o["kind"] == "hold"), opts[0])
        r = server.http.post(f"/api/games/{gid}/actions", headers=bearer(token),
                             json={"action": pick["id"], "after": v["seq"]})
        assert r.status_code == 200, r.text
        v = r.json()
    record = server.http.get(f"/api/games/{gid}/record").json()
    ids = [s["action"] for s in record["steps"]][: len(acknowledged)]
    import zedlab

    space = zedlab.get("pig").action_space(zedlab.make("pig").config)
    from zedlab.core import Action

    assert [space.id(Action(a["kind"], a["value"])) for a in ids] == acknowledged


def updates(stream: httpx.Response) -> Any:
    """A function giving the next ``update`` message of a server-sent event stream."""
    lines = stream.iter_lines()

    def next_update() -> dict[str, Any]:
        for line in lines:
            if line.startswith("data: "):
                return json.loads(line[6:])
        raise AssertionError("the stream ended")

    return next_update


def test_the_live_channel_pushes_each_move(served):
    server = served()
    r = server.http.post("/api/games", json={"game": "pig", "seed": 3,
                                             "seats": {"0": "human", "1": "human"}})
    gid, tokens = r.json()["id"], r.json()["tokens"]
    url = f"/api/games/{gid}/stream?token={tokens['1']}"
    with httpx.Client(base_url=server.url, timeout=30) as watcher, \
            watcher.stream("GET", url) as stream:
        assert stream.status_code == 200
        next_update = updates(stream)

        first = next_update()
        assert first["view"]["seat"] == 1 and first["view"]["to_move"] == 0
        v = server.http.get(f"/api/games/{gid}/view", headers=bearer(tokens["0"])).json()
        dice = next(o for o in v["decision"]["options"] if o["kind"] == "dice")
        server.http.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                         json={"action": dice["id"], "after": v["seq"]})
        roll = 2  # Pig's catalogue: dice 1, dice 2, roll, hold, pass
        server.http.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                         json={"action": roll, "after": v["seq"]})
        update = next_update()
        while update["view"]["seq"] == 0:
            update = next_update()
        assert update["events"] and update["events"][0]["kind"] == "roll"
        assert update["view"]["seat"] == 1
    r = server.http.get(f"/api/games/{gid}/stream?token=wrong")
    assert r.status_code == 403 and r.json()["error"]["code"] == "seat/not-yours"


def test_serve_names_a_database_it_cannot_use(tmp_path):
    import subprocess
    import sys

    for url, said in [("nonsense", "Could not parse"),
                      (f"sqlite:///{tmp_path / 'file'}/sub/x.db", "cannot be used")]:
        (tmp_path / "file").write_text("a file, not a folder")
        done = subprocess.run([sys.executable, "-m", "zedlab", "serve", "--db", url],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2, done.stderr
        assert said in done.stderr and "Traceback" not in done.stderr


def test_serve_names_a_file_that_is_not_a_database(tmp_path):
    """A --db file that is not SQLite (damaged, or the wrong file) is named in one line,
    exit status 2, not a traceback; the file is left as it was."""
    import subprocess
    import sys

    bad = tmp_path / "games.sqlite3"
    content = b"these bytes are not a SQLite database " * 200
    bad.write_bytes(content)
    done = subprocess.run([sys.executable, "-m", "zedlab", "serve", "--db", f"sqlite:///{bad}",
                           "--port", "0"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "cannot be used" in done.stderr and "not a database" in done.stderr
    assert "Traceback" not in done.stderr
    assert bad.read_bytes() == content


def test_a_new_game_is_stored_in_one_commit(tmp_path):
    """Creating a game stores its row, its seats and the steps its bots play before the
    first person decides in one commit: a server killed between two commits had left a
    game with no steps whose bot seat decides next, which no request ever moves (the
    person joining it waits forever)."""
    from sqlalchemy import event, select

    from zedlab.web.service import Service
    from zedlab.web.store import ActionRow, GameRow, make_engine, migrate

    engine = make_engine(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    migrate(engine)
    svc = Service(engine)
    commits: list[int] = []
    event.listen(svc.writer.engine, "commit", lambda _conn: commits.append(1))
    made = svc.create("pig", {}, 3, {"0": "random", "1": "open"})  # the bot moves first
    assert len(commits) == 1
    with engine.connect() as conn:
        row = conn.execute(select(GameRow).where(GameRow.id == made["id"])).one()
        steps = conn.execute(select(ActionRow).where(ActionRow.game_id == made["id"])).all()
    assert row.steps == len(steps) > 0 and row.revision == 1
    engine.dispose()
    svc.writer.engine.dispose()


def test_a_change_wakes_the_games_watchers_and_no_other(sqlite_client):
    """The live channel is woken by this process's own commits (a move, an undo, a seat
    taken), only for the game that changed, until it stops watching."""
    svc = sqlite_client.app.state.service
    gid, tokens = start(sqlite_client, seats={"0": "human", "1": "open"})
    other, _ = start(sqlite_client)
    woken: list[str] = []
    unwatch = svc.watch(gid, lambda: woken.append("gid"))
    svc.watch(other, lambda: woken.append("other"))
    assert sqlite_client.post(f"/api/games/{gid}/join", json={"seat": 1}).status_code == 200
    assert woken == ["gid"]
    v = sqlite_client.get(f"/api/games/{gid}/view", headers=bearer(tokens["0"])).json()
    r = sqlite_client.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                           json={"action": v["decision"]["options"][0]["id"], "after": v["seq"]})
    assert r.status_code == 200, r.text
    assert woken == ["gid", "gid"]
    unwatch()
    r = sqlite_client.post(f"/api/games/{gid}/undo", headers=bearer(tokens["0"]))
    assert r.status_code == 200, r.text
    assert woken == ["gid", "gid"]


def test_the_live_channel_sees_a_move_made_through_another_process(served):
    """Two server processes on one database: a stream opened on the first gets the move
    posted to the second (read at its poll, as no commit of its own process wakes it)."""
    first, second = served(), served()
    r = first.http.post("/api/games", json={"game": "pig", "seed": 3,
                                            "seats": {"0": "human", "1": "human"}})
    gid, tokens = r.json()["id"], r.json()["tokens"]
    url = f"/api/games/{gid}/stream?token={tokens['1']}"
    with httpx.Client(base_url=first.url, timeout=30) as watcher, \
            watcher.stream("GET", url) as stream:
        next_update = updates(stream)

        assert next_update()["view"]["seq"] == 0
        v = second.http.get(f"/api/games/{gid}/view", headers=bearer(tokens["0"])).json()
        dice = next(o for o in v["decision"]["options"] if o["kind"] == "dice")
        for action in (dice["id"], 2):  # Pig's catalogue: dice 1, dice 2, roll, hold, pass
            r = second.http.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                                 json={"action": action, "after": v["seq"]})
            assert r.status_code == 200, r.text
        update = next_update()
        while update["view"]["seq"] == 0:
            update = next_update()
        assert update["view"]["seq"] > 0 and update["events"][0]["kind"] == "roll"


def test_a_live_update_is_read_from_one_state_of_the_game(sqlite_client):
    """The live channel's message: its events end where its view stands (read together
    while moves are being made in other threads)."""
    import threading

    svc = sqlite_client.app.state.service
    gid, tokens = start(sqlite_client, seats={"0": "human", "1": "random"}, seed=5)
    done = threading.Event()
    seen: list[tuple[int, int]] = []

    def read() -> None:
        last = 0
        while not done.is_set():
            update = svc.update(gid, tokens["0"], last)
            seen.append((update["view"]["seq"], update["seq"]))
            last = update["seq"]

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for _ in range(30):
            v = sqlite_client.get(f"/api/games/{gid}/view", headers=bearer(tokens["0"])).json()
            if v["outcome"] is not None:
                break
            sqlite_client.post(f"/api/games/{gid}/actions", headers=bearer(tokens["0"]),
                               json={"action": v["decision"]["options"][-1]["id"], "after": v["seq"]})
    finally:
        done.set()
        reader.join()
    assert len({seq for _, seq in seen}) > 2 and all(view == seq for view, seq in seen)
