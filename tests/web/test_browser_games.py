"""The browser client in Chromium (Playwright) with the real games.

- Two people in two browser contexts play a whole 2-player Don't Look Back game by
  clicking, the second joining by the invite link. Don't Look Back hides the order of the
  Search deck and which Locations are still face down in the stack, from every seat: no
  page ever holds them, and a page shows option buttons only to the seat deciding.
- Every registered game is started against bots from the lobby form and played for a few
  moves by clicking its options (buttons, or the board's ``[data-option]`` elements): no
  JavaScript error, a board is drawn, and at a phone's width (390x844) the page does not
  scroll sideways.

Screenshots are kept in the test's tmp dir and, if ``ZEDLAB_ARTEFACTS`` is set, there too.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server
from .test_browser import sync_api

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
OPTIONS = "button.option:enabled:visible, .svg-holder [data-option].pickable"


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One server for the tests that need no database of their own."""
    folder = tmp_path_factory.mktemp("shared")
    server = Server(f"sqlite:///{folder / 'games.sqlite3'}", folder / "server.log")
    yield server
    server.stop()


def keep(page: Any, tmp_path: Path, name: str) -> Path:
    """A full-page screenshot in ``tmp_path`` (and in ``$ZEDLAB_ARTEFACTS`` if set)."""
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 1000
    folder = os.environ.get("ZEDLAB_ARTEFACTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(folder) / path.name)
    return path


def errors_of(page: Any) -> list[str]:
    """The page's JavaScript errors, as they come; a native dialog (alert, confirm) counts
    as one too: the page asks in dialogs of its own (see :func:`click_option`)."""
    errors: list[str] = []
    page.on("dialog", lambda d: (errors.append(f"a native dialog: {d.message}"), d.dismiss()))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return errors


def click_option(page: Any, rng: random.Random) -> bool:
    """Click one of the page's options, chosen by ``rng`` (a warned option played anyway
    in the page's warning dialog); whether one was clicked."""
    options = page.locator(OPTIONS)
    count = options.count()
    if count == 0:
        return False
    try:
        options.nth(rng.randrange(count)).click(timeout=2000)
        if page.locator("dialog#warn-dialog").count():  # a warned option: play it anyway
            page.click("dialog#warn-dialog #warn-yes", timeout=2000)
    except sync_api.Error:
        return False  # redrawn under the click: look again
    page.wait_for_selector("#decision:not([data-busy])", timeout=30000)
    return True


def no_sideways_scroll(page: Any, tmp_path: Path, name: str) -> None:
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    keep(page, tmp_path, name)
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(0, 3).map(e => e.tagName + '.' + e.className + '#' + e.id)""")
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide at a phone's {width[1]} px: {wide}"


class Hidden:
    """What Don't Look Back hides from every seat now, read from the server's database."""

    def __init__(self, db: str, gid: str) -> None:
        from zedlab.web.service import Service
        from zedlab.web.store import make_engine

        self.service = Service(make_engine(db))
        self.gid = gid

    def now(self) -> tuple[list[str], str]:
        """The names of the Locations still face down, and the Search deck's order as JSON."""
        from zedlab.games.dont_look_back.common import cx
        from zedlab.web.store import GameRow

        with self.service.session() as s:
            match, _ = self.service._load(s, s.get(GameRow, self.gid))
        state = match.state
        content = cx(state)
        face_down = [content.locations[i].name for i in state.location_stack]
        return face_down, json.dumps(list(state.deck))

    def close(self) -> None:
        self.service.engine.dispose()


def test_two_browsers_play_dont_look_back_to_the_end(browser, served, tmp_path):
    server = served()
    host = browser.new_context(viewport=DESKTOP)
    friend = browser.new_context(viewport=DESKTOP)
    hidden = None
    try:
        a = host.new_page()
        a_errors = errors_of(a)
        a.goto(server.url + "/")
        a.select_option("#new-game", "dont-look-back")
        a.fill("#players", "2")
        a.dispatch_event("#players", "change")
        a.locator("select[data-seat='0']").select_option("human")
        a.locator("select[data-seat='1']").select_option("open")
        assert a.locator("#new-title").inner_text() == "New game: The Walking Dead: Don't Look Back"
        a.click("#create")
        a.wait_for_url(re.compile(r"#/game/[^/]+/0$"))
        a.wait_for_selector("#invite")
        gid = a.locator("#invite").get_attribute("href").rsplit("/", 1)[1]
        assert a.title() == "The Walking Dead: Don't Look Back · ZedLab"
        assert "The Walking Dead: Don't Look Back" in a.locator("#where").inner_text()
        b = friend.new_page()
        b_errors = errors_of(b)
        b.goto(server.url + "/" + a.locator("#invite").get_attribute("href"))
        b.wait_for_url(re.compile(r"#/game/[^/]+/1$"))
        b.wait_for_selector("#seats")
        hidden = Hidden(f"sqlite:///{tmp_path / 'games.sqlite3'}", gid)
        rng = random.Random(3)
        deadline = time.monotonic() + 240
        moves = checked = 0
        while not (a.locator("#outcome").count() and b.locator("#outcome").count()):
            assert time.monotonic() < deadline, f"the game did not end in the browsers ({moves} moves)"
            moved = click_option(a, rng) or click_option(b, rng)
            moves += moved
            face_down, deck = hidden.now()
            for seat, page in ((0, a), (1, b)):
                html = page.content()
                for name in face_down:
                    assert name not in html, f"seat {seat}'s page names {name}, still face down"
                assert deck not in html, f"seat {seat}'s page holds the Search deck's order"
                checked += bool(face_down)
            deciding = [page.locator(OPTIONS).count() > 0 for page in (a, b)]
            assert deciding != [True, True], "both pages offer options at once"
            if not moved:
                a.wait_for_timeout(100)
        assert moves > 5 and checked > 0
        record = server.http.get(f"/api/games/{gid}/record").json()
        assert record["outcome"] is not None and len(record["steps"]) == moves
        for name, page in (("host", a), ("friend", b)):
            assert "Game over" in page.locator("#outcome").inner_text()
            keep(page, tmp_path, f"dont-look-back-{name}")
        assert a_errors == [] and b_errors == []
    finally:
        if hidden is not None:
            hidden.close()
        host.close()
        friend.close()


def _games() -> list[str]:
    import zedlab

    return list(zedlab.games())


@pytest.mark.parametrize("game", _games())
def test_every_game_starts_and_plays_in_the_browser(browser, shared, tmp_path, game):
    server = shared
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        errors = errors_of(page)
        page.goto(server.url + "/")
        page.select_option("#new-game", game)
        title = next(g["title"] for g in server.http.get("/api/catalog").json() if g["name"] == game)
        assert page.locator("#new-title").inner_text() == f"New game: {title}"
        page.click("#create")
        page.wait_for_url(re.compile(r"#/game/[^/]+/0$"))
        page.wait_for_selector("#board > *")
        assert page.title() == f"{title} · ZedLab"
        rng = random.Random(1)
        moves = 0
        deadline = time.monotonic() + 60
        while moves < 4 and not page.locator("#outcome").count():
            assert time.monotonic() < deadline, f"{game}: no option to click ({moves} moves)"
            if click_option(page, rng):
                moves += 1
            else:
                page.wait_for_timeout(100)
        board = page.locator("#board")
        assert board.locator(".svg-holder svg, .picture-holder pre, svg.board, .generic").count()
        assert page.locator("#error").inner_text() == ""
        keep(page, tmp_path, f"{game}-desktop")
        no_sideways_scroll(page, tmp_path, f"{game}-phone")
        assert errors == [], errors
    finally:
        context.close()


def test_card_texts_show_on_hover_and_in_the_cards_panel(browser, shared):
    """Secret Pig's card texts: "Pass" and "bonus card" (tests/web/secretpig.py)."""
    server = shared
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        errors = errors_of(page)
        page.goto(server.url + "/")
        page.select_option("#new-game", "secret-pig")
        page.click("#create")
        page.wait_for_selector("button.option[data-kind='pass']")
        passing = page.locator("button.option[data-kind='pass']")
        assert passing.get_attribute("title") == "Pass: Give the turn away without rolling."
        assert page.locator("button.option[data-kind='dice']").first.get_attribute("title") is None
        assert page.locator("#cards dt").all_inner_texts() == ["Pass"]
        page.locator("button.option[data-kind='dice']").first.click()
        page.wait_for_selector("button.option[data-kind='roll']")
        page.locator("button.option[data-kind='roll']").click()
        page.wait_for_selector("#decision:not([data-busy])")
        if page.locator("button.option[data-kind='hold']").count():
            hold = page.locator("button.option[data-kind='hold']")
            assert hold.get_attribute("title") == (
                "bonus card: Face down until drawn: worth 0 to 3 points when you hold.")
            assert "bonus card" in page.locator("#cards dt").all_inner_texts()
        assert errors == []
    finally:
        context.close()


def test_a_pushed_view_older_than_the_page_is_passed_over(browser, shared):
    """A view pushed on the live channel that was made before the page's latest view (the
    push raced the page's own move) does not replace it: the page keeps offering the
    current options. Here the channel is made to push the game's first view after a move
    that emitted no event (so the two views have the same ``seq``)."""
    server = shared
    made = server.http.post("/api/games", json={"game": "pig", "seed": 4,
                                                "seats": {"0": "human", "1": "human"}}).json()
    gid, token = made["id"], made["tokens"]["0"]
    auth = {"Authorization": f"Bearer {token}"}
    first = server.http.get(f"/api/games/{gid}/view", headers=auth).json()
    dice = next(o for o in first["decision"]["options"] if o["kind"] == "dice")
    now = server.http.post(f"/api/games/{gid}/actions", headers=auth,
                           json={"action": dice["id"], "after": first["seq"]}).json()
    assert now["seq"] == first["seq"] and now["decision"]["kind"] == "roll-or-hold"
    stale = json.dumps({"view": first, "events": [], "seq": first["seq"]})
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        errors = errors_of(page)
        pushed: list[str] = []

        def push_stale(route: Any) -> None:
            pushed.append(route.request.url)
            route.fulfill(status=200, headers={"Content-Type": "text/event-stream"},
                          body=f"retry: 600000\nevent: update\ndata: {stale}\n\n")

        page.route(re.compile(r".*/stream\?.*"), push_stale)
        page.goto(server.url + "/")
        page.evaluate(f"localStorage.setItem('zedlab.tokens.{gid}', "
                      f"JSON.stringify({{'0': '{token}'}}))")
        page.evaluate(f"location.hash = '#/game/{gid}/0'")
        page.wait_for_selector("button.option[data-kind='roll']")
        deadline = time.monotonic() + 10
        while not pushed and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        assert pushed, "the page did not open its live channel"
        page.wait_for_timeout(500)  # the pushed view has been handled
        assert page.locator("button.option[data-kind='roll']").count() == 1
        assert page.locator("button.option[data-kind='dice']").count() == 0
        assert errors == []
    finally:
        context.close()


def test_the_lobby_form_sets_a_games_options(browser, shared, tmp_path):
    """The lobby form draws an input per simple option of the game's Config: a Here's Negan
    game of Scenario 4 with 3 Survivors is made from it, and a value out of bounds comes back
    as the API's error in the form, nothing made."""
    server = shared
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        errors = errors_of(page)
        page.goto(server.url + "/")
        page.select_option("#new-game", "dont-look-back")
        assert page.locator("#opt-locations").get_attribute("max") == "4"
        assert page.locator("#opt-survivors").count() == 0  # a list: not drawn
        page.select_option("#new-game", "survive-alive")
        assert page.locator("#opt-leader_rule option").all_inner_texts() == ["printed", "highest"]
        page.select_option("#new-game", "heres-negan")
        scenario = page.locator("#opt-scenario")
        assert (scenario.get_attribute("min"), scenario.get_attribute("max")) == ("1", "12")
        assert "Seeking Sanctuary" in scenario.get_attribute("title")
        assert page.locator("#opt-survival").get_attribute("type") == "checkbox"
        before = server.http.get("/api/games?status=playing").json()
        page.fill("#opt-scenario", "13")
        page.click("#create")
        page.wait_for_function("document.getElementById('new-error').textContent !== ''")
        assert "scenario" in page.locator("#new-error").inner_text()
        assert "#/game/" not in page.url
        assert server.http.get("/api/games?status=playing").json() == before
        sent: list[Any] = []
        page.on("request", lambda r: sent.append(r.post_data_json)
                if r.method == "POST" and r.url.endswith("/api/games") else None)
        page.fill("#opt-scenario", "4")
        page.fill("#opt-survivors", "3")
        page.click("#create")
        page.wait_for_url(re.compile(r"#/game/[^/]+/0$"))
        page.wait_for_selector("#board .svg-holder svg")
        assert sent[-1]["config"] == {"scenario": 4, "survivors": 3}  # the changed ones only
        assert "Scenario 4: Seeking Sanctuary, 3 Survivors" in page.locator("#board svg").inner_html()
        gid = page.url.split("#/game/")[1].split("/")[0]
        view = server.http.get(f"/api/games/{gid}/view").json()
        assert view["public"]["scenario"] == 4 and view["public"]["survivor_count"] == 3
        keep(page, tmp_path, "heres-negan-scenario-4")
        # the browser logs the refused request (422) itself; nothing else went wrong
        assert [e for e in errors if "status of 422" not in e] == [], errors
    finally:
        context.close()


# how wide the board's drawing is on the screen (its viewBox's width times its scale; the
# element itself may be wider, the drawing fitted to its height)
DRAWN = """() => { const s = document.querySelector('#board .svg-holder svg');
                   return s.viewBox.baseVal.width * s.getScreenCTM().a; }"""


@pytest.mark.parametrize("game", ["heres-negan", "survive-alive"])
def test_the_board_spans_the_page_and_fits_a_phone_with_a_zoom(browser, shared, tmp_path, game):
    """The SVG board is drawn across the page's width above the decision and the seats/log
    columns (about 1200 px at 1280x800). On a phone (390x844) the whole board is fitted to
    the width; "Zoom" draws it at least 900 px wide, scrolling inside its panel (not the
    page), and a second click fits it again."""
    server = shared
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        errors = errors_of(page)
        page.goto(server.url + "/")
        page.select_option("#new-game", game)
        page.click("#create")
        page.wait_for_selector("#board .svg-holder svg")
        width = page.evaluate(DRAWN)
        assert width > 1150, f"the board is drawn {width} px wide at 1280 px"
        board_box = page.locator("#board").bounding_box()
        decision_box = page.locator("#decision").bounding_box()
        assert board_box["y"] + board_box["height"] <= decision_box["y"]
        assert not page.locator("#zoom").is_visible()  # nothing to zoom on a desktop
        keep(page, tmp_path, f"{game}-board-desktop")
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(100)
        holder = "document.querySelector('#board .svg-holder')"
        sizes = f"""() => [({DRAWN})(),
                           {holder}.clientWidth, {holder}.scrollWidth,
                           document.documentElement.scrollWidth, window.innerWidth]"""
        svg_w, holder_w, scroll_w, page_w, inner = page.evaluate(sizes)
        assert svg_w <= holder_w + 0.5 and scroll_w <= holder_w, "the board does not fit"
        assert page_w <= inner
        keep(page, tmp_path, f"{game}-board-phone")
        page.click("#zoom")
        svg_w, holder_w, scroll_w, page_w, inner = page.evaluate(sizes)
        assert svg_w >= 899 and scroll_w > holder_w and page_w <= inner
        assert page.locator("#zoom").get_attribute("aria-pressed") == "true"
        keep(page, tmp_path, f"{game}-board-phone-zoomed")
        page.click("#zoom")
        svg_w, holder_w, scroll_w, page_w, inner = page.evaluate(sizes)
        assert svg_w <= holder_w + 0.5 and page_w <= inner
        assert errors == [], errors
    finally:
        context.close()


def test_a_narrow_screen_shows_the_board_region_by_region(browser, shared, tmp_path):
    """At 420 px the Survive Alive board is shown region by region (its Base sheet, its
    characters and cubes, the map...), each fitted to the width, so its words read at a
    size of their own without Zoom: the page does not scroll sideways, a board option is
    played by a click on its region, and "Zoom" still shows the whole board."""
    server = shared
    context = browser.new_context(viewport={"width": 420, "height": 900})
    try:
        page = context.new_page()
        errors = errors_of(page)
        page.goto(server.url + "/")
        page.select_option("#new-game", "survive-alive")
        page.click("#create")
        page.wait_for_selector("#board .svg-holder svg")
        # the Base sheets to choose are on the board: clicking one plays it
        seq = page.evaluate("document.querySelectorAll('#log li').length")
        page.locator("#board svg.board-part [data-option].pickable").first.click()
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {seq}")
        page.wait_for_selector("#board svg.board-part text:text-is('Bed')")
        parts = page.locator("#board .svg-holder svg.board-part")
        assert parts.count() >= 6
        widths = page.evaluate("""() => {
            const holder = document.querySelector('#board .svg-holder');
            return [holder.clientWidth, holder.scrollWidth,
                    ...[...holder.querySelectorAll('svg')].map(s => s.getBoundingClientRect().right
                                                               - holder.getBoundingClientRect().left)]}""")
        holder_w, scroll_w, *rights = widths
        assert scroll_w <= holder_w and max(rights) <= holder_w + 0.5
        assert page.evaluate("[document.documentElement.scrollWidth, innerWidth]") == [420, 420]
        # a base sheet's facility name is drawn 13 units high: at least 8 px here (the
        # whole board fitted to the width drew it under 5 px)
        size = page.evaluate("""() => {
            const t = [...document.querySelectorAll('#board svg text')].find(t => t.textContent === 'Bed');
            return parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a; }""")
        assert size >= 8, size
        keep(page, tmp_path, "survive-alive-narrow")
        page.click("#zoom")
        assert page.locator("#board .svg-holder svg").count() == 1
        assert page.locator("#board .svg-holder svg.board-part").count() == 0
        page.click("#zoom")
        assert page.locator("#board .svg-holder svg.board-part").count() >= 6
        page.set_viewport_size(DESKTOP)  # wider: the whole board again
        page.wait_for_function("document.querySelectorAll('#board .svg-holder svg').length === 1")
        assert errors == [], errors
    finally:
        context.close()
