"""The web games: creating, loading, playing, undoing, joining; bots move themselves.

Every change is committed to the database before it is answered. A game in play is also
kept in memory (its :class:`~zedlab.core.Match`) so a move does not replay the record; the
database's step count is checked on every request, so a game changed elsewhere (another
server process on the same database, or a restart) is rebuilt from its record: from its
newest snapshot that checks out (the state every :data:`SNAPSHOT_EVERY` steps or so), then
the steps played after it; from its first step if no snapshot is usable.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import msgspec
from pydantic import ValidationError
from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

import zedlab
from zedlab.bots import choose, kinds, make, parse_spec
from zedlab.core import (
    RNG,
    Action,
    ConfigError,
    ContentError,
    IllegalAction,
    Match,
    Record,
    RecordError,
    Step,
    make_config,
    seed_for,
)
from zedlab.core.events import Event

from .store import ActionRow, GameRow, SeatRow, SnapshotRow
from .writer import Writer

__all__ = ["ApiError", "HUMAN", "OPEN", "SNAPSHOT_EVERY", "WEB_BOTS", "Service", "bot_hints", "bot_kinds"]

log = logging.getLogger("zedlab.web")

HUMAN = "human"
OPEN = "open"
"""A human seat nobody has taken yet: joined from the lobby."""
CACHE_GAMES = 2000
SNAPSHOT_EVERY = 25
"""A game's state is stored again once this many steps were played since its last snapshot."""
_EVENTS = msgspec.json.Encoder()
WEB_BOTS = {"ismcts": "ismcts:iters=1000,seconds=1"}
"""The spec a seat of a bot kind that takes a budget plays by here (a kind not listed plays
by its bare name). A move is answered after the bots that follow it have played, so a search
is bounded in time: whichever of its iterations or its seconds runs out first."""


def bot_kinds(game: Any) -> list[str]:
    """The bot kinds a seat of ``game`` may be: the game's own and the generic ones
    (:func:`zedlab.bots.kinds`)."""
    return list(kinds(game))


def bot_hints(game: Any) -> dict[str, str]:
    """Kind -> what a seat of that kind does here, for the kinds played with a budget
    (:data:`WEB_BOTS`): ``"ismcts bot: searches ahead for at most 1 s a move (up to 1000
    iterations)"``."""
    out = {}
    for kind in bot_kinds(game):
        spec = WEB_BOTS.get(kind)
        if spec is None:
            continue
        params = parse_spec(spec)[1]
        hint = f"{kind} bot: searches ahead"
        if "seconds" in params:
            hint += f" for at most {params['seconds']} s a move"
        if "iters" in params:
            hint += f" (up to {params['iters']} iterations)"
        out[kind] = hint
    return out


class ApiError(Exception):
    """An error the API answers with: a stable ``code``, an HTTP ``status``, a message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def bot_rng(seed: int, seat: int, step: int) -> RNG:
    """The generator of the bot in ``seat`` at the game's ``step``-th action (the same
    derivation as the terminal's, so a game replays alike on both)."""
    return RNG.from_seed(seed_for(seed, "bot", seat, step))


class Live:
    """A game held in memory: its match, its bots (one per bot seat, made when first
    needed), the ``(step, seq)`` of its stored snapshots that are trusted, oldest first,
    its revision, and a lock serialising everything done to it."""

    __slots__ = ("match", "lock", "bots", "snaps", "revision")

    def __init__(self, match: Match, bots: dict[int, Any] | None = None,
                 snaps: list[tuple[int, int]] | None = None, revision: int = 0) -> None:
        self.match = match
        self.revision = revision
        """How many times the game was stored (moves and undos): the view's ``revision``."""
        self.lock = threading.Lock()
        self.bots: dict[int, Any] = {} if bots is None else bots
        self.snaps: list[tuple[int, int]] = [] if snaps is None else snaps

    @property
    def last_snap(self) -> tuple[int, int]:
        """``(step, seq)`` of the newest trusted snapshot; ``(0, 0)``: none (the start)."""
        return self.snaps[-1] if self.snaps else (0, 0)


def _digest(game_id: str, idx: int, rules_version: int, seq_from: int, seq: int,
            state: bytes, events: bytes) -> str:
    """The SHA-256 of a snapshot's contents and of the game it belongs to (so a snapshot
    copied from another game does not check out)."""
    head = f"{game_id}:{idx}:{rules_version}:{seq_from}:{seq}:{len(state)}:".encode()
    return hashlib.sha256(head + state + events).hexdigest()


class StaleWrite(Exception):
    """A game changed in the database (by another process) since it was read."""


class SnapshotUnusable(Exception):
    """A stored snapshot that is damaged or does not fit the game's record."""


def status_of(match: Match, seats: list[str]) -> str:
    if match.over:
        return "over"
    return "open" if OPEN in seats else "playing"


class Service:
    """The web games behind the API, stored through ``engine``."""

    def __init__(self, engine: Engine, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.engine = engine
        self._live: OrderedDict[str, Live] = OrderedDict()
        self._guard = threading.Lock()
        self.writer = Writer(engine)
        self.snapshot_every = snapshot_every
        self._texts: dict[tuple[str, int, str | None], dict[str, str]] = {}
        self._watchers: dict[str, set[Callable[[], None]]] = {}
        self.closing = False
        """Set when the server stops: live streams end (:meth:`close_streams`)."""
        self.stats: Counter[str] = Counter()
        """Loads of stored games: ``from_snapshot`` and ``from_start`` (how many were
        rebuilt each way), ``replayed`` (steps replayed doing it)."""

    # -- changes ---------------------------------------------------------------------------
    def watch(self, game_id: str, wake: Callable[[], None]) -> Callable[[], None]:
        """Call ``wake()`` (on the writing thread: it must only hand over, as
        ``loop.call_soon_threadsafe`` does) each time this process commits a change to game
        ``game_id`` (a move, an undo, a seat taken). Returns the function that stops it.
        Changes written by other processes sharing the database are not seen: a watcher
        also reads :meth:`version` now and then."""
        with self._guard:
            self._watchers.setdefault(game_id, set()).add(wake)

        def unwatch() -> None:
            with self._guard:
                waiting = self._watchers.get(game_id)
                if waiting is not None:
                    waiting.discard(wake)
                    if not waiting:
                        del self._watchers[game_id]

        return unwatch

    def close_streams(self) -> None:
        """The server is stopping: every live stream ends (:attr:`closing` is set and every
        watcher woken, so none keeps the server waiting for its client to go)."""
        with self._guard:
            self.closing = True
            waiting = [wake for wakes in self._watchers.values() for wake in wakes]
        for wake in waiting:
            try:
                wake()
            except RuntimeError:  # its event loop closed: that stream is gone, the move stands
                continue

    def _changed(self, game_id: str) -> None:
        with self._guard:
            waiting = list(self._watchers.get(game_id, ()))
        for wake in waiting:
            wake()

    # -- helpers ---------------------------------------------------------------------------
    @contextmanager
    def session(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session:
            yield session

    def playable(self, name: str) -> str | None:
        """Why game ``name`` cannot be played on the web, or ``None`` if it can."""
        game = zedlab.get(name)
        try:
            game.action_space(make_config(game))
        except NotImplementedError:
            return f"{name} has no action catalogue yet, so its options have no ids"
        return None

    def _run_bots(self, match: Match, seats: list[str], bots: dict[int, Any]) -> None:
        """Let bots play while a bot seat decides (``bots``: the game's bots by seat)."""
        while not match.over:
            decision = match.decision
            assert decision is not None
            kind = seats[decision.player]
            if kind in (HUMAN, OPEN):
                return
            bot = bots.get(decision.player)
            if bot is None:
                bot = bots[decision.player] = make(match.game, WEB_BOTS.get(kind, kind))
            rng = bot_rng(match.seed, decision.player, len(match.steps))
            action = choose(bot, match.infoset(), rng)
            match.play(action)

    def _get_row(self, session: Session, game_id: str) -> GameRow:
        row = session.get(GameRow, game_id) if len(game_id) <= 32 else None
        if row is None:
            raise ApiError(404, "game/unknown", f"no game has the id {echo(game_id)}")
        return row

    def _live_for(self, session: Session, row: GameRow) -> Live:
        """The game in memory, rebuilt from its record when it is not the database's.

        Checked under the game's lock: a move is played and committed under it, so memory
        and database differ only when another process moved the game (or after a restart).
        """
        with self._guard:
            live = self._live.get(row.id)
            if live is not None:
                self._live.move_to_end(row.id)
        if live is None:
            match, snaps = self._load(session, row)
            with self._guard:
                live = self._live.setdefault(row.id, Live(match, snaps=snaps,
                                                          revision=row.revision))
                while len(self._live) > CACHE_GAMES:
                    self._live.popitem(last=False)
        with live.lock:
            if live.revision != row.revision:
                session.refresh(row)
                if live.revision != row.revision:
                    live.match, live.snaps = self._load(session, row)
                    live.revision = row.revision
        return live

    def _load(self, session: Session, row: GameRow) -> tuple[Match, list[tuple[int, int]]]:
        """The game rebuilt from its stored record, from its newest usable snapshot on;
        with the ``(step, seq)`` of the snapshots trusted (oldest first).

        A snapshot is used only if it and every one before it check out (digest, rules
        version, events numbered on from the one before) and the record's later steps
        replay from it exactly; any other is logged and passed over.
        """
        actions = session.scalars(
            select(ActionRow).where(ActionRow.game_id == row.id).order_by(ActionRow.idx)
        ).all()
        steps = [
            Step(a.player, Action.from_json({"kind": a.kind, "value": a.value}), a.chance)
            for a in actions
        ]
        record = Record(game=row.game, rules_version=row.rules_version, config=row.config,
                        seed=int(row.seed), steps=steps)
        game = zedlab.get(row.game)
        chain: list[tuple[SnapshotRow, int]] = []  # each with the number of events up to it
        events: list[Event] = []
        seq = 0
        snapshots = session.scalars(
            select(SnapshotRow).where(SnapshotRow.game_id == row.id).order_by(SnapshotRow.idx)
        ).all()
        for snap in snapshots:
            try:
                events.extend(_check_snapshot(snap, game.rules_version, seq, len(steps)))
            except SnapshotUnusable as exc:
                log.warning("game %s: snapshot at step %d ignored (%s)", row.id, snap.idx, exc)
                break
            seq = snap.seq
            chain.append((snap, len(events)))
        while chain:
            snap, count = chain[-1]
            try:
                match = _resume(game, record, snap, events[:count])
                if match.seq != row.seq:
                    raise SnapshotUnusable(f"the game rebuilt from it ends at event {match.seq}, "
                                           f"the stored game at event {row.seq}")
            except SnapshotUnusable as exc:
                log.warning("game %s: snapshot at step %d ignored (%s)", row.id, snap.idx, exc)
                chain.pop()
                continue
            self.stats["from_snapshot"] += 1
            self.stats["replayed"] += len(steps) - snap.idx
            return match, [(s.idx, s.seq) for s, _ in chain]
        try:
            match = Match.replay(record, game)
        except RecordError as exc:
            raise ApiError(500, "game/damaged", f"game {row.id} does not replay: {exc}") from None
        self.stats["from_start"] += 1
        self.stats["replayed"] += len(steps)
        return match, []

    def _forget(self, game_id: str) -> None:
        with self._guard:
            self._live.pop(game_id, None)

    def seat_of(self, session: Session, game_id: str, token: str | None) -> int | None:
        """The seat ``token`` opens in the game (``None`` for no token).

        Raises:
            ApiError: seat/not-yours (403) for a token of no seat of this game.
        """
        if token is None:
            return None
        digest = _hash(token)
        found = None
        for seat in session.scalars(select(SeatRow).where(SeatRow.game_id == game_id)):
            if hmac.compare_digest(digest, seat.token_hash):
                found = seat.seat
        if found is None:
            raise ApiError(403, "seat/not-yours", "this token is not a seat of this game")
        return found

    def _save(self, session: Session, game_id: str, seats: list[str], live: Live,
              first: int, undone: int | None = None,
              before: Callable[[Any], None] | None = None) -> None:
        """Store the steps from ``first`` on (after deleting step ``undone``), a snapshot
        if :attr:`snapshot_every` steps were played since the last one, and the game's new
        status; return once committed. ``before`` (a new game's rows) is written first,
        in the same commit.

        Raises:
            IntegrityError: if a step of that number is already stored (another writer).
            StaleWrite: if the stored game is no longer at the revision ``live`` has.
        """
        match = live.match
        revision = live.revision
        rows = []
        for idx, step in enumerate(match.steps[first:], start=first):
            rows.append({
                "game_id": game_id, "idx": idx, "player": step.player,
                "kind": step.action.kind, "value": step.action.to_json()["value"],
                "label": step.action.label[:500], "chance": step.chance,
            })
        outcome = match.outcome
        status = {
            "steps": len(match.steps), "seq": match.seq, "status": status_of(match, seats),
            "outcome": None if outcome is None else outcome.to_json(), "updated": _now(),
            "revision": GameRow.revision + 1,
        }

        if undone is not None:
            live.snaps = [s for s in live.snaps if s[0] <= len(match.steps)]
        trusted, seq_from = live.last_snap
        snap = None
        if len(match.steps) - trusted >= self.snapshot_every:
            snap = snapshot_row(game_id, match, seq_from)

        def write(conn: Any) -> None:
            if before is not None:
                before(conn)
            if undone is not None:
                conn.execute(delete(ActionRow).where(
                    ActionRow.game_id == game_id, ActionRow.idx == undone))
            if undone is not None or snap is not None:
                # snapshots past the trusted ones are stale (undone) or were found unusable
                conn.execute(delete(SnapshotRow).where(
                    SnapshotRow.game_id == game_id, SnapshotRow.idx > trusted))
            if rows:
                conn.execute(insert(ActionRow), rows)
            if snap is not None:
                conn.execute(insert(SnapshotRow), [snap])
            # only over the revision this game was read at: another process may have
            # moved or undone it since (its steps then are not the ones built on here)
            done = conn.execute(update(GameRow).where(
                GameRow.id == game_id, GameRow.revision == revision).values(**status))
            if done.rowcount != 1:
                raise StaleWrite(f"game {game_id} changed since revision {revision}")

        self.writer.run(write, session)
        live.revision += 1
        if snap is not None:
            live.snaps.append((snap["idx"], snap["seq"]))
        self._changed(game_id)

    # -- API operations --------------------------------------------------------------------
    def create(
        self, name: str, config: dict[str, Any], seed: int | None, seats: dict[str, str]
    ) -> dict[str, Any]:
        try:
            game = zedlab.get(name)
        except ConfigError as exc:
            raise ApiError(422, "request/invalid", str(exc)) from None
        why = self.playable(name)
        if why is not None:
            raise ApiError(422, "game/unsupported", why)
        try:
            strict_config(game, config)
            match = Match.new(game, config, seed=seed)
        except (ConfigError, ContentError) as exc:
            raise ApiError(422, "request/invalid", str(exc)) from None
        count = game.seats(match.config)
        bots = bot_kinds(game)
        allowed = [HUMAN, OPEN, *bots]
        wanted: list[str] = []
        for key in seats:
            if not (key.isascii() and key.isdigit()) or key != str(int(key)) or int(key) >= count:
                raise ApiError(422, "request/invalid",
                               f"seat {key!r} does not exist; seats are 0-{count - 1}")
        for seat in range(count):
            kind = seats.get(str(seat))
            if kind is None:
                kind = "heuristic" if "heuristic" in bots else bots[0]
            if kind not in allowed:
                raise ApiError(422, "request/invalid",
                               f"seat {seat}: {kind!r} is not a seat kind; kinds are "
                               + ", ".join(allowed))
            wanted.append(kind)
        if HUMAN not in wanted and OPEN not in wanted:
            raise ApiError(422, "request/invalid",
                           "every seat is a bot: a game here needs a person's seat (human or "
                           "open); bot-only games are for zedlab simulate")
        tokens = {str(s): secrets.token_urlsafe(24) for s, k in enumerate(wanted) if k == HUMAN}
        live = Live(match)
        self._run_bots(match, wanted, live.bots)
        game_id = secrets.token_urlsafe(12)
        outcome = match.outcome
        game_row = {
            "id": game_id, "game": game.name, "rules_version": game.rules_version,
            "config": match.config.model_dump(mode="json"), "seed": str(match.seed),
            "seats": wanted, "status": status_of(match, wanted), "steps": 0, "seq": 0,
            "revision": 0,
            "outcome": None if outcome is None else outcome.to_json(),
        }
        seat_rows = [{"game_id": game_id, "seat": int(s), "token_hash": _hash(t)}
                     for s, t in tokens.items()]

        def write(conn: Any) -> None:
            conn.execute(insert(GameRow), [game_row])
            if seat_rows:
                conn.execute(insert(SeatRow), seat_rows)

        with self.session() as session:  # the game and its first steps: one commit
            self._save(session, game_id, wanted, live, 0, before=write)
        with self._guard:
            self._live[game_id] = live
        return {"id": game_id, "tokens": tokens}

    def view(self, game_id: str, token: str | None) -> dict[str, Any]:
        with self.session() as session:
            row = self._get_row(session, game_id)
            seat = self.seat_of(session, game_id, token)
            live = self._live_for(session, row)
            with live.lock:
                return self._view(row, live.match, seat, live.revision)

    def _view(self, row: GameRow, match: Match, seat: int | None,
              revision: int) -> dict[str, Any]:
        view = match.view(seat)
        view["revision"] = revision
        decision = view["decision"]
        if decision is not None:
            groups = match.game.option_groups(match.state, match.decision)  # type: ignore[attr-defined]
            decision["groups"] = None if groups is None else [list(g) for g in groups]
        view["id"] = row.id
        view["title"] = str(getattr(match.game, "title", match.game.name))
        view["seats"] = [{"seat": i, "kind": k} for i, k in enumerate(row.seats)]
        view["status"] = status_of(match, row.seats)
        view["can_undo"] = (
            seat is not None and match.undo_blocker() is None
            and match.steps[-1].player == seat
        )
        view["picture"] = picture(match, seat)
        view["board"] = board(match, view, seat)
        return view

    def act(self, game_id: str, token: str | None, action_id: int, after: int,
            revision: int | None = None) -> dict[str, Any]:
        with self.session() as session:
            row = self._get_row(session, game_id)
            if token is None:
                raise ApiError(403, "seat/not-yours",
                               "playing needs the seat's token (Authorization: Bearer ...)")
            seat = self.seat_of(session, game_id, token)
            live = self._live_for(session, row)
            with live.lock:
                match = live.match
                if match.over:
                    raise ApiError(410, "game/over", "the game is over; no action can be played")
                if after != match.seq:
                    raise ApiError(409, "state/stale",
                                   f"the game has moved on: the last event is {match.seq}, "
                                   f"not {after}; fetch the view again")
                if revision is not None and revision != live.revision:
                    raise ApiError(409, "state/stale",
                                   f"the game has moved on: it is at revision {live.revision}, "
                                   f"not {revision}; fetch the view again")
                decision = match.decision
                assert decision is not None
                if decision.player != seat:
                    raise ApiError(403, "seat/not-yours",
                                   f"seat {decision.player} decides now, not seat {seat}")
                space = match.game.action_space(match.config)
                try:
                    action = space.action(action_id)
                except IllegalAction as exc:
                    raise ApiError(422, "action/illegal", str(exc)) from None
                if action not in decision.options:
                    raise ApiError(422, "action/illegal",
                                   f"action {action_id} ({action.kind} {action.value!r}) is not "
                                   f"one of the options of {decision.kind}; options are "
                                   + ", ".join(str(space.id(a)) for a in decision.options))
                first = len(match.steps)
                try:
                    match.play(action)
                    self._run_bots(match, row.seats, live.bots)
                    self._save(session, row.id, row.seats, live, first)
                except (IntegrityError, StaleWrite):
                    self._forget(game_id)
                    raise ApiError(409, "state/stale",
                                   "another move was stored first; fetch the view again") from None
                except BaseException:
                    self._forget(game_id)
                    raise
                return self._view(row, match, seat, live.revision)

    def undo(self, game_id: str, token: str | None) -> dict[str, Any]:
        with self.session() as session:
            row = self._get_row(session, game_id)
            if token is None:
                raise ApiError(403, "seat/not-yours", "undo needs the seat's token")
            seat = self.seat_of(session, game_id, token)
            live = self._live_for(session, row)
            with live.lock:
                match = live.match
                if match.over:
                    raise ApiError(410, "game/over", "the game is over; nothing can be undone")
                steps = match.steps
                if steps and steps[-1].player != seat:  # the seat's own token, refused
                    raise ApiError(409, "undo/refused", f"cannot undo: seat {steps[-1].player} "
                                   "has moved since your last action")
                reason = match.undo_blocker()
                if reason is not None:
                    raise ApiError(409, "undo/refused", reason)
                try:
                    match.undo()
                    self._save(session, row.id, row.seats, live, len(match.steps),
                               undone=len(steps) - 1)
                except (IntegrityError, StaleWrite):
                    self._forget(game_id)
                    raise ApiError(409, "state/stale", "the game was changed elsewhere first; "
                                   "fetch the view again") from None
                except BaseException:
                    self._forget(game_id)
                    raise
                return self._view(row, match, seat, live.revision)

    def update(self, game_id: str, token: str | None, since: int,
               mark: str | None = None) -> dict[str, Any]:
        """The live channel's message: ``{view, seq, events, mark}`` (and ``reset: True``
        when an undo took the game back before ``since``: the events are then all of
        them), read from one state of the game, so the events end where the view stands.

        ``mark``: the ``mark`` of the previous update the client was sent. An undo followed
        by new moves between two updates can bring the game past ``since`` again with other
        events; the mark (the steps played then) shows it, and the update is a reset.

        Raises:
            ApiError: an unknown game or a token of no seat (as :meth:`view`)."""
        with self.session() as session:
            row = self._get_row(session, game_id)
            seat = self.seat_of(session, game_id, token)
            live = self._live_for(session, row)
            with live.lock:
                match = live.match
                view = self._view(row, match, seat, live.revision)
                now = steps_mark(match)
                # an undo took events back, or took steps back and other moves followed
                if view["seq"] < since or (mark is not None and not _mark_holds(match, mark)):
                    return {"view": view, **event_page(match, seat, 0), "mark": now, "reset": True}
                return {"view": view, **event_page(match, seat, since), "mark": now}

    def events(self, game_id: str, token: str | None, since: int) -> dict[str, Any]:
        with self.session() as session:
            row = self._get_row(session, game_id)
            seat = self.seat_of(session, game_id, token)
            live = self._live_for(session, row)
            with live.lock:
                return event_page(live.match, seat, since)

    def _finished(self, game_id: str, what: str) -> tuple[GameRow, Match]:
        """The stored row and the match of a game that is over, for ``what`` needs one.

        Raises:
            ApiError: game/unknown (404); game/not-over (409) while it is played.
        """
        with self.session() as session:
            row = self._get_row(session, game_id)
            live = self._live_for(session, row)
            with live.lock:
                match = live.match
        if not match.over:  # a finished game never changes again: no lock needed after
            raise ApiError(409, "game/not-over", f"{what} once the game is over")
        return row, match

    def record(self, game_id: str) -> dict[str, Any]:
        _row, match = self._finished(game_id, "the record is given")
        return match.record.to_json()

    def replay_view(self, game_id: str, step: int) -> dict[str, Any]:
        """The spectator view after the first ``step`` steps of a finished game."""
        row, match = self._finished(game_id, "a game is replayed")
        record = match.record
        if step > len(record.steps):
            raise ApiError(422, "request/invalid",
                           f"step {step} is past the game's {len(record.steps)} steps")
        return self._view(row, Match.replay(record, match.game, upto=step), None, step)

    def join(self, game_id: str, seat: int | None) -> dict[str, Any]:
        with self.session() as session:
            row = self._get_row(session, game_id)
            live = self._live_for(session, row)
            with live.lock:
                session.refresh(row)
                seats = list(row.seats)
                free = [i for i, k in enumerate(seats) if k == OPEN]
                if live.match.over:
                    raise ApiError(410, "game/over", "the game is over; no seat can be taken")
                if seat is None:
                    if not free:
                        raise ApiError(409, "seat/taken", "every seat of this game is taken")
                    seat = free[0]
                elif seat not in free:
                    raise ApiError(409, "seat/taken",
                                   f"seat {seat} is not open; open seats: {free or 'none'}")
                seats[seat] = HUMAN
                token = secrets.token_urlsafe(24)
                status = status_of(live.match, seats)

                def write(conn: Any) -> None:
                    conn.execute(update(GameRow).where(GameRow.id == game_id)
                                 .values(seats=seats, status=status))
                    conn.execute(insert(SeatRow), [{"game_id": game_id, "seat": seat,
                                                    "token_hash": _hash(token)}])

                try:
                    self.writer.run(write, session)
                except IntegrityError:
                    raise ApiError(409, "seat/taken", f"seat {seat} was just taken") from None
                row.seats = seats
                self._changed(game_id)
                return {"seat": seat, "token": token}

    def lobby(self, status: str, limit: int) -> list[dict[str, Any]]:
        with self.session() as session:
            rows = session.scalars(
                select(GameRow).where(GameRow.status == status)
                .order_by(GameRow.created.desc()).limit(limit)
            ).all()
            return [
                {
                    "id": r.id, "game": r.game, "title": title_of(r.game), "status": r.status,
                    "steps": r.steps,
                    "seats": [{"seat": i, "kind": k} for i, k in enumerate(r.seats)],
                    "open_seats": [i for i, k in enumerate(r.seats) if k == OPEN],
                    "created": r.created.isoformat() if r.created else None,
                }
                for r in rows
            ]

    def texts(self, game_id: str) -> dict[str, str]:
        """Every card's name mapped to its short text (``Game.card_texts``) for the game's
        content; ``{}`` for a game without card texts."""
        with self.session() as session:
            row = self._get_row(session, game_id)
            live = self._live_for(session, row)
            with live.lock:
                match = live.match
        key = (match.game.name, match.game.rules_version,
               getattr(match.content, "digest", None))
        texts = self._texts.get(key)
        if texts is None:
            texts = self._texts[key] = dict(match.game.card_texts(match.content))
        return texts

    def version(self, game_id: str) -> tuple[int, int, int]:
        """``(steps, seq)`` of the stored game: changes whenever the game does."""
        with self.session() as session:
            row = self._get_row(session, game_id)
            return row.steps, row.seq, row.revision


ECHO = 40
"""How much of a client's text (an id, a name) an error message repeats."""


def echo(text: str) -> str:
    """``text`` quoted for an error message, cut after :data:`ECHO` characters."""
    return repr(text if len(text) <= ECHO else text[:ECHO] + "…")


def strict_config(game: Any, config: dict[str, Any]) -> None:
    """Check a client's ``config`` with JSON's own types (``"2"`` is not the number 2), as
    the other fields of a request are.

    Raises:
        ConfigError: naming the option and the type it takes.
    """
    try:
        game.Config.model_validate_json(json.dumps(config), strict=True)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'config'}: {e['msg']}" for e in exc.errors()[:5]
        )
        raise ConfigError(f"{game.name}: invalid config: {problems}") from None


def snapshot_row(game_id: str, match: Match, seq_from: int) -> dict[str, Any]:
    """The ``snapshots`` row of ``match`` now: its encoded state and the events after
    ``seq_from`` (the previous snapshot's last event)."""
    idx, seq = len(match.steps), match.seq
    state = match.game.encode(match.state)
    # every seat's events, not a seat's selection: Match keeps them in order of seq
    events = _EVENTS.encode([e for e in match._events if e.seq > seq_from])
    rules = match.game.rules_version
    return {"game_id": game_id, "idx": idx, "rules_version": rules, "seq_from": seq_from,
            "seq": seq, "state": state, "events": events,
            "digest": _digest(game_id, idx, rules, seq_from, seq, state, events)}


def _check_snapshot(snap: SnapshotRow, rules_version: int, seq_from: int,
                    steps: int) -> list[Event]:
    """The events ``snap`` holds, once it is checked to follow a snapshot ending at event
    ``seq_from`` in a game of ``steps`` steps on rules ``rules_version``.

    Raises:
        SnapshotUnusable: saying what does not check out.
    """
    if snap.digest != _digest(snap.game_id, snap.idx, snap.rules_version, snap.seq_from, snap.seq,
                              bytes(snap.state), bytes(snap.events)):
        raise SnapshotUnusable("its digest does not match its contents")
    if snap.rules_version != rules_version:
        raise SnapshotUnusable(f"made with rules v{snap.rules_version}, "
                               f"the game is now v{rules_version}")
    if snap.seq_from != seq_from:
        raise SnapshotUnusable(f"its events follow event {snap.seq_from}, "
                               f"the snapshot before ends at {seq_from}")
    if not 0 < snap.idx <= steps:
        raise SnapshotUnusable(f"it is of step {snap.idx}; the record has {steps} steps")
    try:
        events = msgspec.json.decode(bytes(snap.events), type=list[Event])
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise SnapshotUnusable(f"its events do not decode: {exc}") from None
    numbers = [e.seq for e in events]
    if numbers != list(range(seq_from + 1, snap.seq + 1)):
        raise SnapshotUnusable(f"its events are not numbered {seq_from + 1} to {snap.seq}")
    return events


def _resume(game: Any, record: Record, snap: SnapshotRow, events: list[Event]) -> Match:
    """The match of ``record`` rebuilt from ``snap`` (its state after ``snap.idx`` steps,
    ``events`` all the events up to it), then the record's later steps played on it,
    each checked as :meth:`Match.replay` checks them.

    Raises:
        SnapshotUnusable: if the state does not decode or the steps do not replay from it.
    """
    try:
        config = make_config(game, record.config)
        pack = game.load_content(None)
        state = game.decode(bytes(snap.state))
        match = Match(game, config, record.seed, state, pack)
    except (RecordError, ConfigError, ContentError, ValueError, TypeError) as exc:
        raise SnapshotUnusable(f"its state does not load: {exc}") from None
    if match.seq != 0 or getattr(state, "seq", snap.seq) != snap.seq:
        raise SnapshotUnusable(f"its state is not at event {snap.seq}")
    match._events = events
    steps = record.steps
    match._steps = [(s.player, s.action, s.chance) for s in steps[:snap.idx]]
    for i in range(snap.idx, len(steps)):
        step = steps[i]
        decision = match.decision
        if decision is None or decision.player != step.player:
            raise SnapshotUnusable(f"step {i} of the record is not seat {step.player}'s "
                                   "to play from it")
        try:
            match.play(step.action)
        except IllegalAction as exc:
            raise SnapshotUnusable(f"step {i} of the record does not replay from it: "
                                   f"{exc}") from None
        if match._steps[-1][2] != step.chance:
            raise SnapshotUnusable(f"step {i}: chance differs from the record")
    return match


def title_of(name: str) -> str:
    """A registered game's printed title (its registry name if it cannot be loaded)."""
    try:
        return str(getattr(zedlab.get(name), "title", name))
    except ConfigError:
        return name


def steps_mark(match: Match, upto: int | None = None) -> str:
    """A mark of the first ``upto`` steps played (all of them by default): ``"n:digest"``,
    the same for the same steps, so a later state can tell whether those steps still
    stand (no undo took them back)."""
    steps = match._steps if upto is None else match._steps[:upto]
    digest = hashlib.sha256()
    for player, action, chance in steps:
        digest.update(repr((player, action.kind, action.value, chance)).encode())
    return f"{len(steps)}:{digest.hexdigest()[:32]}"


def _mark_holds(match: Match, mark: str) -> bool:
    """Whether the steps ``mark`` (of :func:`steps_mark`) stands for are still the first
    steps of ``match``."""
    count, _, _ = mark.partition(":")
    if not count.isdigit() or int(count) > len(match._steps):
        return False
    return steps_mark(match, int(count)) == mark


def event_page(match: Match, seat: int | None, since: int) -> dict[str, Any]:
    """The events after ``since`` that ``seat`` may see, with their text."""
    text = match.game.event_text
    events = []
    for e in match.events(seat, since):
        try:
            line = text(e, seat)
        except (KeyError, IndexError, ValueError):
            line = e.kind
        events.append({"seq": e.seq, "kind": e.kind, "args": e.to_json()["args"], "text": line})
    return {"seq": match.seq, "events": events}


def _now() -> Any:
    from datetime import UTC, datetime

    return datetime.now(UTC)


_HTML_FRAME = '<pre class="picture">{code}</pre>'
_DRAWERS: dict[tuple[type, Any], Any] = {}


def _drawer(game: Any, find: Any) -> Any:
    """``find(game)`` (the registry's ``renderer`` or ``board_svg``), looked up once per
    game class: for a game without one, each look-up is an import that fails, searching
    the path under the interpreter's import lock, and every view would pay it."""
    key = (type(game), find)
    if key not in _DRAWERS:
        _DRAWERS[key] = find(game)
    return _DRAWERS[key]


def board(match: Match, view: dict[str, Any], seat: int | None) -> str | None:
    """The game's SVG board for ``seat``, drawn from ``view`` (``match.view(seat)``: the
    seat's own view in the schema shape, decision options with their catalogue ids) by the
    game's ``svg`` module (:func:`zedlab.core.registry.board_svg`); ``None`` for a game
    without one or if drawing fails (the page then shows the terminal picture).
    """
    from zedlab.core.registry import board_svg

    draw = _drawer(match.game, board_svg)
    if draw is None:
        return None
    try:
        return str(draw(view, seat))
    except Exception:  # noqa: BLE001 - a drawing bug must not break the page
        return None


def picture(match: Match, seat: int | None) -> str | None:
    """The game's own table, as its terminal renderer draws it for ``seat``, as HTML (Rich's
    export: text escaped, colours as inline styles); ``None`` for a game without a renderer
    or if drawing fails (the page then shows the view's data only).

    It is drawn from the seat's own view, so it shows nothing the seat may not see.
    """
    from zedlab.core.registry import renderer

    draw = _drawer(match.game, renderer)
    if draw is None:
        return None
    import io

    from rich.console import Console

    console = Console(record=True, width=100, file=io.StringIO(), color_system="truecolor")
    try:
        console.print(draw(match.game_view(seat), seat))
    except Exception:  # noqa: BLE001 - a drawing bug must not break the page
        return None
    return console.export_html(inline_styles=True, code_format=_HTML_FRAME)
