"""The FastAPI application: the JSON API under ``/api`` and the browser client at ``/``.

Errors are answered as ``{"error": {"code": ..., "message": ...}}`` with a stable code
(``action/illegal``, ``seat/not-yours``, ``state/stale``, ``game/over``, ``game/unknown``,
``request/invalid``, ...), never a traceback. Request bodies are validated by pydantic and
capped at :data:`MAX_BODY` bytes.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, RootModel
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

import zedlab
from zedlab.core import make_config

from .service import HUMAN, OPEN, ApiError, Service, bot_hints, bot_kinds, echo
from .store import make_engine, migrate

__all__ = ["MAX_BODY", "create_app"]

MAX_BODY = 16 * 1024
STATIC = Path(__file__).parent / "static"
STREAM_POLL = 2.0
"""Seconds between a live stream's reads of its game's version when nothing wakes it:
moves made through this process wake it at once; this poll finds those made through
another process sharing the database."""
log = logging.getLogger("zedlab.web")


class NewGame(BaseModel):
    """A game to start."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(max_length=64, description="a registered game (GET /api/catalog)")
    config: dict[str, Any] = Field(default_factory=dict, max_length=64,
                                   description="the game's options")
    seed: int | None = Field(default=None, ge=0, lt=2**64)
    seats: dict[str, Annotated[str, Field(max_length=64)]] = Field(
        default_factory=dict, max_length=16,
        description='seat -> "human" (a token is returned), "open" (joined later from the '
        "lobby) or a bot kind; seats left out get the game's best bot",
    )


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    action: int = Field(ge=0, lt=2**31, description="the option's catalogue id")
    after: int = Field(ge=0, lt=2**31, description="the view's seq this move answers")
    revision: int | None = Field(
        default=None, ge=0, lt=2**31,
        description="the view's revision this move answers (optional; a move that emits no "
        "event leaves seq alone, so only the revision tells an older view)")


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int | None = Field(default=None, ge=0, lt=64)


class ErrorBody(BaseModel):
    code: str
    message: str


class Error(BaseModel):
    error: ErrorBody


ERRORS: dict[int | str, dict[str, Any]] = {
    s: {"model": Error} for s in (403, 404, 409, 410, 413, 422)
}


Auth = Annotated[str | None, Header(description="Bearer <seat token>")]


class View(BaseModel):
    """A seat's view (docs/view-schema.md) plus the game's id, title, revision (how many
    times the game was stored: a larger one is a newer view), seats, status, whether
    this seat may undo now, and ``picture``: the game's own table as its renderer draws it
    for this seat, as HTML (``null`` for a game without one), and ``board``: the game's SVG
    board for this seat (``null`` for a game without one); its elements with
    ``data-option="<id>"`` stand for the decision's options of those ids."""

    game: str
    rules_version: int
    seat: int | None
    to_move: int | None
    decision: dict[str, Any] | None
    public: dict[str, Any]
    private: dict[str, Any]
    seq: int
    outcome: dict[str, Any] | None
    id: str
    title: str
    revision: int
    seats: list[dict[str, Any]]
    status: str
    can_undo: bool
    picture: str | None = None
    board: str | None = None


class CardTexts(RootModel[dict[str, str]]):
    """Card name -> its short text, for every card of the game's content (``{}`` for a
    game without card texts)."""


class Created(BaseModel):
    id: str
    tokens: dict[str, str]


class Events(BaseModel):
    seq: int
    events: list[dict[str, Any]]


def config_fields(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The simple options of a game's Config JSON schema, for a form: one entry per field
    that is an integer, a number, a boolean, a string or a choice (``enum``/``Literal``),
    possibly unset (``null``); lists, tuples and nested models are left out. Each entry has
    ``name``, ``title``, ``description``, ``type`` (``integer``, ``number``, ``boolean``,
    ``string`` or ``choice``), ``default``, ``nullable`` and, where the schema says,
    ``minimum``/``maximum`` or ``choices``."""
    defs = schema.get("$defs", {})

    def resolve(node: dict[str, Any]) -> dict[str, Any]:
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return {**defs.get(ref.split("/")[-1], {}), **{k: v for k, v in node.items()
                                                         if k != "$ref"}}
        return node

    fields = []
    for name, raw in schema.get("properties", {}).items():
        prop = resolve(raw)
        nullable = False
        kinds = [resolve(k) for k in prop.get("anyOf", [])]
        if kinds:
            nullable = any(k.get("type") == "null" for k in kinds)
            rest = [k for k in kinds if k.get("type") != "null"]
            if len(rest) != 1:
                continue
            prop = {**prop, **rest[0]}
        if "const" in prop and "enum" not in prop:
            prop = {**prop, "enum": [prop["const"]]}
        field: dict[str, Any] = {
            "name": name, "title": prop.get("title", name),
            "description": prop.get("description", ""), "default": prop.get("default"),
            "nullable": nullable,
        }
        if "enum" in prop:
            field.update(type="choice", choices=list(prop["enum"]))
        elif prop.get("type") in ("integer", "number", "boolean", "string"):
            field["type"] = prop["type"]
            for bound in ("minimum", "maximum"):
                if bound in prop:
                    field[bound] = prop[bound]
        else:
            continue
        fields.append(field)
    return fields


def ok(data: Any, status: int = 200) -> Response:
    """``data`` as JSON, written straight out (views are JSON-safe already)."""
    body = json.dumps(data, separators=(",", ":")).encode()
    return Response(body, status_code=status, media_type="application/json")


def documented(model: type[BaseModel]) -> dict[int | str, dict[str, Any]]:
    return {200: {"model": model}, **ERRORS}


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _token(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise ApiError(403, "seat/not-yours", "the Authorization header is 'Bearer <token>'")
    if len(value) > 256:  # longer than any token: no seat's (not worth hashing)
        raise ApiError(403, "seat/not-yours", "this token is not a seat of this game")
    return value.strip()


class BodyCap:
    """ASGI middleware: a request body over ``limit`` bytes is refused (413)."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        total = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            total += len(message.get("body", b""))
            if total > self.limit:
                response = _error(413, "request/too-large",
                                  f"request bodies are at most {self.limit} bytes")
                await response(scope, receive, send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Any:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def create_app(db: str, service: Service | None = None, threads: int = 8,
               sqlite_sync: str = "normal") -> FastAPI:
    """The application on database URL ``db`` (migrated to the newest schema); see
    :func:`~zedlab.web.store.make_engine` for ``sqlite_sync``."""
    if service is None:
        engine = make_engine(db, sqlite_sync=sqlite_sync)
        migrate(engine)
        service = Service(engine)
    svc = service
    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # Few request threads: many threads fight the event loop's thread for the
        # interpreter lock, and responses wait behind them
        import anyio.to_thread

        anyio.to_thread.current_default_thread_limiter().total_tokens = threads
        yield

    app = FastAPI(
        lifespan=lifespan,
        title="ZedLab",
        version=zedlab.__version__,
        description="Play ZedLab's games in the browser: seats, bots, hidden information.",
    )
    app.state.service = svc

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return _error(exc.status, exc.code, exc.message)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        bad_json = next((e for e in exc.errors() if e.get("type") == "json_invalid"), None)
        if bad_json is not None:
            detail = (bad_json.get("ctx") or {}).get("error") or bad_json.get("msg")
            at = [p for p in bad_json.get("loc", ()) if p != "body"]
            where = f" (at character {at[0]})" if at else ""
            return _error(422, "request/invalid", f"the body is not valid JSON: {detail}{where}")
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}"
            for e in exc.errors()[:5]
        )
        return _error(422, "request/invalid", problems or "the request is not valid")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400:  # a body that is not JSON text: invalid like any other
            return _error(422, "request/invalid", f"the body is not valid JSON: {exc.detail}")
        code = {404: "request/not-found", 405: "request/method"}.get(exc.status_code,
                                                                    "request/invalid")
        response = _error(exc.status_code, code, str(exc.detail))
        response.headers.update(exc.headers or {})
        if exc.status_code == 405:  # every method of the path, not only one route's
            path = request.url.path
            methods = sorted({
                m for r in app.routes
                if isinstance(r, APIRoute) and r.path_regex.match(path) for m in r.methods
            })
            response.headers["Allow"] = ", ".join(methods)
        return response

    @app.exception_handler(Exception)
    async def _crash(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return _error(500, "server/error", "the server failed on this request; it is logged")

    @app.get("/api/catalog", summary="Games that can be played, their options and bots")
    def catalog() -> list[dict[str, Any]]:
        out = []
        for name in zedlab.games():
            try:
                game = zedlab.get(name)
                config = make_config(game)
            except Exception as exc:  # a game that does not load is listed as such
                out.append({"name": name, "playable": False, "why": str(exc)})
                continue
            why = svc.playable(name)
            out.append({
                "name": name, "title": getattr(game, "title", name),
                "seats": game.seats(config), "bots": bot_kinds(game),
                "kinds": [HUMAN, OPEN, *bot_kinds(game)], "bot_hints": bot_hints(game),
                "config": game.Config.model_json_schema(), "defaults": config.model_dump(mode="json"),
                "fields": config_fields(game.Config.model_json_schema()),
                "playable": why is None, "why": why,
            })
        return out

    @app.get("/api/games/types/{name}/config", responses=ERRORS,
             summary="A game's options: its Config's JSON schema, defaults and simple fields")
    def game_config(name: str) -> dict[str, Any]:
        if name not in zedlab.games():
            raise ApiError(404, "game/unknown",
                           f"no game {echo(name)}; games are " + ", ".join(zedlab.games()))
        try:
            game = zedlab.get(name)
            config = make_config(game)
        except Exception as exc:  # a game that does not load
            raise ApiError(422, "game/unsupported", str(exc)) from None
        schema = game.Config.model_json_schema()
        return {"name": name, "title": getattr(game, "title", name), "schema": schema,
                "defaults": config.model_dump(mode="json"), "fields": config_fields(schema)}

    @app.post("/api/games", status_code=201, responses={201: {"model": Created}, **ERRORS},
              summary="Start a game; one token per human seat")
    def new_game(body: NewGame) -> Response:
        return ok(svc.create(body.game, body.config, body.seed, body.seats), 201)

    @app.get("/api/games", summary="The lobby: games with open seats (or playing, or over)")
    def lobby(
        status: Annotated[str, Query(pattern="^(open|playing|over)$")] = "open",
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> list[dict[str, Any]]:
        return svc.lobby(status, limit)

    @app.get("/api/games/{game_id}/view", responses=documented(View),
             summary="The view of the token's seat, or the spectator view without a token")
    def view(game_id: str, authorization: Auth = None) -> Response:
        return ok(svc.view(game_id, _token(authorization)))

    @app.post("/api/games/{game_id}/actions", responses=documented(View),
              summary="Play an option by its catalogue id; bots answer; the new view")
    def act(game_id: str, body: Move, authorization: Auth = None) -> Response:
        return ok(svc.act(game_id, _token(authorization), body.action, body.after,
                          body.revision))

    @app.post("/api/games/{game_id}/undo", responses=documented(View),
              summary="Take back your last action (not across chance, not once the turn passed)")
    def undo(game_id: str, authorization: Auth = None) -> Response:
        return ok(svc.undo(game_id, _token(authorization)))

    @app.get("/api/games/{game_id}/events", responses=documented(Events),
             summary="The events after `since` the seat (or a spectator) may see")
    def events(
        game_id: str, since: Annotated[int, Query(ge=0, lt=2**31)] = 0,
        authorization: Auth = None,
    ) -> Response:
        return ok(svc.events(game_id, _token(authorization), since))

    @app.get("/api/games/{game_id}/texts", responses=documented(CardTexts),
             summary="Every card's name mapped to its short text (hover texts)")
    def texts(game_id: str) -> Response:
        return ok(svc.texts(game_id))

    @app.get("/api/games/{game_id}/record", responses=ERRORS,
             summary="The game's record, once it is over")
    def record(game_id: str) -> dict[str, Any]:
        return svc.record(game_id)

    @app.get("/api/games/{game_id}/replay", responses=ERRORS,
             summary="A finished game's spectator view after its first `step` steps")
    def replay(game_id: str, step: Annotated[int, Query(ge=0, lt=2**31)] = 0) -> dict[str, Any]:
        return svc.replay_view(game_id, step)

    @app.post("/api/games/{game_id}/join", responses=ERRORS,
              summary="Take an open seat; its token is returned")
    def join(game_id: str, body: Join | None = None) -> dict[str, Any]:
        return svc.join(game_id, None if body is None else body.seat)

    @app.get("/api/games/{game_id}/stream", responses=ERRORS,
             summary="Server-sent events: the seat's view and new events whenever the game moves")
    async def stream(
        request: Request, game_id: str,
        token: Annotated[str | None, Query(max_length=256)] = None,
        since: Annotated[int, Query(ge=0, lt=2**31)] = 0,
    ) -> StreamingResponse:
        # EventSource cannot send headers: the token comes in the query string
        await run_in_threadpool(svc.view, game_id, token)  # unknown game or bad token: error

        async def feed() -> Any:
            seen: tuple[int, int, int] | None = None
            last = since
            mark: str | None = None  # the steps the client's events came from
            loop = asyncio.get_running_loop()
            wake = asyncio.Event()
            unwatch = svc.watch(game_id, lambda: loop.call_soon_threadsafe(wake.set))
            try:
                while not svc.closing and not await request.is_disconnected():
                    wake.clear()  # before reading: a change committed after this wakes us again
                    version = await run_in_threadpool(svc.version, game_id)
                    if version != seen:
                        seen = version
                        update = await run_in_threadpool(svc.update, game_id, token, last, mark)
                        if mark is None and last == 0:
                            # every event from the start: a client connecting again (an
                            # EventSource does, after a drop) replaces the events it has,
                            # which an undo made while it was away may have changed
                            update["reset"] = True
                        last, mark = update["seq"], update.pop("mark")
                        data = json.dumps(update)
                        yield f"event: update\ndata: {data}\n\n"
                        if update["view"]["outcome"] is not None:
                            return
                    # this process's own changes wake the stream at once; another
                    # process's (sharing the database) are read at the next poll
                    with suppress(TimeoutError):
                        await asyncio.wait_for(wake.wait(), STREAM_POLL)
            finally:
                unwatch()

        return StreamingResponse(feed(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.add_middleware(BodyCap, limit=MAX_BODY)
    return app


