"""Survive Alive's Spend decision in the browser (Chromium, Playwright): its many options
listed under a heading per group of what they do, and an option the game warns about
(ending the Spend phase with cubes that will be lost) played only after the page's own
warning dialog says yes (keyboard usable; never the browser's confirm()).

Source: Survive Alive rulebook, "1. Spend Resource Cubes", "2. Discard Resource Cubes";
docs/view-schema.md (``options[].warning``).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from .conftest import Server

DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("spend")
    s = Server(f"sqlite:///{folder / 'games.sqlite3'}", folder / "server.log")
    yield s
    s.stop()


def _to_spend(server: Server) -> tuple[str, str, dict[str, Any]]:
    """A game against a random bot played through the API (the first option each time)
    until seat 0 has a long Spend decision whose Done carries a warning."""
    made = server.http.post("/api/games", json={
        "game": "survive-alive", "seed": 1, "seats": {"0": "human", "1": "random"}}).json()
    gid, token = made["id"], made["tokens"]["0"]
    auth = {"Authorization": f"Bearer {token}"}
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "no Spend decision with a warned Done"
        view = server.http.get(f"/api/games/{gid}/view", headers=auth).json()
        decision = view["decision"]
        if decision is None:
            time.sleep(0.05)
            continue
        done = [o for o in decision["options"] if o["kind"] == "done"]
        if decision["kind"] == "spend" and decision["groups"] and done and done[0].get("warning"):
            return gid, token, view
        server.http.post(f"/api/games/{gid}/actions", headers=auth, json={
            "action": decision["options"][0]["id"], "after": view["seq"]})


def _open_seat_0(context, server, gid: str, token: str):
    """A page of ``context`` playing seat 0 of game ``gid``, its Spend options drawn;
    ``(page, errors)``: the page's uncaught script errors are gathered in ``errors``."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('zedlab.tokens.{gid}', "
                  f"JSON.stringify({{'0': '{token}'}}))")
    page.evaluate(f"location.hash = '#/game/{gid}/0'")
    page.wait_for_selector(".option-group")
    return page, errors


def _top_level(page) -> list[tuple[str, str]]:
    """The page's top-level listing of the decision: ``("group", title)`` or
    ``("option", id)``."""
    return [tuple(x) for x in page.locator(".option-groups > *").evaluate_all("""items =>
        items.map(i => i.matches('details') ? ['group', i.dataset.group] : ['option', i.dataset.id])""")]


def test_spend_options_are_listed_as_the_terminal_lists_them(browser, server):
    """The top level of the Spend decision is the terminal's (zedlab.cli.menus), in its
    order: groups (closed, with their counts) where their first option is, single options
    as themselves; a group opens by a click or the keyboard and stays open when the page
    is redrawn after a move."""
    from zedlab.cli.menus import menu_items

    gid, token, view = _to_spend(server)
    decision = view["decision"]
    options = decision["options"]

    class Option:
        def __init__(self, o: dict[str, Any]) -> None:
            self.label, self.id = o["label"], str(o["id"])

    paths = [tuple(g) for g in decision["groups"]]
    terminal = menu_items([Option(o) for o in options], paths, ())
    expected = [("group", i.group[-1]) if i.action is None else ("option", i.action.id)
                for i in terminal]
    context = browser.new_context(viewport=DESKTOP)
    try:
        page, errors = _open_seat_0(context, server, gid, token)
        assert _top_level(page) == expected
        assert len(expected) <= 7 < len(options)
        assert page.locator("button.option").count() == len(options)
        singles = sum(kind == "option" for kind, _ in expected)
        assert page.locator("button.option:visible").count() == singles
        # opened by the keyboard: its options show, each doing what its heading says
        build = page.locator(".option-group[data-group='Build a facility']")
        build.locator("summary").focus()
        page.keyboard.press("Enter")
        kinds = set(build.locator("button.option:visible").evaluate_all(
            "bs => bs.map(b => b.dataset.kind)"))
        assert kinds == {"build"}
        n = sum(o["kind"] == "build" for o in options)
        assert build.locator("button.option").count() == n
        assert page.locator(".option-group[data-group='Forge a weapon'] button.option:visible").count() == 0
        # a move redraws the page; the group opened stays open
        build.locator("button.option").first.click()
        page.wait_for_selector("#decision:not([data-busy])")
        page.wait_for_selector(".option-group[data-group='Build a facility'][open]")
        assert errors == []
    finally:
        context.close()


def test_spend_options_are_grouped_and_a_warned_done_asks_first(browser, server):
    gid, token, view = _to_spend(server)
    options = view["decision"]["options"]
    context = browser.new_context(viewport=DESKTOP)
    try:
        page, errors = _open_seat_0(context, server, gid, token)
        titles = page.locator(".option-group > summary .group-title").all_inner_texts()
        assert titles[:1] == ["Build a facility"] and len(titles) == len(set(titles))
        # every option of a group does what its heading says
        for title, kind in (("Build a facility", "build"), ("Forge a weapon", "forge")):
            if title not in titles:
                continue
            group = page.locator(f".option-group[data-group='{title}']")
            kinds = set(group.locator("button.option").evaluate_all(
                "bs => bs.map(b => b.dataset.kind)"))
            assert kinds == {kind}
            n = sum(o["kind"] == kind for o in options)
            assert group.locator(".group-count").inner_text() == f"({n} option{'s' if n != 1 else ''})"
        assert page.locator("button.option").count() == len(options)
        # Done is marked; dismissing its dialog plays nothing, accepting plays it
        done = page.locator("#decision button.option[data-kind='done']")
        warning = next(o for o in options if o["kind"] == "done")["warning"]
        assert done.get_attribute("data-warning") == warning
        assert done.get_attribute("title").startswith(f"Warning: {warning}")
        # the warning is asked in the page, not by the browser's confirm(); the keyboard
        # answers it: the focus starts on Cancel, Escape cancels, Tab + Enter plays
        native: list[str] = []
        page.on("dialog", lambda d: (native.append(d.message), d.dismiss()))
        dialog = page.locator("dialog#warn-dialog")
        done.click()
        dialog.wait_for(state="visible")
        assert dialog.get_attribute("role") == "alertdialog"
        assert page.locator("#warn-text").inner_text() == warning
        assert page.locator("#warn-title").inner_text() == f"Warning: {next(o for o in options if o['kind'] == 'done')['label']}"
        assert page.evaluate("document.activeElement.id") == "warn-no"
        assert page.evaluate("document.querySelector('dialog#warn-dialog').matches(':modal')")
        page.keyboard.press("Escape")
        dialog.wait_for(state="detached")
        auth = {"Authorization": f"Bearer {token}"}
        now = server.http.get(f"/api/games/{gid}/view", headers=auth).json()
        assert now["seq"] == view["seq"] and now["decision"]["kind"] == "spend"
        done.click()
        dialog.wait_for(state="visible")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "warn-yes"
        page.keyboard.press("Enter")
        dialog.wait_for(state="detached")
        page.wait_for_selector("#decision:not([data-busy])")
        deadline = time.monotonic() + 10
        while True:
            now = server.http.get(f"/api/games/{gid}/view", headers=auth).json()
            if now["seq"] != view["seq"] or (now["decision"] or {}).get("kind") != "spend":
                break
            assert time.monotonic() < deadline, "the accepted Done was not played"
            page.wait_for_timeout(100)
        assert native == []
        assert errors == []
    finally:
        context.close()


def test_a_dismissed_warning_says_the_move_was_not_played(browser, server):
    """Cancelling the warning dialog of a warned option plays nothing and says so beside the
    question, which stays; choosing again (accepted) takes the note away."""
    gid, token, view = _to_spend(server)
    done_option = next(o for o in view["decision"]["options"] if o["kind"] == "done")
    context = browser.new_context(viewport=DESKTOP)
    try:
        page, errors = _open_seat_0(context, server, gid, token)
        prompt = page.locator("#decision .prompt").inner_text()
        done = page.locator("#decision button.option[data-kind='done']")
        done.click()
        page.click("dialog#warn-dialog #warn-no")
        note = page.locator("#not-played")
        note.wait_for(state="visible")
        assert note.inner_text().startswith(f"Not played: {done_option['label']}.")
        assert page.locator("#decision .prompt").inner_text() == prompt
        assert done.is_enabled()
        auth = {"Authorization": f"Bearer {token}"}
        assert server.http.get(f"/api/games/{gid}/view", headers=auth).json()["seq"] == view["seq"]
        done.click()
        page.click("dialog#warn-dialog #warn-yes")
        page.wait_for_selector("#decision:not([data-busy])")
        assert note.inner_text() == ""
        assert errors == []
    finally:
        context.close()


def test_cube_boxes_are_named_for_screen_readers_and_say_what_a_click_does(browser, server):
    """On the board each cube box is named by its colour and count; when a cube is an
    option (a trade's cube to give) the box is a button named by the option, then by that
    colour and count."""
    gid, token, view = _to_spend(server)
    context = browser.new_context(viewport=DESKTOP)
    try:
        page, errors = _open_seat_0(context, server, gid, token)
        cubes = view["private"]["player"]["cubes"]
        label = page.locator("#board g[role='img'][aria-label^='Wood']").get_attribute("aria-label")
        assert label.startswith(f"Wood (brown): {cubes['wood']} in hand")
        page.locator("#decision button.option[data-kind='trade']").click()
        page.wait_for_selector("#board [data-option].pickable[role='button']")
        auth = {"Authorization": f"Bearer {token}"}
        now = server.http.get(f"/api/games/{gid}/view", headers=auth).json()
        give = next(o for o in now["decision"]["options"] if o["kind"] == "give" and o["value"] == "wood")
        button = page.locator(f"#board [data-option='{give['id']}']")
        assert button.get_attribute("role") == "button"
        assert button.get_attribute("aria-label") == f"{give['label']} ({label})"
        assert errors == []
    finally:
        context.close()


def test_a_warning_answered_after_the_game_moved_on_plays_nothing(browser, server):
    """Two tabs on the same seat: while one asks about a warned Done, the other plays a
    move. The first tab's view is pushed anew under the open dialog; answering 'Play it
    anyway' then must not play Done in a question the player was not asked about (the
    warning was about the old one): nothing is played and the page says so."""
    gid, token, view = _to_spend(server)
    auth = {"Authorization": f"Bearer {token}"}
    build = next(o for o in view["decision"]["options"] if o["kind"] == "build")
    context = browser.new_context(viewport=DESKTOP)
    try:
        page, errors = _open_seat_0(context, server, gid, token)
        page.locator("#decision button.option[data-kind='done']").click()
        page.locator("dialog#warn-dialog").wait_for(state="visible")
        # the other tab (here: the API with the same token) plays a Build meanwhile
        moved = server.http.post(f"/api/games/{gid}/actions", headers=auth, json={
            "action": build["id"], "after": view["seq"], "revision": view["revision"]}).json()
        assert moved["decision"]["kind"] == "spend"
        assert any(o["kind"] == "done" for o in moved["decision"]["options"])
        # the pushed view is drawn under the dialog (its events reach the log)
        page.wait_for_function(f"[...document.querySelectorAll('#log li')].some(li => +li.dataset.seq > {view['seq']})")
        page.click("dialog#warn-dialog #warn-yes")
        page.wait_for_timeout(1500)
        now = server.http.get(f"/api/games/{gid}/view", headers=auth).json()
        assert now["revision"] == moved["revision"], "Done was played in a question not asked"
        assert page.locator("#not-played").inner_text().startswith("Not played")
        assert errors == []
    finally:
        context.close()


def test_the_focus_comes_back_to_the_warned_option_after_a_redraw_under_its_dialog(browser, server):
    """A keyboard player asks about a warned Done; the decision is drawn again under the
    dialog (a pushed view: another tab's move). Escape closes the dialog and the focus is
    on Done again, not lost to the page's body."""
    gid, token, view = _to_spend(server)
    auth = {"Authorization": f"Bearer {token}"}
    build = next(o for o in view["decision"]["options"] if o["kind"] == "build")
    context = browser.new_context(viewport=DESKTOP)
    try:
        page, errors = _open_seat_0(context, server, gid, token)
        page.wait_for_timeout(1000)  # the stream's first view is drawn
        page.locator("#decision button.option[data-kind='done']").focus()
        page.keyboard.press("Enter")
        page.locator("dialog#warn-dialog").wait_for(state="visible")
        server.http.post(f"/api/games/{gid}/actions", headers=auth, json={
            "action": build["id"], "after": view["seq"], "revision": view["revision"]})
        page.wait_for_function(f"[...document.querySelectorAll('#log li')].some(li => +li.dataset.seq > {view['seq']})")
        page.keyboard.press("Escape")
        page.locator("dialog#warn-dialog").wait_for(state="detached")
        assert page.evaluate("document.activeElement.dataset.kind") == "done"
        assert errors == []
    finally:
        context.close()
