"""The live channel (``GET /api/games/{id}/stream``) against hostile use: undos between
two of its reads, many streams at once, clients that go away."""

from __future__ import annotations

from typing import Any

from .conftest import bearer, start


def _mover(client: Any, gid: str, tokens: dict[str, str]) -> tuple[dict[str, Any], str]:
    for token in tokens.values():
        v = client.get(f"/api/games/{gid}/view", headers=bearer(token)).json()
        if v["decision"] and v["decision"].get("options"):
            return v, token
    raise AssertionError("no seat is to move")


def test_an_undo_and_a_new_move_between_two_updates_reset_the_events(sqlite_client):
    """Survive Alive: a build is undone and another build made before the live channel
    reads again; the game is back at the same event number with another event there, so
    the update must be a reset (all the events), not an empty page that leaves the client
    showing the undone build."""
    client = sqlite_client
    svc = client.app.state.service
    gid, tokens = start(client, game="survive-alive", seats={"0": "human", "1": "human"})
    for _ in range(40):  # the first undoable action that makes an event: a build
        v, token = _mover(client, gid, tokens)
        r = client.post(f"/api/games/{gid}/actions", headers=bearer(token),
                        json={"action": v["decision"]["options"][0]["id"], "after": v["seq"]})
        assert r.status_code == 200, r.text
        if r.json()["seq"] > v["seq"] and r.json()["can_undo"]:
            break
    sent = svc.update(gid, token, 0)
    built = sent["events"][-1]
    assert built["kind"] == "built", built
    assert client.post(f"/api/games/{gid}/undo", headers=bearer(token)).status_code == 200
    other = next(o for o in v["decision"]["options"][1:] if o["kind"] == "build")
    r = client.post(f"/api/games/{gid}/actions", headers=bearer(token),
                    json={"action": other["id"], "after": v["seq"]})
    assert r.status_code == 200 and r.json()["seq"] == sent["seq"], r.text
    update = svc.update(gid, token, sent["seq"], sent["mark"])
    assert update.get("reset") is True
    assert update["events"][-1]["kind"] == "built" and update["events"][-1] != built
    # with nothing undone, the next update is a page of new events only
    again = svc.update(gid, token, update["seq"], update["mark"])
    assert "reset" not in again and again["events"] == []


def test_the_server_stops_on_sigterm_with_streams_open(served):
    """``zedlab serve`` stopped (SIGTERM) while clients hold live streams open: the streams
    end and the process exits at once, instead of waiting forever for the clients."""
    import subprocess
    import threading

    import httpx

    server = served()
    r = server.http.post("/api/games", json={"game": "pig", "seed": 3,
                                             "seats": {"0": "human", "1": "human"}})
    gid, tokens = r.json()["id"], r.json()["tokens"]
    first = threading.Barrier(6)
    ended: list[str] = []

    def watch() -> None:
        url = f"{server.url}/api/games/{gid}/stream?token={tokens['1']}"
        with httpx.Client(timeout=60) as c, c.stream("GET", url) as stream:
            for line in stream.iter_lines():
                if line.startswith("data: "):
                    first.wait(timeout=30)
        ended.append("ended")

    readers = [threading.Thread(target=watch, daemon=True) for _ in range(5)]
    for t in readers:
        t.start()
    first.wait(timeout=30)  # every stream has sent its first update
    server.proc.terminate()
    try:
        server.proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        raise AssertionError("the server was still running 15 s after SIGTERM") from None
    for t in readers:
        t.join(timeout=15)
    assert ended == ["ended"] * 5


def test_many_streams_dropped_mid_stream_leave_no_watcher(tmp_path):
    """Sixty live streams on three games, their clients going away after their first
    update: the service holds no watcher afterwards, and the server still answers."""
    import socket
    import threading

    import httpx
    import uvicorn

    from zedlab.web.app import create_app

    from .conftest import wait_until

    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}")
    svc = app.state.service
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    runner = threading.Thread(target=server.run, daemon=True)
    runner.start()
    try:
        assert wait_until(lambda: server.started, timeout=30)
        base = f"http://127.0.0.1:{port}"
        http = httpx.Client(base_url=base, timeout=30)
        games = []
        for seed in range(3):
            r = http.post("/api/games", json={"game": "pig", "seed": seed,
                                              "seats": {"0": "human", "1": "human"}})
            games.append((r.json()["id"], r.json()["tokens"]["1"]))
        opened = threading.Barrier(61)
        drop = threading.Event()

        def watch(gid: str, token: str) -> None:
            with httpx.Client(base_url=base, timeout=30) as c, \
                    c.stream("GET", f"/api/games/{gid}/stream?token={token}") as stream:
                for line in stream.iter_lines():
                    if line.startswith("data: "):
                        opened.wait(timeout=30)
                        drop.wait(timeout=30)
                        return  # the client goes away in the middle of the stream

        readers = [threading.Thread(target=watch, args=games[k % 3], daemon=True)
                   for k in range(60)]
        for t in readers:
            t.start()
        opened.wait(timeout=30)
        assert sum(len(w) for w in svc._watchers.values()) == 60
        drop.set()
        for t in readers:
            t.join(timeout=30)
        assert wait_until(lambda: not svc._watchers, timeout=15), svc._watchers
        assert http.get("/api/catalog").status_code == 200
        http.close()
    finally:
        server.should_exit = True
        runner.join(timeout=30)


def test_a_stream_opened_from_the_start_replaces_the_clients_events(served):
    """A browser's EventSource connects again after a drop with ``since=0``; an undo and a
    new move made meanwhile can leave the same event numbers with other events, so the
    stream's first update from the start is a reset: the client replaces its log instead
    of skipping the numbers it already has."""
    server = served()
    r = server.http.post("/api/games", json={"game": "pig", "seed": 3,
                                             "seats": {"0": "human", "1": "human"}})
    gid, tokens = r.json()["id"], r.json()["tokens"]
    import json

    import httpx

    url = f"{server.url}/api/games/{gid}/stream?token={tokens['1']}&since=0"
    with httpx.Client(timeout=30) as c, c.stream("GET", url) as stream:
        first = next(json.loads(line[6:]) for line in stream.iter_lines()
                     if line.startswith("data: "))
    assert first["reset"] is True and "mark" not in first
