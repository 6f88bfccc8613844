"""Two server processes on one database: a write made on a game that the other process
changed after it was read is refused (``state/stale``), never stored over the change."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from zedlab.web.app import create_app
from zedlab.web.service import Service
from zedlab.web.store import make_engine, migrate

from .conftest import bearer, error_code, start


class UndoingMidMove(Service):
    """A service during whose next move (once its own memory has the move) the other
    process takes back that seat's last action: the moment two processes race."""

    other: TestClient
    game: tuple[str, str] | None = None

    def _run_bots(self, match: Any, seats: list[str], bots: dict[int, Any]) -> None:
        if self.game is not None:
            gid, token = self.game
            self.game = None
            r = self.other.post(f"/api/games/{gid}/undo", headers=bearer(token))
            assert r.status_code == 200, r.text
        super()._run_bots(match, seats, bots)


def test_a_move_racing_an_undo_in_another_process_is_stale(tmp_path):
    url = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    engine = make_engine(url)
    migrate(engine)
    racing = UndoingMidMove(engine)
    with TestClient(create_app(url), raise_server_exceptions=False) as other, \
            TestClient(create_app(url, service=racing), raise_server_exceptions=False) as one:
        racing.other = other
        gid, tokens = start(one, seats={"0": "human", "1": "human"}, seed=5)
        t0 = bearer(tokens["0"])
        v = one.get(f"/api/games/{gid}/view", headers=t0).json()
        dice = [o for o in v["decision"]["options"] if o["kind"] == "dice"][0]
        v = one.post(f"/api/games/{gid}/actions", headers=t0,
                     json={"action": dice["id"], "after": v["seq"]}).json()
        assert other.get(f"/api/games/{gid}/view", headers=t0).json()["can_undo"]
        roll = [o for o in v["decision"]["options"] if o["kind"] == "roll"][0]
        racing.game = (gid, tokens["0"])  # the other process undoes the dice choice now
        r = one.post(f"/api/games/{gid}/actions", headers=t0,
                     json={"action": roll["id"], "after": v["seq"]})
        assert r.status_code == 409 and error_code(r) == "state/stale", r.text
        # both processes, and a third started afresh, see the game with the undo only
        for client in (one, other):
            v = client.get(f"/api/games/{gid}/view", headers=t0).json()
            assert v["decision"]["kind"] == "choose-dice" and v["revision"] == 3, v
        with TestClient(create_app(url), raise_server_exceptions=False) as third:
            r = third.get(f"/api/games/{gid}/view", headers=t0)
            assert r.status_code == 200 and r.json()["decision"]["kind"] == "choose-dice", r.text
    engine.dispose()
