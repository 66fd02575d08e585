// The Acquire table: the 12x9 board, the hand (playable tiles highlighted, unplayable ones
// marked why), founding and merger choices, buying up to three, keep/sell/trade, the
// stockholder card, the players and the final scores.
import {h, money} from "./dom.js";
import {api} from "./api.js";
/** @import {AcquireView, CheckReply, LegalAction} from "./shapes.js" */
/** @import {Ctx} from "./table.js" */
/** @typedef {AcquireView["players"][number]} AcquirePlayer */

/** @type {Record<string, string>} */
export const CHAIN_COLOURS = {
  Tower: "#e8c53a", Luxor: "#d9473b", American: "#2f5fb3", Worldwide: "#8a5a2b",
  Festival: "#3a9a4a", Imperial: "#d4568f", Continental: "#1f8e9e", lone: "#9a9a9a",
};
const ROWS = "ABCDEFGHI";
/** @type {Record<string, string>} */
const STEP_WORDS = {place: "place a tile", found: "name the new chain", survivor: "choose the survivor",
  next: "choose the next acquired chain", dispose: "keep, sell or trade", buy: "buy up to three shares"};
/** @type {Map<string, CheckReply>} */
const whyCache = new Map();

/** @param {string} colour "#rrggbb" */
function textOn(colour) {
  const n = parseInt(colour.slice(1), 16);
  const l = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return l > 150 ? "#111" : "#fff";
}

/** @param {HTMLElement} root @param {Ctx<AcquireView>} ctx */
export function renderAcquire(root, ctx) {
  const {view, legal, table} = ctx;
  const legalSet = new Set(legal.map((a) => a.notation));
  const hand = view.hand || [];
  const mine = ctx.seat !== null ? view.players[ctx.seat] : null;

  // the board
  const grid = h("div.aq-board", {role: "grid", "aria-label": "The board"});
  for (let r = 0; r < 9; r++) {
    // a row for the grid role (its box takes no room: the cells stay in the board's grid)
    const row = h("div.aq-row", {role: "row"});
    grid.append(row);
    for (let c = 1; c <= 12; c++) {
      const name = `${c}${ROWS[r]}`;
      const owner = view.board[name];
      const inHand = hand.includes(name);
      const playable = legalSet.has(name);
      const cell = h(playable ? "button.cell.playable" : "div.cell", {
        role: "gridcell", dataset: {tile: name}, "aria-label": `${name}${owner ? " " + owner : ""}`,
        onclick: playable ? () => ctx.act(name) : undefined,
        style: owner ? {background: CHAIN_COLOURS[owner], color: textOn(CHAIN_COLOURS[owner])} : undefined},
        name);
      if (inHand) cell.classList.add("in-hand");
      if (name === view.placed) cell.classList.add("last");
      row.append(cell);
    }
  }

  // the hand
  const handBox = h("div.hand", {id: "hand", "aria-label": "Your tiles"});
  for (const t of hand) {
    const playable = legalSet.has(t);
    const why = h("small.why");
    // an unplayable tile still clicks: the engine's refusal and rule are shown
    const placing = view.step === "place" && ctx.seat !== null && view.to_act.includes(ctx.seat) && !ctx.past;
    const b = h("button", {dataset: {tile: t},
      class: playable ? "tile playable" : placing ? "tile unplayable" : "tile",
      onclick: () => ctx.act(t)}, t, why);
    if (!playable && placing) {
      const key = `${table.id}:${table.game().count}:${t}`;
      /** @param {CheckReply} r */
      const fill = (r) => { if (!r.legal) { why.textContent = " " + r.error; b.title = `${r.error} [rule ${r.rule}]`; } };
      const known = whyCache.get(key);
      if (known) fill(known);
      else api.check(table.id, table.token, t).then((r) => { whyCache.set(key, r); fill(r); }).catch(() => {});
    }
    handBox.append(b);
  }

  const decide = h("section.decide", {id: "decide"});
  const myTurn = legal.length > 0;
  if (myTurn) decide.append(h("h2", {}, `Your decision: ${STEP_WORDS[view.step] || view.step}`));
  if (myTurn && view.step === "place") {
    decide.append(h("p", {}, "Click a highlighted tile on the board or in your hand."));
  }
  if (myTurn && ["found", "survivor", "next"].includes(view.step)) {
    decide.append(h("div.chains-choice", {}, legal.map((a) => {
      const chain = a.notation.split(" ")[1];
      return h("button.chain", {dataset: {notation: a.notation},
        style: {background: CHAIN_COLOURS[chain], color: textOn(CHAIN_COLOURS[chain])},
        onclick: () => ctx.act(a.notation)}, chain);
    })));
  }
  // a decision is a seat's: `mine` is there
  if (myTurn && mine && view.step === "dispose") decide.append(disposeControls(view, legal, mine, ctx));
  if (myTurn && mine && view.step === "buy") decide.append(buyControls(view, legalSet, mine, ctx));
  if (myTurn && legalSet.has("end")) {
    decide.append(h("button.danger", {id: "declare-end", onclick: () => ctx.act("end")}, "Declare the game over"));
  }

  root.append(h("div.aq", {}, grid,
    h("div.aq-info", {},
      h("p", {}, `Turn ${view.turn} · ${view.tiles_left} tiles in the bag · ${view.mode}`),
      hand.length ? h("h2", {}, "Your tiles") : "", handBox, decide,
      view.result ? finalScores(view) : ""),
    // the stockholder card and the players under the board, the whole width (every
    // player's holdings in view without scrolling)
    h("div.aq-sheets", {}, stockCard(view), playersTable(view))));
}

/** @param {AcquireView} view @param {LegalAction[]} legal @param {AcquirePlayer} mine @param {Ctx<AcquireView>} ctx */
function disposeControls(view, legal, mine, ctx) {
  // the steppers are the control (a merger may offer dozens of keep/sell/trade mixes): a
  // "+" that cannot go further is disabled and says why
  const m = /** @type {import("./shapes.js").AcquireMerger} */ (view.merger);  // the dispose step is in a merger
  const acquired = m.acquired, survivor = m.survivor;
  const held = (mine.shares && mine.shares[acquired]) || 0;
  const chains = Object.fromEntries(view.chains.map((c) => [c.name, c]));
  let sell = 0, trade = 0;
  const options = new Set(legal.map((a) => a.notation));
  /** @param {number} s sold @param {number} t traded */
  const notationOf = (s, t) => [s ? `sell ${s}` : "", t ? `trade ${t}` : ""].filter(Boolean).join(" ") || "keep";
  const out = h("div.dispose");
  const summary = h("p.dispose-sum", {id: "dispose-sum"});
  const sellPlus = h("button", {id: "sell-plus", "aria-label": "Sell one more", "aria-describedby": "sell-why"}, "+");
  const tradePlus = h("button", {id: "trade-plus", "aria-label": "Trade two more", "aria-describedby": "trade-why"}, "+");
  const sellWhy = h("small.why-not", {id: "sell-why"});
  const tradeWhy = h("small.why-not", {id: "trade-why"});
  const bank = chains[survivor].bank_shares;
  function whyNoTrade() {
    const left = held - sell - trade;
    if (left < 2) return left === 1 ? `a trade takes two ${acquired} shares; you have one left` : `you have no ${acquired} shares left to trade`;
    if ((trade + 2) / 2 > bank) return bank === 0 ? `none of the ${survivor} shares are left in the bank` : `only ${bank} ${survivor} share${bank === 1 ? " is" : "s are"} left in the bank`;
    return options.has(notationOf(sell, trade + 2)) ? "" : "the rules allow no more trades";
  }
  function whyNoSell() {
    if (held - sell - trade < 1) return `you have no ${acquired} shares left to sell`;
    return options.has(notationOf(sell + 1, trade)) ? "" : "the rules allow no more sales";
  }
  function update() {
    const keep = held - sell - trade;
    summary.textContent = `Keep ${keep} ${acquired} · sell ${sell} for ${money(sell * chains[acquired].price)} · ` +
      `trade ${trade} for ${trade / 2} ${survivor} (${bank} in the bank)`;
    const ns = whyNoSell(), nt = whyNoTrade();
    sellPlus.disabled = !!ns; sellPlus.title = ns; sellWhy.textContent = ns ? ` (${ns})` : "";
    tradePlus.disabled = !!nt; tradePlus.title = nt; tradeWhy.textContent = nt ? ` (${nt})` : "";
  }
  sellPlus.addEventListener("click", () => { if (!whyNoSell()) sell += 1; update(); });
  tradePlus.addEventListener("click", () => { if (!whyNoTrade()) trade += 2; update(); });
  out.append(h("p", {}, `${acquired} is acquired by ${survivor}. You hold ${held} ${acquired} ` +
      `(price ${money(chains[acquired].price)}).`),
    h("div.stepper", {}, "Sell ", h("button", {id: "sell-minus", onclick: () => { sell = Math.max(0, sell - 1); update(); }, "aria-label": "Sell one fewer"}, "−"),
      sellPlus, sellWhy),
    h("div.stepper", {}, "Trade 2-for-1 ", h("button", {id: "trade-minus", onclick: () => { trade = Math.max(0, trade - 2); update(); }, "aria-label": "Trade two fewer"}, "−"),
      tradePlus, tradeWhy),
    summary,
    h("button.primary", {id: "dispose-confirm", onclick: () => ctx.act(notationOf(sell, trade))}, "Confirm"),
    h("button", {id: "keep-all", onclick: () => ctx.act("keep")}, "Keep all"));
  update();
  return out;
}

/** @param {AcquireView} view @param {Set<string>} legalSet @param {AcquirePlayer} mine @param {Ctx<AcquireView>} ctx */
function buyControls(view, legalSet, mine, ctx) {
  /** @type {string[]} */
  const cart = [];
  const out = h("div.buy");
  const total = h("p.buy-total", {id: "buy-total"});
  const rows = h("div.buy-rows");
  const active = view.chains.filter((c) => c.size > 0);
  function notation() {
    if (!cart.length) return "pass";
    const order = view.chains.map((c) => c.name);
    return "buy " + [...cart].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(" ");
  }
  function update() {
    const cost = cart.reduce((s, name) => s + (view.chains.find((c) => c.name === name)?.price ?? 0), 0);
    total.textContent = `${cart.length}/3 shares: ${cart.join(", ") || "none"} · cost ${money(cost)} of ${money(mine.cash)}`;
    total.classList.toggle("over", !legalSet.has(notation()));
    for (const row of /** @type {HTMLCollectionOf<HTMLElement>} */ (rows.children)) {
      const name = /** @type {string} */ (row.dataset.chain);
      /** @type {HTMLElement} */ (row.querySelector(".count")).textContent = String(cart.filter((x) => x === name).length);
      const more = [...cart, name];
      const order = view.chains.map((c) => c.name);
      more.sort((a, b) => order.indexOf(a) - order.indexOf(b));
      /** @type {HTMLButtonElement} */ (row.querySelector(".plus")).disabled = cart.length >= 3 || !legalSet.has("buy " + more.join(" "));
    }
  }
  for (const c of active) {
    rows.append(h("div.buy-row", {dataset: {chain: c.name}},
      h("span.swatch", {style: {background: CHAIN_COLOURS[c.name]}}),
      h("span.name", {}, c.name), h("span", {}, money(c.price)), h("span.muted", {}, `${c.bank_shares} left`),
      h("button.minus", {"aria-label": `One fewer ${c.name}`, onclick: () => {
        const i = cart.lastIndexOf(c.name); if (i >= 0) cart.splice(i, 1); update(); }}, "−"),
      h("span.count", {}, "0"),
      h("button.plus", {"aria-label": `One more ${c.name}`, onclick: () => { if (cart.length < 3) cart.push(c.name); update(); }}, "+")));
  }
  out.append(active.length ? rows : h("p.muted", {}, "No chain is on the board yet."), total,
    h("button.primary", {id: "buy-confirm", onclick: () => ctx.act(notation())}, "Buy"),
    h("button", {id: "buy-pass", onclick: () => ctx.act("pass")}, "Buy nothing"));
  update();
  return out;
}

/** @param {AcquireView} view */
function stockCard(view) {
  return h("table.stock-card", {id: "stock-card"},
    h("caption", {}, "Chains (the stockholder card)"),
    h("thead", {}, h("tr", {}, ["Chain", "Tiles", "Price", "Majority", "Minority", "Bank", ...view.players.map((p) => p.name)].map((t) => h("th", {}, t)))),
    h("tbody", {}, view.chains.map((c) => h("tr", {dataset: {chain: c.name}},
      h("td", {}, h("span.swatch", {style: {background: CHAIN_COLOURS[c.name]}}), " ", c.name, c.safe ? " (safe)" : ""),
      h("td", {}, c.size || "–"), h("td", {}, c.size ? money(c.price) : "–"),
      h("td", {}, c.bonuses ? money(c.bonuses[0]) : "–"), h("td", {}, c.bonuses ? money(c.bonuses[1]) : "–"),
      h("td", {}, c.bank_shares),
      view.players.map((p) => h("td", {}, (p.shares && p.shares[c.name]) || ""))))));
}

/** @param {AcquireView} view */
function playersTable(view) {
  return h("table.players", {id: "players"},
    h("caption", {}, "Players"),
    h("thead", {}, h("tr", {}, ["Player", "Cash", "Tiles"].map((t) => h("th", {}, t)))),
    h("tbody", {}, view.players.map((p, i) => h("tr", {class: view.to_act.includes(i) ? "acting" : ""},
      h("td", {}, p.name), h("td", {}, money(p.cash)), h("td", {}, p.hand_size)))));
}

/** @param {AcquireView} view */
function finalScores(view) {
  const r = /** @type {import("./shapes.js").Result} */ (view.result);  // drawn once the game has one
  return h("section.final", {id: "final-scores"}, h("h2", {}, "Final scores"),
    h("ol", {}, r.ranking.flat().map((s) => h("li", {}, `${view.players[s].name}: ${money(r.scores[s])}`,
      r.winners.includes(s) ? " — winner" : ""))),
    view.end_reason ? h("p", {}, `The game ended: ${view.end_reason}.`) : "");
}
