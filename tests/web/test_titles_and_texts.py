"""Game titles in the API's answers (lobby, views) and the card texts of a game
(``GET /api/games/{id}/texts``, from ``Game.card_texts``)."""

from __future__ import annotations

from .conftest import bearer, error_code, start


def test_views_and_the_lobby_name_the_game_by_its_title(sqlite_client):
    c = sqlite_client
    gid, tokens = start(c, game="secret-pig", seats={"0": "human", "1": "open"})
    assert c.get(f"/api/games/{gid}/view").json()["title"] == "Secret Pig"
    assert c.get(f"/api/games/{gid}/view", headers=bearer(tokens["0"])).json()["title"] \
        == "Secret Pig"
    lobby = c.get("/api/games?status=open").json()
    assert [(g["id"], g["game"], g["title"]) for g in lobby] == [(gid, "secret-pig", "Secret Pig")]
    catalog = {g["name"]: g["title"] for g in c.get("/api/catalog").json()}
    assert catalog["dont-look-back"] == "The Walking Dead: Don't Look Back"


def test_card_texts_of_a_game(sqlite_client):
    c = sqlite_client
    gid, _ = start(c, game="secret-pig")
    r = c.get(f"/api/games/{gid}/texts")
    assert r.status_code == 200
    assert r.json() == {"bonus card": "Face down until drawn: worth 0 to 3 points when you hold.",
                        "Pass": "Give the turn away without rolling."}
    gid, _ = start(c, game="pig")
    assert c.get(f"/api/games/{gid}/texts").json() == {}  # a game without card texts
    r = c.get("/api/games/nope/texts")
    assert r.status_code == 404 and error_code(r) == "game/unknown"


def test_the_page_has_a_favicon(sqlite_client):
    c = sqlite_client
    page = c.get("/").text
    assert '<link rel="icon" href="/static/favicon.svg"' in page
    icon = c.get("/static/favicon.svg")
    assert icon.status_code == 200 and icon.text.startswith("<svg")
    assert c.get("/favicon.ico").headers["content-type"] == "image/svg+xml"
