/* The ZedLab browser client: lobby, game page, replay. Plain JavaScript, no build step.
   Seat tokens are kept in this browser's localStorage, one entry per game. */
"use strict";

const app = document.getElementById("app");
const where = document.getElementById("where");
let live = null;  // the open EventSource

function tokens(gid) {
  try { return JSON.parse(localStorage.getItem("zedlab.tokens." + gid)) || {}; }
  catch (e) { return {}; }
}
function keepToken(gid, seat, token) {
  const all = tokens(gid);
  all[seat] = token;
  localStorage.setItem("zedlab.tokens." + gid, JSON.stringify(all));
}

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = "Bearer " + token;
  const r = await fetch(path, { method, headers,
                                body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => ({ error: { code: "server/error", message: r.statusText } }));
  if (!r.ok) {
    const err = new Error(data.error ? data.error.message : r.statusText);
    err.code = data.error ? data.error.code : "server/error";
    throw err;
  }
  return data;
}

let routes = 0;  // counts page changes: a page still loading when another is opened stops
function stale(gen) { return gen !== routes; }

function route() {
  routes += 1;
  if (live) { live.close(); live = null; }
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (parts[0] === "game" && parts[1]) return gamePage(parts[1], parts[2]);
  if (parts[0] === "join" && parts[1]) return joinPage(parts[1]);
  if (parts[0] === "replay" && parts[1]) return replayPage(parts[1]);
  return lobbyPage();
}
window.addEventListener("hashchange", route);
window.addEventListener("load", route);

// -- lobby -------------------------------------------------------------------------------
function named(title) {
  document.title = title ? `${title} · ZedLab` : "ZedLab";
}

async function lobbyPage() {
  const gen = routes;
  where.textContent = "Lobby";
  named(null);
  const [catalog, open, playing] = await Promise.all([
    api("GET", "/api/catalog"), api("GET", "/api/games?status=open"),
    api("GET", "/api/games?status=playing")]);
  if (stale(gen)) return;
  const playable = catalog.filter(g => g.playable);
  const formTitle = el("h2", { id: "new-title" }, "New game");
  const gameSel = el("select", { id: "new-game" },
    playable.map(g => el("option", { value: g.name }, g.title || g.name)));
  const options = el("div", { id: "new-options" });
  const seatsBox = el("div", { id: "new-seats" });
  // what a bot kind played with a budget does (the server's words: ismcts's time a move)
  const seatHint = el("p", { class: "muted hint", id: "seat-hint" });
  const error = el("p", { class: "error", id: "new-error" });

  function seatCount(g, cfg) { return cfg.players !== undefined ? Number(cfg.players) : g.seats; }
  // one input per simple option of the game's Config (the server's "fields"); "players"
  // sets the seat picker's rows
  function optionInput(f, value) {
    const attrs = { id: "opt-" + f.name, "data-option-name": f.name, title: f.description || null };
    if (f.type === "boolean")
      return el("input", Object.assign(attrs, { type: "checkbox" }, value ? { checked: "" } : {}));
    if (f.type === "choice")
      return el("select", attrs, (f.nullable ? [null] : []).concat(f.choices).map((c, i) =>
        el("option", Object.assign({ value: String(i) }, c === value ? { selected: "" } : {}),
           c === null ? "(unset)" : String(c))));
    if (f.type === "integer" || f.type === "number")
      return el("input", Object.assign(attrs, { type: "number", value: value ?? "",
        min: f.minimum ?? null, max: f.maximum ?? null, step: f.type === "integer" ? 1 : "any",
        placeholder: f.nullable ? "unset" : null }));
    return el("input", Object.assign(attrs, { type: "text", value: value ?? "",
                                              placeholder: f.nullable ? "unset" : null }));
  }
  function optionValue(f, input) {
    if (f.type === "boolean") return input.checked;
    if (f.type === "choice") return (f.nullable ? [null] : []).concat(f.choices)[Number(input.value)];
    if (input.value.trim() === "" && f.nullable) return null;
    if (f.type === "integer" || f.type === "number")
      return input.value.trim() === "" ? input.value : Number(input.value);
    return input.value;
  }
  let fields = [];
  function drawForm() {
    const g = playable.find(x => x.name === gameSel.value);
    formTitle.textContent = "New game: " + (g.title || g.name);
    error.textContent = "";
    options.replaceChildren();
    const cfg = Object.assign({}, g.defaults);
    fields = (g.fields || []).filter(f => f.name !== "players");
    const players = (g.fields || []).find(f => f.name === "players");
    if (players) {
      const input = el("input", { type: "number", id: "players", value: cfg.players,
                                  min: players.minimum ?? 1, max: players.maximum ?? 8,
                                  title: players.description || null });
      // the seats follow the count as it is typed, not only when the field is left
      input.addEventListener("input", drawSeats);
      input.addEventListener("change", drawSeats);
      options.append(el("label", { class: "option-field" }, el("span", {}, "Players"), input));
    }
    for (const f of fields) {
      const input = optionInput(f, cfg[f.name]);
      const label = el("label", { class: "option-field" + (f.type === "boolean" ? " check" : ""),
                                  title: f.description || null },
        el("span", {}, f.title), input);
      options.append(el("div", { class: "option-row" }, label,
        f.description ? el("span", { class: "muted hint" }, f.description) : null));
    }
    seatsBox.replaceChildren();  // another game: its own seats, nothing kept
    drawSeats();
  }
  function drawSeats() {
    const g = playable.find(x => x.name === gameSel.value);
    const playersInput = document.getElementById("players");
    const cfg = playersInput ? { players: playersInput.value } : {};
    const best = g.bots.includes("heuristic") ? "heuristic" : g.bots[0];
    const count = seatCount(g, cfg);
    if (!Number.isInteger(count) || count < 1 || count > 8) return;  // half-typed: keep the seats
    // what was already chosen for a seat stays chosen when the count changes
    const chosen = {};
    seatsBox.querySelectorAll("select").forEach(s => { chosen[s.dataset.seat] = s.value; });
    seatsBox.replaceChildren(...Array.from({ length: count }, (_, i) =>
      el("label", { class: "seat" }, `Seat ${i} `,
        el("select", { "data-seat": i }, g.kinds.map(k =>
          el("option", Object.assign({ value: k }, k === (g.kinds.includes(chosen[i]) ? chosen[i] : (i === 0 ? "human" : best)) ? { selected: "" } : {}),
             k === "open" ? "open (a friend joins)" : k === "human" ? "human (you)" : k + " bot"))))));
    seatHint.textContent = Object.values(g.bot_hints || {}).join(" · ");
  }
  gameSel.addEventListener("change", drawForm);

  async function create() {
    error.textContent = "";
    const body = { game: gameSel.value, seats: {}, config: {} };
    const playersInput = document.getElementById("players");
    const g = playable.find(x => x.name === gameSel.value);
    if (playersInput && Number(playersInput.value) !== g.defaults.players)
      body.config.players = playersInput.value.trim() === "" ? "" : Number(playersInput.value);
    for (const f of fields) {
      const input = document.getElementById("opt-" + f.name);
      if (!input) continue;
      const value = optionValue(f, input);
      if (value !== g.defaults[f.name]) body.config[f.name] = value;
    }
    seatsBox.querySelectorAll("select").forEach(s => { body.seats[s.dataset.seat] = s.value; });
    try {
      const made = await api("POST", "/api/games", body);
      const seats = Object.keys(made.tokens);
      seats.forEach(s => keepToken(made.id, s, made.tokens[s]));
      location.hash = `#/game/${made.id}` + (seats.length ? `/${seats[0]}` : "");
    } catch (e) { error.textContent = e.message; }
  }

  const gameRow = (g, button) => el("tr", {},
    el("td", { class: "game-title" }, g.title || g.game), el("td", { class: "muted" }, g.seats.map(s => s.kind).join(" · ")),
    el("td", {}, button));
  app.replaceChildren(
    el("section", { class: "panel" }, formTitle,
       el("label", {}, "Game ", gameSel), options, seatsBox, seatHint,
       el("button", { class: "primary", id: "create", onclick: create }, "Start"), error),
    el("section", { class: "panel" }, el("h2", {}, "Open seats"),
       open.length ? el("table", { id: "open-games" }, open.map(g =>
         gameRow(g, el("button", { onclick: () => { location.hash = `#/join/${g.id}`; } }, "Join"))))
         : el("p", { class: "muted" }, "No game is waiting for players.")),
    el("section", { class: "panel" }, el("h2", {}, "Being played"),
       playing.length ? el("table", {}, playing.map(g =>
         gameRow(g, el("button", { onclick: () => { location.hash = `#/game/${g.id}`; } }, "Watch"))))
         : el("p", { class: "muted" }, "Nothing to watch right now.")));
  if (playable.length) drawForm();
}

// -- joining -----------------------------------------------------------------------------
async function joinPage(gid) {
  const gen = routes;
  where.textContent = "Joining…";
  try {
    const got = await api("POST", `/api/games/${gid}/join`, {});
    if (stale(gen)) return;
    keepToken(gid, got.seat, got.token);
    location.hash = `#/game/${gid}/${got.seat}`;
  } catch (e) {
    app.replaceChildren(el("section", { class: "panel" }, el("p", { class: "error" }, e.message),
      el("a", { href: `#/game/${gid}` }, "Watch the game instead")));
  }
}

// -- card texts --------------------------------------------------------------------------
// The game's card texts ({name: text}, fetched once per game page) and a finder of the
// card names a piece of text mentions (whole words, longest names first).
function cardFinder(texts) {
  const names = Object.keys(texts || {}).filter(n => n.trim()).sort((a, b) => b.length - a.length);
  if (!names.length) return () => [];
  const escape = (n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp("(?<![\\w'])(" + names.map(escape).join("|") + ")(?![\\w'])", "g");
  return (text) => {
    const found = [];
    for (const m of String(text).matchAll(pattern)) if (!found.includes(m[1])) found.push(m[1]);
    return found;
  };
}

function cardsPanel(view, texts, find) {
  // the texts of the cards named in this seat's options and view
  const sources = [JSON.stringify(view.public || {}), JSON.stringify(view.private || {})];
  if (view.decision) sources.push(...view.decision.options.map(o => o.label));
  const names = [];
  for (const source of sources) for (const n of find(source)) if (!names.includes(n)) names.push(n);
  if (!names.length) return null;
  return el("section", { class: "panel cards", id: "cards" }, el("h2", {}, "Cards"),
    el("dl", {}, names.flatMap(n => [el("dt", {}, n), el("dd", {}, texts[n])])));
}

// -- the game page -----------------------------------------------------------------------
const openGroups = new Set();  // the top-level option groups opened on this page
function groupOptions(decision, onPick, texts, find) {
  const groups = decision.groups;
  const hover = (o) => {
    const names = find ? find(o.label) : [];
    return names.length ? names.map(n => `${n}: ${texts[n]}`).join("\n") : null;
  };
  // an option that would certainly lose something is marked, and says what on hover
  const button = (o) => el("button", {
    class: "option" + (o.warning ? " warned" : ""), "data-id": o.id, "data-kind": o.kind,
    "data-warning": o.warning || null,
    title: [o.warning ? "Warning: " + o.warning : null, hover(o)].filter(Boolean).join("\n") || null,
    onclick: () => onPick(o) }, o.warning ? "\u26a0 " + o.label : o.label);
  if (!groups) return decision.options.map(button);
  // a long decision (Survive Alive's Spend) listed as the terminal lists it
  // (zedlab.cli.menus): at each level, in the options' order, a group where its first
  // option is and a group of one option as that option; a top-level group is a section
  // that opens (kept open while the page is), a nested one a box inside it
  const options = decision.options;
  function level(members, depth) {
    const count = new Map();
    for (const i of members)
      if (groups[i].length > depth) count.set(groups[i][depth], (count.get(groups[i][depth]) || 0) + 1);
    const out = [];
    const drawn = new Set();
    for (const i of members) {
      const title = groups[i][depth];
      if (title === undefined || count.get(title) === 1) { out.push(button(options[i])); continue; }
      if (drawn.has(title)) continue;
      drawn.add(title);
      const inside = level(members.filter(j => groups[j][depth] === title), depth + 1);
      out.push(depth === 0 ? topGroup(title, count.get(title), inside)
                           : el("fieldset", {}, el("legend", {}, title), inside));
    }
    return out;
  }
  function topGroup(title, n, inside) {
    const box = el("details", Object.assign({ class: "option-group", "data-group": title },
                                            openGroups.has(title) ? { open: "" } : {}),
      el("summary", {}, el("h3", {}, el("span", { class: "group-title" }, title), " ",
         el("span", { class: "group-count" }, `(${n} option${n === 1 ? "" : "s"})`))),
      inside);
    box.addEventListener("toggle", () => {
      if (box.open) openGroups.add(title); else openGroups.delete(title);
    });
    return box;
  }
  return [el("div", { class: "option-groups" }, level(options.map((_, i) => i), 0))];
}

function confirmed(option) {
  // the game's warning before an option that would certainly lose something: play it only
  // if the player says so, in a dialog of the page (modal: Tab moves between its buttons,
  // Enter or Space answers, Escape cancels; the focus starts on Cancel)
  if (!option.warning) return Promise.resolve(true);
  return new Promise((resolve) => {
    const no = el("button", { type: "submit", value: "no", id: "warn-no" }, "Cancel");
    const yes = el("button", { type: "submit", value: "yes", id: "warn-yes", class: "primary" },
                   "Play it anyway");
    const dialog = el("dialog", { id: "warn-dialog", role: "alertdialog",
                                  "aria-labelledby": "warn-title", "aria-describedby": "warn-text" },
      el("h2", { id: "warn-title" }, "Warning: " + option.label),
      el("p", { id: "warn-text" }, option.warning),
      el("form", { method: "dialog", class: "dialog-buttons" }, no, yes));
    dialog.addEventListener("close", () => {
      const answer = dialog.returnValue === "yes";
      dialog.remove();
      // the page may have been drawn again under the dialog: the focus goes back to the
      // option asked about (by id), not to the page's body
      const active = document.activeElement;
      if (!active || active === document.body) {
        refocus(`#decision button.option[data-id="${CSS.escape(String(option.id))}"]`);
      }
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    no.focus();
  });
}

// a redrawn decision keeps the keyboard's place: the option (by id) or the group heading
// (by title) that had the focus has it again
function focusKey(node) {
  if (!node || !node.closest || !node.closest("#decision")) return null;
  if (node.matches("button.option")) return `#decision button.option[data-id="${CSS.escape(node.dataset.id)}"]`;
  const group = node.matches("summary") && node.closest(".option-group");
  return group ? `#decision .option-group[data-group="${CSS.escape(group.dataset.group)}"] > summary` : null;
}
function refocus(selector) {
  const node = selector && document.querySelector(selector);
  if (node) node.focus();
}

async function gamePage(gid, seatPart) {
  const gen = routes;
  const mine = tokens(gid);
  const seat = seatPart !== undefined && mine[seatPart] ? seatPart : Object.keys(mine)[0];
  const token = seat !== undefined ? mine[seat] : null;
  const board = el("section", { class: "panel", id: "board" });
  const decision = el("section", { class: "panel", id: "decision" });
  const logList = el("ol", { class: "log", id: "log" });
  const cards = el("div", { id: "cards-holder" });
  const side = el("div", {},
    el("section", { class: "panel", id: "seats" }), cards,
    el("section", { class: "panel" }, el("h2", {}, "What happened"), logList));
  const error = el("p", { class: "error", id: "error" });
  // said when a warned option's dialog is dismissed: the move was not played, the question
  // stays
  const notPlayed = el("p", { class: "note", id: "not-played", role: "status" });
  // said while a move's answer is awaited for more than a moment: the move is being played
  // and the bots that follow it are moving (a searching bot thinks up to a second a move)
  const waiting = el("p", { class: "note", id: "waiting", role: "status" });
  // the board across the page's width; the decision and the seats/log columns below it
  // the newest events (up to 5) stay beside the question, so a result is read where the
  // next choice is made; the whole history is in "What happened"
  const recent = el("ul", { class: "recent", id: "recent", "aria-live": "polite" });
  app.replaceChildren(board, el("div", { class: "game" }, el("div", {}, recent, decision, waiting, notPlayed, error), side));
  let current = null;
  let busy = false;
  let texts = {};
  let find = () => [];

  let shownSeq = 0;
  function addEvents(page) {
    if (page.reset) { logList.replaceChildren(); shownSeq = 0; }
    logList.querySelectorAll("li.new").forEach(li => li.classList.remove("new"));
    const fresh = [];
    for (const e of page.events) {
      if (e.seq <= shownSeq) continue;
      shownSeq = e.seq;
      logList.append(el("li", { class: "new", "data-seq": e.seq }, e.text));
      fresh.push(e.text);
    }
    logList.scrollTop = logList.scrollHeight;
    if (fresh.length || page.reset) {
      recent.replaceChildren(...fresh.slice(-5).map(t => el("li", {}, t)));
    }
  }

  async function pick(option) {
    if (busy || !current) return;
    const asked = current;  // the view whose question this answers
    if (option.warning && !(await confirmed(option))) {
      notPlayed.textContent = `Not played: ${option.label}. Choose again (the question stays).`;
      return;
    }
    if (busy || !current) return;  // another move began while the dialog was open
    if (current.revision !== asked.revision || current.seq !== asked.seq) {
      // the game moved on under the dialog (another tab, an undo): the answer was to a
      // question no longer asked, so nothing is played
      notPlayed.textContent = `Not played: ${option.label}. The game moved on while you were asked; choose again.`;
      return;
    }
    notPlayed.textContent = "";
    busy = true;
    decision.dataset.busy = "1";  // until the answer is drawn
    error.textContent = "";
    decision.querySelectorAll("button").forEach(b => { b.disabled = true; });
    const slow = setTimeout(() => {
      waiting.textContent = `Playing ${option.label}; the bots that follow are moving…`;
    }, 400);
    try {
      show(await api("POST", `/api/games/${gid}/actions`, { action: option.id, after: current.seq, revision: current.revision }, token));
    } catch (e) {
      error.textContent = e.message;
      show(await api("GET", `/api/games/${gid}/view`, undefined, token));
    } finally {
      clearTimeout(slow);
      waiting.textContent = "";
      busy = false;
      delete decision.dataset.busy;
    }
  }

  async function undo() {
    error.textContent = "";
    try { show(await api("POST", `/api/games/${gid}/undo`, undefined, token)); }
    catch (e) { error.textContent = e.message; }
  }

  function show(view) {
    if (current && view.seq < current.seq && !view.outcome && current.outcome) return;
    if (!current || view.seq !== current.seq) notPlayed.textContent = "";  // a new question
    current = view;
    const focused = focusKey(document.activeElement);
    where.textContent = `${view.title} · ` + (view.seat === null ? "watching" : `seat ${view.seat}`)
      + ` · ${view.status}`;
    named(view.title);
    cards.replaceChildren(...[cardsPanel(view, texts, find)].filter(Boolean));
    board.replaceChildren(drawBoard(view, view.decision && !view.outcome ? pick : null));
    const parts = [];
    if (view.outcome) {
      decision.classList.add("outcome");
      const o = view.outcome;
      parts.push(el("h2", { id: "outcome" }, "Game over: " +
        (o.winners.length ? "won by seat " + o.winners.join(" and ") : "no winner")),
        el("p", {}, `${o.reason || ""} · scores ${o.scores.join(" / ")}`),
        el("a", { href: `#/replay/${gid}` }, "Replay it step by step"),
        " · ", el("a", { href: "#/" }, "Lobby"));
    } else if (view.decision) {
      parts.push(el("div", { class: "prompt" }, view.decision.prompt),
                 ...groupOptions(view.decision, pick, texts, find));
    } else {
      parts.push(el("p", { class: "muted", id: "waiting" },
        view.to_move === null ? "" : `Waiting for seat ${view.to_move} (${view.seats[view.to_move].kind})…`));
    }
    if (token && !view.outcome)
      parts.push(el("div", {}, el("button", { id: "undo", disabled: view.can_undo ? null : "",
                                              onclick: undo }, "Undo")));
    decision.replaceChildren(...parts);
    refocus(focused);
    const openSeats = view.seats.filter(s => s.kind === "open");
    document.getElementById("seats").replaceChildren(el("div", {},
      el("h2", {}, "Seats"),
      el("ul", {}, view.seats.map(s => el("li", {},
        `Seat ${s.seat}: ${s.kind}` + (String(s.seat) === String(view.seat) ? " (you)" : ""),
        mine[s.seat] && String(s.seat) !== String(view.seat)
          ? el("a", { href: `#/game/${gid}/${s.seat}` }, " switch") : null))),
      openSeats.length ? el("p", { class: "invite" }, "Invite a friend: ",
        el("a", { id: "invite", href: `#/join/${gid}` }, `${location.origin}/#/join/${gid}`)) : null,
      el("p", { class: "muted" }, "Watch: ", el("a", { href: `#/game/${gid}` }, "spectator view"))));
  }

  try {
    const [first, cardTexts] = await Promise.all([
      api("GET", `/api/games/${gid}/view`, undefined, token),
      api("GET", `/api/games/${gid}/texts`).catch(() => ({}))]);
    if (stale(gen)) return;
    texts = cardTexts;
    find = cardFinder(texts);
    show(first);
  } catch (e) {
    if (stale(gen)) return;
    app.replaceChildren(el("section", { class: "panel" }, el("p", { class: "error" }, e.message),
                        el("a", { href: "#/" }, "Back to the lobby")));
    return;
  }
  const query = new URLSearchParams({ since: "0" });
  if (token) query.set("token", token);
  live = new EventSource(`/api/games/${gid}/stream?${query}`);
  live.addEventListener("update", (msg) => {
    const data = JSON.parse(msg.data);
    addEvents(data);
    // a pushed view older than the one shown (made before this page's own move was
    // answered) is passed over; a newer one follows it
    if (!busy && (!current || data.view.revision >= current.revision)) show(data.view);
    if (data.view.outcome && live) { live.close(); live = null; }
  });
}

// -- replay of a finished game ----------------------------------------------------------
async function replayPage(gid) {
  where.textContent = "Replay";
  const gen = routes;
  let record;
  try { record = await api("GET", `/api/games/${gid}/record`); }
  catch (e) { if (!stale(gen)) app.replaceChildren(el("p", { class: "error" }, e.message)); return; }
  if (stale(gen)) return;
  const total = record.steps.length;
  let step = total;
  const board = el("section", { class: "panel", id: "board" });
  const label = el("span", { id: "replay-step" });
  const last = el("p", { class: "muted" });
  async function go(k) {
    step = Math.max(0, Math.min(total, k));
    const view = await api("GET", `/api/games/${gid}/replay?step=${step}`);
    board.replaceChildren(drawBoard(view));
    where.textContent = `${view.title} · replay`;
    named(view.title);
    label.textContent = `step ${step} of ${total}`;
    const s = record.steps[step - 1];
    last.textContent = s ? `seat ${s.player}: ${s.action.label || s.action.kind}` : "the start";
  }
  app.replaceChildren(board, el("section", { class: "panel" },
    el("button", { onclick: () => go(0) }, "⏮"), el("button", { id: "back", onclick: () => go(step - 1) }, "◀"),
    label, el("button", { id: "forward", onclick: () => go(step + 1) }, "▶"),
    el("button", { onclick: () => go(total) }, "⏭"), last,
    el("a", { href: `#/game/${gid}` }, "Back to the game")));
  go(0);
}
