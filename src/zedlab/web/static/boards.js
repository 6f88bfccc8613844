/* Boards: an SVG per game where one is written, else a generic layout of the view's
   public and private parts. Every board is drawn from the seat's own view only. */
"use strict";

const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function kvTable(value) {
  if (value === null || typeof value !== "object") return document.createTextNode(JSON.stringify(value));
  if (Array.isArray(value) && value.every(v => v === null || typeof v !== "object"))
    return document.createTextNode(value.map(v => JSON.stringify(v)).join(", ") || "—");
  const rows = Object.entries(value).map(([k, v]) =>
    el("tr", {}, el("th", {}, k), el("td", {}, kvTable(v))));
  return el("table", { class: "kv" }, rows);
}

function genericBoard(view) {
  const parts = [el("h2", {}, "Table"), kvTable(view.public)];
  if (view.private && Object.keys(view.private).length)
    parts.push(el("h2", {}, "Yours only"), kvTable(view.private));
  return el("div", { class: "generic" }, parts);
}

function pigBoard(view) {
  const p = view.public;
  const n = p.scores.length;
  const width = 640, row = 46, top = 40;
  const target = view.target || Math.max(30, ...p.scores);
  const board = svg("svg", { class: "board", viewBox: `0 0 ${width} ${top + n * row + 90}`,
                             role: "img", "aria-label": "Pig board" });
  board.append(svg("text", { x: 10, y: 24, fill: "#9aa4ab" },
                   `Round ${p.round} · bonus cards left ${p.bonus_cards_left}`));
  p.scores.forEach((score, seat) => {
    const y = top + seat * row;
    const mine = seat === view.seat;
    const turn = seat === p.current && view.to_move !== null;
    board.append(
      svg("text", { x: 10, y: y + 26, fill: turn ? "#c0392b" : "#e8e6e3",
                    "font-weight": mine ? "700" : "400" },
          `Seat ${seat}${mine ? " (you)" : ""}`),
      svg("rect", { x: 130, y: y + 8, width: 440, height: 26, rx: 5, fill: "#11161a",
                    stroke: "#3a4246" }),
      svg("rect", { x: 130, y: y + 8, width: Math.min(440, 440 * score / target), height: 26,
                    rx: 5, fill: turn ? "#c0392b" : "#3c8d5a", class: "score-bar" }),
      svg("text", { x: 580, y: y + 27, fill: "#e8e6e3", class: "score" }, String(score)));
  });
  const y = top + n * row + 20;
  board.append(svg("text", { x: 10, y: y + 24, fill: "#e8e6e3" },
                   `Turn total ${p.turn_total}` + (p.dice ? ` · rolling ${p.dice} ${p.dice === 1 ? "die" : "dice"}` : "")));
  for (let i = 0; i < (p.dice || 0); i++) {
    board.append(svg("rect", { x: 260 + i * 50, y, width: 38, height: 38, rx: 7,
                               fill: "#e8e6e3" }),
                 svg("text", { x: 268 + i * 50, y: y + 25, fill: "#161a1d" }, "d6"));
  }
  return el("div", {}, board);
}

const BOARDS = { "pig": pigBoard, "pack-pig": pigBoard, "secret-pig": pigBoard };

function pictureBoard(view) {
  // the game's own table, drawn by its renderer on the server (HTML with escaped text)
  const holder = el("div", { class: "picture-holder" });
  holder.innerHTML = view.picture;
  const data = el("details", {}, el("summary", {}, "All the data of this view"),
                  genericBoard(view));
  return el("div", {}, holder, data);
}

let boardZoomed = false;  // the phone's wider, scrolling board view
const NARROW = window.matchMedia("(max-width: 760px)");
let refit = null;  // draws the open board again (the screen got narrower or wider)
NARROW.addEventListener("change", () => { if (refit) refit(); });

function boardParts(whole) {
  // a narrow screen's board: each region the game marked (<g data-region="x y w h">, see
  // zedlab.core.svg.region) as a picture of its own, one under another, each fitted to the
  // width but never drawn larger than its own units; what is in no region is left out
  return [...whole.querySelectorAll(":scope > g[data-region]")].map(g => {
    const [x, y, w, h] = g.getAttribute("data-region").split(" ").map(Number);
    const part = whole.cloneNode(false);
    part.removeAttribute("role");
    part.removeAttribute("aria-label");
    part.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
    part.setAttribute("class", "board board-part");
    part.style.maxWidth = `${w}px`;
    part.append(g);
    return part;
  });
}

function svgBoard(view, pick) {
  // the game's own SVG board, drawn on the server from this seat's view; elements with
  // data-option="<id>" play that option, <title> children show on hover
  const holder = el("div", { class: "svg-holder" });
  const options = new Map(((view.decision && view.decision.options) || []).map(o => [String(o.id), o]));
  function fill() {
    holder.innerHTML = view.board;
    const whole = holder.querySelector("svg");
    // on a narrow screen a board with regions is shown region by region, readable without
    // zooming; "Zoom" shows the whole board instead (wide, scrolling sideways in its panel)
    const parts = whole && NARROW.matches && !boardZoomed ? boardParts(whole) : [];
    if (parts.length) {
      holder.replaceChildren(...parts);
      holder.setAttribute("role", "group");
      holder.setAttribute("aria-label", whole.getAttribute("aria-label") || "Board");
    } else {
      holder.removeAttribute("role");
      holder.removeAttribute("aria-label");
    }
    holder.classList.toggle("in-parts", parts.length > 0);
    holder.classList.toggle("zoomed", boardZoomed);
    holder.querySelectorAll("[data-option]").forEach(node => {
      const option = options.get(node.getAttribute("data-option"));
      if (!option || !pick) { node.classList.remove("pickable"); return; }
      node.classList.add("pickable");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      // the option's label, then what the element already says of itself (a cube's count)
      const own = node.getAttribute("aria-label");
      node.setAttribute("aria-label", own ? `${option.label} (${own})` : option.label);
      node.addEventListener("click", () => pick(option));
      node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(option); } });
    });
  }
  fill();
  refit = () => { if (holder.isConnected) fill(); };
  // the choice is kept while the page is open
  const zoom = el("button", { class: "zoom-toggle", id: "zoom", type: "button",
                              "aria-pressed": String(boardZoomed) }, "Zoom");
  zoom.addEventListener("click", () => {
    boardZoomed = !boardZoomed;
    zoom.setAttribute("aria-pressed", String(boardZoomed));
    fill();
  });
  const parts = [el("div", { class: "board-tools" }, zoom), holder];
  if (view.picture) {
    const table = el("div", { class: "picture-holder" });
    table.innerHTML = view.picture;
    parts.push(el("details", {}, el("summary", {}, "The table as text"), table));
  }
  return el("div", {}, parts);
}

function drawBoard(view, pick) {
  if (view.board) return svgBoard(view, pick);
  const draw = BOARDS[view.game];
  if (!draw && view.picture) return pictureBoard(view);
  if (!draw) return genericBoard(view);
  const node = draw(view);
  if (view.private && Object.keys(view.private).length)
    node.append(el("h2", {}, "Yours only"), kvTable(view.private));
  return node;
}
