"""The browser client in Chromium (Playwright): two people in two browser contexts play a
game to the end, one starting it in the lobby and the other joining by the invite link;
neither page ever holds the other seat's secret. A screenshot of each page is kept in the
test's tmp dir."""

from __future__ import annotations

import os
import re
import time

import pytest

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium): no browser tests",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _move(page) -> bool:
    """Click an option if this page has one to play: two dice, roll until a hold pays."""
    buttons = page.locator("button.option:enabled")
    if buttons.count() == 0:
        return False
    kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(buttons.count())]
    if "hold" in kinds:
        choice = "hold"
    elif "dice" in kinds:
        choice = "dice"
    else:
        choice = kinds[0]
    target = page.locator(f"button.option[data-kind='{choice}']:enabled").last
    try:
        target.click(timeout=2000)
    except sync_api.Error:
        return False  # the page was redrawn under the click: look again
    return True


@pytest.mark.parametrize("game", ["pig", "secret-pig"])
def test_two_browsers_play_a_game_to_the_end(browser, served, tmp_path, game):
    server = served()
    host = browser.new_context(viewport={"width": 1280, "height": 800})
    friend = browser.new_context(viewport={"width": 390, "height": 844})  # a phone's width
    try:
        a = host.new_page()
        a.goto(server.url + "/")
        a.select_option("#new-game", game)
        a.locator("select[data-seat='1']").select_option("open")
        a.click("#create")
        a.wait_for_url(re.compile(r"#/game/[^/]+/0$"))
        invite = a.locator("#invite").get_attribute("href")
        gid = invite.rsplit("/", 1)[1]
        b = friend.new_page()
        b.goto(server.url + "/" + invite)
        b.wait_for_url(re.compile(r"#/game/[^/]+/1$"))
        secrets = {}
        if game == "secret-pig":
            tokens = {}
            for seat, page in ((0, a), (1, b)):
                tokens[seat] = page.evaluate(
                    f"JSON.parse(localStorage.getItem('zedlab.tokens.{gid}'))")[str(seat)]
                view = server.http.get(f"/api/games/{gid}/view",
                                       headers={"Authorization": f"Bearer {tokens[seat]}"})
                secrets[seat] = view.json()["private"]["secret"]
        # undo in the page: choosing the dice is no chance, so it can be taken back
        a.locator("button.option[data-kind='dice']").first.click()
        a.wait_for_selector("button.option[data-kind='roll']")
        a.click("#undo:enabled")
        a.wait_for_selector("button.option[data-kind='dice']")
        assert a.locator("#undo").is_disabled()
        deadline = time.monotonic() + 180
        while not (a.locator("#outcome").count() and b.locator("#outcome").count()):
            assert time.monotonic() < deadline, "the game did not end in the browsers"
            moved = _move(a) or _move(b)
            for seat, page in ((0, a), (1, b)):
                if secrets:
                    html = page.content()
                    assert secrets[seat] in html
                    assert secrets[1 - seat] not in html, f"seat {seat}'s page holds a secret"
            if not moved:
                page.wait_for_timeout(100)
        for seat, name, page in ((0, "host", a), (1, "friend", b)):
            assert "Game over" in page.locator("#outcome").inner_text()
            token = page.evaluate(f"JSON.parse(localStorage.getItem('zedlab.tokens.{gid}'))")
            sent = server.http.get(f"/api/games/{gid}/events",
                                   headers={"Authorization": f"Bearer {token[str(seat)]}"})
            page.wait_for_function(
                f"document.querySelectorAll('#log li').length >= {len(sent.json()['events'])}")
            shown = [int(x) for x in page.locator("#log li").evaluate_all(
                "items => items.map(li => li.dataset.seq)")]
            assert shown == [e["seq"] for e in sent.json()["events"]]  # each event once, in order
            # the newest events are repeated above the question (at most 5)
            recent = page.locator("#recent li").all_inner_texts()
            assert 1 <= len(recent) <= 5
            assert recent == page.locator("#log li").all_inner_texts()[-len(recent):]
            page.screenshot(path=str(tmp_path / f"{game}-{name}.png"), full_page=True)
        assert (tmp_path / f"{game}-host.png").stat().st_size > 1000
        record = server.http.get(f"/api/games/{gid}/record").json()
        assert record["outcome"] is not None and len(record["steps"]) > 2
        # the finished game replays step by step
        a.click("text=Replay it step by step")
        a.wait_for_selector("#replay-step")
        a.click("#forward")
        a.wait_for_function("document.querySelector('#replay-step').textContent.startsWith('step 1 ')")
    finally:
        host.close()
        friend.close()


def test_the_lobby_seats_follow_the_player_count_as_it_is_typed(browser, served):
    """Typing a player count redraws the seats at once (no need to leave the field), and
    what was already chosen for a seat stays chosen; a half-typed count keeps the seats."""
    server = served()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.select_option("#new-game", "dont-look-back")
        page.locator("select[data-seat='1']").select_option("open")
        page.fill("#players", "3")  # an input event only, the field keeps the focus
        assert page.locator("select[data-seat]").count() == 3
        assert page.locator("select[data-seat='1']").input_value() == "open"
        assert page.locator("select[data-seat='0']").input_value() == "human"
        page.fill("#players", "")
        assert page.locator("select[data-seat]").count() == 3
        page.fill("#players", "4")
        assert page.locator("select[data-seat]").count() == 4
        assert page.locator("select[data-seat='1']").input_value() == "open"
        page.click("#create")
        page.wait_for_url(re.compile(r"#/game/[^/]+/0$"))
        page.wait_for_selector("#invite")  # seat 1 is open for a friend
    finally:
        context.close()


def test_the_lobby_offers_the_ismcts_bot_with_its_budget(browser, served):
    """Every game's seats may be the ISMCTS bot; the hint under the seats says how long it
    may think a move; a game started with it is played by it."""
    server = served()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("select[data-seat='1']")
        for name in page.locator("#new-game option").evaluate_all("os => os.map(o => o.value)"):
            page.select_option("#new-game", name)
            offered = page.locator("select[data-seat='0'] option").evaluate_all(
                "os => os.map(o => o.textContent)")
            assert "ismcts bot" in offered, name
            assert "ismcts bot: searches ahead for at most 1 s a move" in page.inner_text("#seat-hint")
        page.select_option("#new-game", "pig")
        page.locator("select[data-seat='1']").select_option("ismcts")
        page.click("#create")
        page.wait_for_url(re.compile(r"#/game/[^/]+/0$"))
        page.wait_for_selector("#seats li")
        assert "Seat 1: ismcts" in page.inner_text("#seats")
    finally:
        context.close()


def test_a_move_awaiting_its_answer_says_the_bots_are_moving(browser, served):
    """While a move's answer is awaited for more than a moment (the bots that follow it
    play before it is answered; a searching bot thinks up to a second a move), the page
    says so under the question instead of showing the question as if nothing happened;
    the line goes once the answer is drawn. The answer is held back by the test."""
    server = served()
    made = server.http.post("/api/games", json={
        "game": "pig", "seed": 1, "seats": {"0": "human", "1": "random"}}).json()
    gid, token = made["id"], made["tokens"]["0"]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.evaluate(f"localStorage.setItem('zedlab.tokens.{gid}', JSON.stringify({{'0': '{token}'}}))")
        page.evaluate(f"location.hash = '#/game/{gid}/0'")
        page.wait_for_selector("button.option:enabled")
        held: list = []
        page.route("**/actions", lambda route: held.append(route))
        page.locator("button.option:enabled").first.click()
        page.wait_for_function("document.querySelector('#waiting').textContent.includes('bots')")
        assert "the bots that follow are moving" in page.inner_text("#waiting")
        assert held, "the move was not sent"
        held[0].continue_()
        page.wait_for_function("document.querySelector('#waiting').textContent === ''")
        page.wait_for_selector("button.option:enabled")
    finally:
        context.close()
