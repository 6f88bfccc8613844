"""Snapshots: a stored game is loaded from its newest usable snapshot, replaying only the
steps after it; a damaged or mismatching snapshot is logged and passed over (an older one,
or the whole record, is replayed instead); undo takes back a snapshot of the undone step.

A restart is a new service on the same database (nothing kept in memory)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select, update

from zedlab.web.app import create_app
from zedlab.web.service import Service, _digest
from zedlab.web.store import SnapshotRow, make_engine, migrate

from .conftest import bearer, start

EVERY = 5


@contextmanager
def server(url: str, every: int = EVERY) -> Iterator[TestClient]:
    engine = make_engine(url)
    migrate(engine)
    app = create_app(url, service=Service(engine, snapshot_every=every))
    try:
        with TestClient(app, raise_server_exceptions=False) as c:
            yield c
    finally:
        engine.dispose()
        app.state.service.writer.engine.dispose()


def service(client: TestClient) -> Service:
    return client.app.state.service  # type: ignore[attr-defined,no-any-return]


def play(client: TestClient, gid: str, tokens: dict[str, str], moves: int) -> dict[str, Any]:
    """``moves`` actions by the seats to move: two dice, roll twice, then hold."""
    v: dict[str, Any] = {}
    for _ in range(moves):
        v = client.get(f"/api/games/{gid}/view").json()
        token = tokens[str(v["to_move"])]
        v = client.get(f"/api/games/{gid}/view", headers=bearer(token)).json()
        kinds = {o["kind"]: o for o in v["decision"]["options"]}
        rolled = v["public"].get("turn_total", 0) > 0
        pick = kinds.get("dice") or (kinds["hold"] if rolled and "hold" in kinds else kinds["roll"])
        if pick["kind"] == "dice":
            pick = [o for o in v["decision"]["options"] if o["kind"] == "dice"][-1]
        r = client.post(f"/api/games/{gid}/actions", headers=bearer(token),
                        json={"action": pick["id"], "after": v["seq"]})
        assert r.status_code == 200, r.text
        v = r.json()
        if v["outcome"] is not None:
            break
    return v


def everything(client: TestClient, gid: str, tokens: dict[str, str]) -> list[Any]:
    """Every seat's and the spectator's view and events."""
    out = []
    for token in [None, *tokens.values()]:
        headers = bearer(token) if token else {}
        out.append(client.get(f"/api/games/{gid}/view", headers=headers).json())
        out.append(client.get(f"/api/games/{gid}/events", headers=headers).json())
    return out


def snapshots(client: TestClient, gid: str) -> list[SnapshotRow]:
    with service(client).session() as s:
        return list(s.scalars(select(SnapshotRow).where(SnapshotRow.game_id == gid)
                              .order_by(SnapshotRow.idx)))


def game_with_snapshots(url: str, moves: int = 17) -> tuple[str, dict[str, str], list[Any], int]:
    with server(url) as one:
        gid, tokens = start(one, seats={"0": "human", "1": "human"}, seed=11,
                            config={"target": 200})
        play(one, gid, tokens, moves)
        before = everything(one, gid, tokens)
        steps = len(service(one)._live[gid].match.steps)
        assert [s.idx for s in snapshots(one, gid)] == [5, 10, 15]
    return gid, tokens, before, steps


def test_a_restart_loads_from_the_newest_snapshot(db_url):
    """The view and events after a restart are those before it, and only the steps after
    the newest snapshot are replayed."""
    gid, tokens, before, steps = game_with_snapshots(db_url)
    with server(db_url) as two:
        assert everything(two, gid, tokens) == before
        assert service(two).stats == {"from_snapshot": 1, "replayed": steps - 15}
        # the game goes on from there, snapshots following on
        v = play(two, gid, tokens, 20 - steps)
        assert len(service(two)._live[gid].match.steps) == 20, (steps, v["outcome"])
        assert [s.idx for s in snapshots(two, gid)] == [5, 10, 15, 20]
        after = everything(two, gid, tokens)
    with server(db_url, every=1000) as three:
        assert everything(three, gid, tokens) == after
        assert service(three).stats == {"from_snapshot": 1, "replayed": 0}


def test_without_snapshots_the_whole_record_is_replayed(db_url):
    gid, tokens, before, steps = game_with_snapshots(db_url)
    with server(db_url) as two:
        with service(two).session() as s:
            s.query(SnapshotRow).delete()
            s.commit()
    with server(db_url) as three:
        assert everything(three, gid, tokens) == before
        assert service(three).stats == {"from_start": 1, "replayed": steps}


def _damage(url: str, idx: int, **values: Any) -> None:
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(update(SnapshotRow).where(SnapshotRow.idx == idx).values(**values))
    engine.dispose()


def test_a_damaged_snapshot_is_logged_and_an_older_one_used(db_url, caplog):
    gid, tokens, before, steps = game_with_snapshots(db_url)
    _damage(db_url, 15, state=b"\x00 not a state")
    with caplog.at_level(logging.WARNING, logger="zedlab.web"), server(db_url) as two:
        assert everything(two, gid, tokens) == before
        assert service(two).stats == {"from_snapshot": 1, "replayed": steps - 10}
    assert f"game {gid}: snapshot at step 15 ignored (its digest does not match" in caplog.text
    caplog.clear()
    _damage(db_url, 5, events=b"[]")  # the first: every later one follows it, so none is used
    with caplog.at_level(logging.WARNING, logger="zedlab.web"), server(db_url) as three:
        assert everything(three, gid, tokens) == before
        assert service(three).stats == {"from_start": 1, "replayed": steps}
        # the next move is a snapshot (none is trusted), and the unusable ones are gone
        play(three, gid, tokens, 1)
        assert [s.idx for s in snapshots(three, gid)] == [steps + 1]
    assert "snapshot at step 5 ignored" in caplog.text


def _forge(url: str, idx: int, game_id: str | None = None, **values: Any) -> None:
    """Change a snapshot (of game ``game_id``, or of the only game) and give it a digest
    that matches (a snapshot that is whole but not of this game's record)."""
    engine = make_engine(url)
    where = [SnapshotRow.idx == idx]
    if game_id is not None:
        where.append(SnapshotRow.game_id == game_id)
    with engine.begin() as conn:
        row = conn.execute(select(SnapshotRow).where(*where)).one()._asdict()
        row.update(values)
        row["digest"] = _digest(row["game_id"], row["idx"], row["rules_version"],
                                row["seq_from"], row["seq"], bytes(row["state"]),
                                bytes(row["events"]))
        conn.execute(update(SnapshotRow).where(*where).values(**row))
    engine.dispose()


def test_a_snapshot_that_does_not_fit_the_record_is_passed_over(db_url, caplog):
    gid, tokens, before, steps = game_with_snapshots(db_url)
    with server(db_url) as one:
        older = snapshots(one, gid)[0].state  # the state after 5 steps
    _forge(db_url, 15, state=older)
    with caplog.at_level(logging.WARNING, logger="zedlab.web"), server(db_url) as two:
        assert everything(two, gid, tokens) == before
        assert service(two).stats == {"from_snapshot": 1, "replayed": steps - 10}
    assert "snapshot at step 15 ignored (its state is not at event" in caplog.text
    caplog.clear()
    _forge(db_url, 10, rules_version=0)  # made by other rules: it and the later ones
    with caplog.at_level(logging.WARNING, logger="zedlab.web"), server(db_url) as three:
        assert everything(three, gid, tokens) == before
        assert service(three).stats == {"from_snapshot": 1, "replayed": steps - 5}
    assert "snapshot at step 10 ignored (made with rules v0" in caplog.text


def test_undo_takes_back_the_snapshot_of_the_undone_step(db_url):
    with server(db_url, every=1) as one:
        gid, tokens = start(one, seats={"0": "human", "1": "human"}, seed=5)
        t0 = tokens["0"]
        v = one.get(f"/api/games/{gid}/view", headers=bearer(t0)).json()
        dice = [o for o in v["decision"]["options"] if o["kind"] == "dice"]
        one.post(f"/api/games/{gid}/actions", headers=bearer(t0),
                 json={"action": dice[0]["id"], "after": v["seq"]})
        assert [s.idx for s in snapshots(one, gid)] == [1]
        r = one.post(f"/api/games/{gid}/undo", headers=bearer(t0))
        assert r.status_code == 200, r.text
        assert snapshots(one, gid) == []
        r = one.post(f"/api/games/{gid}/actions", headers=bearer(t0),
                     json={"action": dice[1]["id"], "after": r.json()["seq"]})
        assert r.status_code == 200, r.text
        assert [s.idx for s in snapshots(one, gid)] == [1]
        before = everything(one, gid, tokens)
    with server(db_url, every=1) as two:
        assert everything(two, gid, tokens) == before
        assert service(two).stats == {"from_snapshot": 1, "replayed": 0}
        assert before[2]["decision"]["kind"] == "roll-or-hold"


def test_a_snapshot_of_another_game_is_passed_over(db_url, caplog):
    """A snapshot row copied over from another game (whole, its digest its own) is not
    this game's: the game is rebuilt without it, as it was (here the newest step's
    snapshot: no later step replays from it)."""
    gid, tokens, before, steps = game_with_snapshots(db_url, moves=15)
    assert steps == 15
    with server(db_url) as one:
        other, other_tokens = start(one, seats={"0": "human", "1": "human"}, seed=12,
                                    config={"target": 200})
        play(one, other, other_tokens, 15)
        theirs = {s.idx: s for s in snapshots(one, other)}[15]
        copied = {k: getattr(theirs, k) for k in ("rules_version", "seq_from", "seq", "state",
                                                  "events", "digest")}
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(update(SnapshotRow).where(SnapshotRow.game_id == gid,
                                               SnapshotRow.idx == 15).values(**copied))
    engine.dispose()
    with caplog.at_level(logging.WARNING, logger="zedlab.web"), server(db_url) as two:
        assert everything(two, gid, tokens) == before
        assert service(two).stats == {"from_snapshot": 1, "replayed": steps - 10}
    assert f"game {gid}: snapshot at step 15 ignored (its digest does not match" in caplog.text
    # the same copy given this game's digest: the game it rebuilds is not the stored one
    caplog.clear()
    _forge(db_url, 15, gid, **{k: copied[k] for k in ("seq", "state", "events")})
    with caplog.at_level(logging.WARNING, logger="zedlab.web"), server(db_url) as three:
        assert everything(three, gid, tokens) == before
        assert service(three).stats == {"from_snapshot": 1, "replayed": steps - 10}
    assert f"game {gid}: snapshot at step 15 ignored (the game rebuilt from it ends at" in caplog.text
