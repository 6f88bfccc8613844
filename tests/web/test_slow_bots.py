"""A slow bot seat (ismcts, up to 1 s a move) must not hold up other games: a move is
answered after the bots that follow it, under the game's lock; requests for that game
(reloads, other tabs) wait on the lock in the server's few request threads, and once
they fill them every other game's requests wait too."""

from __future__ import annotations

import threading
import time

import httpx
import pytest

from .conftest import bearer


@pytest.mark.xfail(strict=True, reason="known: requests waiting on a thinking bot's game fill "
                   "the request threads (8), so other games wait for that game's bots")
def test_reloads_of_a_game_whose_bots_think_do_not_stall_other_games(served):
    server = served()
    http = server.http
    made = http.post("/api/games", json={
        "game": "dont-look-back", "seed": 3, "config": {"players": 4},
        "seats": {"0": "human", "1": "ismcts", "2": "ismcts", "3": "ismcts"}}).json()
    gid, auth = made["id"], bearer(made["tokens"]["0"])
    other = http.post("/api/games", json={
        "game": "survive-alive", "seed": 1, "seats": {"0": "human", "1": "random"}}).json()
    other_auth = bearer(other["tokens"]["0"])
    worst = 0.0
    for _ in range(2):  # two moves show it; each waits for three thinking bots
        view = http.get(f"/api/games/{gid}/view", headers=auth).json()
        if view["decision"] is None:
            break
        done = threading.Event()

        def act(view=view, done=done):
            try:
                httpx.post(f"{server.url}/api/games/{gid}/actions", headers=auth, timeout=300, json={
                    "action": view["decision"]["options"][-1]["id"], "after": view["seq"]})
            finally:
                done.set()

        def reload():
            httpx.get(f"{server.url}/api/games/{gid}/view", headers=auth, timeout=300)

        threads = [threading.Thread(target=act)]
        threads[0].start()
        time.sleep(0.1)
        threads += [threading.Thread(target=reload) for _ in range(10)]  # tabs reloading
        for t in threads[1:]:
            t.start()
        time.sleep(1.0)  # the reloads are waiting
        busy = not done.is_set()
        start = time.monotonic()
        assert http.get(f"/api/games/{other['id']}/view", headers=other_auth).status_code == 200
        if busy:
            worst = max(worst, time.monotonic() - start)
        for t in threads:
            t.join()
    server.kill()
    assert worst < 1.0, f"another game's view waited {worst:.1f} s for this game's bots"
