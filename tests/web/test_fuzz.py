"""Arbitrary JSON bodies, paths and headers never make the API fail with a 500 or answer an
error outside the ``{"error": {"code", "message"}}`` shape."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import start

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
bodies = json_values | st.fixed_dictionaries(
    {}, optional={"game": st.sampled_from(["pig", "secret-pig", "nope"]) | st.text(max_size=5),
                  "config": json_values, "seed": json_values, "seats": json_values,
                  "action": json_values, "after": json_values, "seat": json_values})


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory):
    from fastapi.testclient import TestClient

    from zedlab.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'web.sqlite3'}")
    with TestClient(app, raise_server_exceptions=False) as c:
        gid, tokens = start(c, seats={"0": "human", "1": "open"})
        yield c, gid, tokens["0"]
    app.state.service.engine.dispose()


def _check(r):
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        body = r.json()
        assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=bodies, path=st.sampled_from(["/api/games", "actions", "join", "undo"]),
       token=st.none() | st.just("own") | st.text(max_size=30))
def test_no_body_makes_a_server_error(fuzz_client, body, path, token):
    client, gid, own = fuzz_client
    url = path if path.startswith("/") else f"/api/games/{gid}/{path}"
    headers = {}
    if token is not None:
        value = own if token == "own" else token
        if value.isascii() and value.isprintable():
            headers["Authorization"] = f"Bearer {value}"
    _check(client.post(url, json=body, headers=headers))


@given(game_id=st.text(max_size=40), since=st.text(max_size=12), step=st.text(max_size=12))
def test_no_path_or_query_makes_a_server_error(fuzz_client, game_id, since, step):
    client = fuzz_client[0]
    from urllib.parse import quote

    gid = quote(game_id, safe="") or "x"
    for url in (f"/api/games/{gid}/view", f"/api/games/{gid}/events?since={quote(since)}",
                f"/api/games/{gid}/replay?step={quote(step)}", f"/api/games/{gid}/record",
                f"/api/games?status={quote(since)}"):
        _check(client.get(url))


@pytest.mark.parametrize("raw", [b'{"game": "pig", "seed": Infinity}',
                                 b'{"game": "pig", "config": {"target": NaN}}',
                                 b'{"game": "pig", "seats": {"0": "human"}, "seed": 1e400}'])
def test_non_finite_numbers_are_refused(fuzz_client, raw):
    r = fuzz_client[0].post("/api/games", content=raw,
                            headers={"content-type": "application/json"})
    _check(r)
    assert r.status_code == 422
