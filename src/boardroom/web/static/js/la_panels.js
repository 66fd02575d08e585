// The Lost Atlas decisions explained in the main area, each with what it would lead to:
// the minor matrix of the Stock Round, a Stock Round turn (buy, sell: price, share held
// after, presidency), the leadoff and later train purchases (which train, price, what it
// runs), a train-sale offer to accept, issuing or redeeming a share, paying out or
// withholding (revenue, per share, each holder's income, the price move), and any other
// decision as a plain button. The outcomes are the engine's: each legal action played on a
// copy of the game by the server (GET /api/games/{id}/outcome), nothing guessed here.
import {h, money} from "./dom.js";
import {api} from "./api.js";
import {referenceNow as reference} from "./lost_atlas_sheets.js";
/** @import {LaCompany, LegalAction, LostAtlasView, Outcome, OutcomeAfter} from "./shapes.js" */
/** @import {Ctx} from "./table.js" */
/** @import {LostAtlasTable} from "./lost_atlas.js" */
/** @typedef {Ctx<LostAtlasView>} LaCtx */
/** @typedef {Record<string, Outcome>} Outcomes each action's, by its notation */

/** @type {Record<string, string>} */
const STEP_NAMES = {
  leadoff: "buy a leadoff train", shares: "issue or redeem a share", track: "lay track",
  hub: "place a hub", run: "run the trains", payout: "pay out or withhold", trains: "buy trains",
};
/** @type {Record<string, string>} */
export const ROUND_NAMES = {stock: "Stock Round", operating: "Operating Round", merger: "Merger Round",
  map_building: "Map building", map: "Map building", over: "Game over"};

/** @param {LostAtlasView} view */
export function roundName(view) {
  if (view.result) return "Game over";
  const base = ROUND_NAMES[view.round] || view.round;
  if (view.round === "operating" && view.operating_round) return `${base} ${view.operating_round}`;
  return base;
}

/** @param {string} step */
export function stepName(step) { return STEP_NAMES[step] || step; }

/** @param {LostAtlasView} view @param {string} id */
function nameOf(view, id) { return view.companies[id]?.name || reference()?.minors?.[id]?.name || reference()?.majors?.[id] || id; }

// -- the engine's outcomes ----------------------------------------------------------------
/** @type {Map<string, Promise<Outcomes>>} */
const cache = new Map();

// outcomes of `notations` at the table's count, cached; resolves to {notation: outcome}
/** @param {LaCtx} ctx @param {string[]} notations @returns {Promise<Outcomes>} */
export function outcomes(ctx, notations) {
  const t = ctx.table;
  const key = `${t.id}|${t.token}|${t.game().count}|${notations.join("|")}`;
  if (!cache.has(key)) {
    if (cache.size > 40) cache.clear();
    const ask = [];
    for (let i = 0; i < notations.length; i += 12) ask.push(notations.slice(i, i + 12));
    // asked without `after`: a reply of a later position (a bot acted meanwhile) is
    // dropped here, and the table's own redraw of that position asks again
    const count = t.game().count;
    cache.set(key, Promise.all(ask.map((part) => api.outcome(t.id, t.token, part)))
      .then((replies) => replies.some((r) => r.count !== count) ? /** @type {Outcomes} */ ({})
        : Object.fromEntries(replies.flatMap((r) => r.outcomes).map((o) => [o.action, o])))
      .catch(() => { cache.delete(key); return {}; }));
  }
  return /** @type {Promise<Outcomes>} */ (cache.get(key));
}

// a span filled in when the outcome arrives
/** @template T @param {Promise<T>} promise
 * @param {(all: T) => string | Node | (string | Node)[] | null | undefined} fill */
function later(promise, fill) {
  const span = h("span.outcome", {}, "…");
  promise.then((all) => { span.textContent = ""; const got = fill(all); span.append(...(Array.isArray(got) ? got : [got ?? ""])); });
  return span;
}

/** @param {LaCompany} c */
function totalShares(c) {
  return Object.values(c.shares).reduce((a, b) => a + b, 0) + c.treasury_shares + c.pool_shares;
}

/** @param {LaCompany} before @param {LaCompany | undefined} after */
function priceMove(before, after) {
  if (!after) return "";
  if (after.price === before.price) return `price stays ${money(before.price)}`;
  if (after.price === 0) return "the price falls to 0: the company is dissolved";
  return `price ${after.price > before.price ? "rises" : "falls"} ${money(before.price)} → ${money(after.price)}`;
}

/** @param {LaCtx} ctx @param {string} id @param {OutcomeAfter} after */
function presidencyNote(ctx, id, after) {
  const before = ctx.view.companies[id];
  const c = after && after.companies[id];
  if (!c || !before || c.president === before.president) return "";
  return ` · presidency passes to ${ctx.table.name(c.president)}`;
}

/** @param {LaCtx} ctx @param {LegalAction} a @param {string} [text] @param {string} [extra] the classes: ".primary" */
function button(ctx, a, text, extra) {
  return h("button" + (extra || ""), {dataset: {notation: a.notation}, title: a.label || a.notation,
    onclick: () => ctx.act(a.notation)}, text || a.label || a.notation);
}

// -- the minor matrix ---------------------------------------------------------------------
/** @param {LostAtlasView} view @param {string} minor @returns {string[]} */
export function homesOf(view, minor) {
  return Object.entries(view.map.reserved || {}).filter(([, m]) => m === minor).map(([ref]) => ref);
}

/** @param {LaCtx} ctx @param {LostAtlasTable} la */
export function matrixPanel(ctx, la) {
  const {view, legal} = ctx;
  const columns = view.matrix || [];
  if (view.round !== "stock" && !legal.some((a) => a.notation.startsWith("launch "))) return null;
  if (!columns.some((c) => c.length)) return null;
  const ref = reference();
  const launches = legal.filter((a) => a.notation.startsWith("launch "));
  const box = h("section.decide.la-decide.matrix-panel", {id: "matrix-panel", "aria-label": "The minor companies up for auction"});
  box.append(h("h2", {}, launches.length ? "Choose the minor to launch" : "Minors up for auction"),
    h("p.muted", {}, "The bottom minor of each column may be launched (marked “available”); when it is, the next in its column becomes available. " +
      "A launched minor starts with the winning bid as its treasury and no train (it may buy a leadoff train in its first Operating Round). Point at a minor to see its home on the map."));
  const grid = h("div.matrix");
  columns.forEach((col, ci) => {
    const column = h("ol.matrix-column", {"aria-label": `Column ${ci + 1}`});
    // drawn as on the table: the available minor at the bottom
    [...col].reverse().forEach((minor) => {
      const available = col[0] === minor;
      const info = ref?.minors?.[minor];
      const homes = homesOf(view, minor);
      const mine = launches.filter((a) => a.notation.split(" ")[1] === minor);
      const home = info?.home_at_launch ? "its home is chosen at launch"
        : homes.length ? `home ${homes.map((r) => r.replace("/0", "")).join(", ")}` : "home not on the map";
      const card = h("li.minor-card" + (available ? ".available" : ""), {dataset: {minor}, tabindex: 0,
        "aria-label": `${info?.name || minor}${available ? " (available)" : ""}: ${info?.ability || ""} ${home}`,
        onmouseenter: () => la.markHomes(homes), onmouseleave: () => la.markHomes([]),
        onfocus: () => la.markHomes(homes), onblur: () => la.markHomes([])},
        h("div.minor-head", {}, h("span.swatch", {style: {background: ref?.colours?.[minor] || "#777"}}), " ",
          h("strong", {}, info?.name || minor), available ? h("span.badge", {}, "available") : h("span.muted", {}, " (later)")),
        h("div.minor-ability", {}, info?.ability || ""),
        h("div.minor-facts", {}, home),
        mine.length === 1 ? button(ctx, mine[0], `Launch ${info?.name || minor}`, ".primary") : "",
        mine.length > 1 ? launchAt(ctx, minor, mine, la) : "");
      column.append(card);
    });
    grid.append(column);
  });
  box.append(grid);
  return box;
}

/** @param {LaCtx} ctx @param {string} minor @param {LegalAction[]} actions @param {LostAtlasTable} la */
function launchAt(ctx, minor, actions, la) {
  // Adaptive: a home chosen from the legal spots
  /** @type {HTMLSelectElement} */
  const sel = h("select", {"aria-label": "Home for the launch", class: "launch-home",
    onchange: () => la.markHomes([sel.value.split(" at ")[1]])},
  actions.map((a) => h("option", {value: a.notation}, a.notation.split(" at ")[1])));
  return h("div.launch-at", {}, "Home: ", sel,
    h("button.primary", {onclick: () => ctx.act(sel.value)}, "Launch here"));
}

// -- a Stock Round turn ---------------------------------------------------------------------
/** @param {LaCtx} ctx */
export function stockPanel(ctx) {
  const {view, legal, table} = ctx;
  if (view.round !== "stock" || view.auction) return null;
  const trades = legal.filter((a) => /^(buy|sell) /.test(a.notation));
  const done = legal.find((a) => a.notation === "done");
  const pass = legal.find((a) => a.notation === "pass");
  const openings = legal.some((a) => a.notation.startsWith("auction "));
  if (!trades.length && !done && !pass) return null;
  const me = ctx.seat;
  if (me === null) return null;  // a seat's legal actions: not a spectator's
  const got = outcomes(ctx, trades.map((a) => a.notation));
  const box = h("section.decide.la-decide", {id: "stock-panel", "aria-label": "Your Stock Round turn"});
  box.append(h("h2", {}, `${table.name(me)}: your Stock Round turn`),
    h("p.muted", {}, openings ? "Start an auction (above), or sell shares and/or buy one share, or pass." : "Sell shares and/or buy one share, then end your turn."),
    h("p", {}, `Your cash: ${money(view.players[me].cash)}.`));
  if (trades.length) {
    const rows = trades.map((a) => {
      const [verb, id] = a.notation.split(" ");
      const c = view.companies[id];
      const total = totalShares(c);
      return h("tr", {},
        h("td", {}, a.label || a.notation),
        h("td", {}, later(got, (all) => {
          const o = all[a.notation];
          if (!o || !o.legal) return o ? o.error : "";
          const after = o.after.companies[id];
          const held = after ? after.shares[String(me)] || 0 : 0;
          const cash = o.after.players[me].cash;
          return `${verb === "buy" ? "you then hold" : "you keep"} ${held} of ${total} (${Math.round(100 * held / total)}%) · cash ${money(cash)}` +
            (after ? ` · ${priceMove(c, after)}` : "") + presidencyNote(ctx, id, o.after);
        })),
        h("td", {}, button(ctx, a, verb === "buy" ? "Buy" : "Sell", ".primary")));
    });
    box.append(h("table.choices", {id: "stock-choices"}, h("caption", {}, "Shares you may buy or sell"),
      h("thead", {}, h("tr", {}, h("th", {}, "Choice"), h("th", {}, "After it"), h("th", {}, ""))), h("tbody", {}, rows)));
  }
  if (done) box.append(button(ctx, done, "End your turn (buy nothing more)"));
  if (pass) box.append(button(ctx, pass, "Pass (do nothing this turn)"));
  return box;
}

// -- the Operating Round ------------------------------------------------------------------
/** @param {string} id */
function trainFacts(id) {
  const t = reference()?.trains?.find((x) => x.id === id);
  if (!t) return "";
  const runs = t.stops === null || t.stops === undefined ? "runs to any number of stops" : `runs to ${t.stops} stops`;
  return `${runs}${t.rusted_by.length ? `; rusted by the first ${t.rusted_by.join(" or ")}-train` : "; never rusts"}`;
}

// offers for another company's train: one row per train, its price chosen in a box (the
// legal prices run from $1 to what the treasury holds), not a button per price
/** @param {LaCtx} ctx @param {LegalAction[]} offers @param {LaCompany | undefined} c the buyer
 * @param {Set<string>} covered */
function offerTable(ctx, offers, c, covered) {
  const {view} = ctx;
  /** @type {Map<string, {train: string, seller: string, prices: number[]}>} */
  const groups = new Map();
  for (const a of offers) {
    covered.add(a.notation);
    const [, train, , seller, price] = a.notation.split(" ");
    const key = `${train} from ${seller}`;
    if (!groups.has(key)) groups.set(key, {train, seller, prices: []});
    groups.get(key)?.prices.push(Number(price));
  }
  return h("table.choices", {id: "offer-choices"},
    h("caption", {}, "Or offer to buy another company's train (its president agrees or declines)"),
    h("thead", {}, h("tr", {}, ["Train", "What it runs", "Your offer", ""].map((x) => h("th", {}, x)))),
    h("tbody", {}, [...groups.entries()].map(([key, g]) => {
      const lo = Math.min(...g.prices), hi = Math.max(...g.prices);
      const input = h("input", {type: "number", min: lo, max: hi, value: lo, step: 1, class: "offer-price",
        "aria-label": `Your offer for ${nameOf(view, g.seller)}'s ${g.train}-train, ${money(lo)} to ${money(hi)}`});
      const note = h("span.muted.offer-note", {}, ` ${money(lo)} to ${money(hi)}; if agreed, treasury ${money(c ? c.treasury : 0)} → ${money((c ? c.treasury : 0) - lo)}`);
      input.addEventListener("input", () => {
        const p = Number(input.value);
        note.textContent = g.prices.includes(p) ? ` ${money(lo)} to ${money(hi)}; if agreed, treasury ${money(c ? c.treasury : 0)} → ${money((c ? c.treasury : 0) - p)}` : ` an offer is ${money(lo)} to ${money(hi)}`;
      });
      const send = h("button", {dataset: {offer: key}, onclick: () => {
        const p = Number(input.value);
        if (g.prices.includes(p)) ctx.act(`train ${key} ${p}`);
        else note.textContent = ` an offer is ${money(lo)} to ${money(hi)}`;
      }}, "Make the offer");
      return h("tr", {}, h("td", {}, `${nameOf(view, g.seller)}'s ${g.train}-train`), h("td", {}, trainFacts(g.train)),
        h("td", {}, input, note), h("td", {}, send));
    })));
}

/** @param {LaCtx} ctx @returns {{box: HTMLElement, covered: Set<string>} | null} */
export function operatingPanel(ctx) {
  const {view, legal} = ctx;
  const op = view.operating;
  if (!op || !legal.length) return null;
  const id = op.company;
  const c = view.companies[id];
  const name = nameOf(view, id);
  const box = h("section.decide.la-decide", {id: "operating-panel", "aria-label": `${name}'s decision`});
  const offered = op.offer && legal.some((a) => a.notation === "agree");
  box.append(h("h2", {}, op.offer && offered ? `${nameOf(view, op.offer.seller)}: an offer for its ${op.offer.train}-train` : `${name}: ${stepName(op.step)}`));
  if (c) box.append(h("p.muted", {}, `Treasury ${money(c.treasury)} · price ${money(c.price)} · trains ${c.trains.join(", ") || "none"}`));
  /** @type {Set<string>} */
  const covered = new Set();
  /** @param {string} verb */
  const has = (verb) => legal.filter((a) => a.notation.split(" ")[0] === verb);

  /** @param {LegalAction} a */
  const isOffer = (a) => / from /.test(a.notation);  // train T from SELLER PRICE
  const trains = [...has("train"), ...has("force")].filter((a) => !isOffer(a));
  if (trains.length) {
    const got = outcomes(ctx, trains.map((a) => a.notation));
    box.append(h("table.choices", {id: "train-choices"},
      h("caption", {}, op.step === "leadoff" ? "The leadoff train (bought at face value, it runs this turn)" : "Trains to buy"),
      h("thead", {}, h("tr", {}, ["Train", "What it runs", "After it", ""].map((x) => h("th", {}, x)))),
      h("tbody", {}, trains.map((a) => {
        covered.add(a.notation);
        const train = a.notation.split(" ")[1];
        return h("tr", {}, h("td", {}, a.label || a.notation), h("td", {}, trainFacts(train)),
          h("td", {}, later(got, (all) => {
            const o = all[a.notation];
            if (!o || !o.legal) return o ? o.error : "";
            const after = o.after.companies[id];
            return `treasury ${money(after ? after.treasury : 0)}` +
              (o.after.phase !== view.phase ? ` · phase ${o.after.phase} begins` : "");
          })),
          h("td", {}, button(ctx, a, "Buy", ".primary")));
      }))));
  }
  const offers = has("train").filter(isOffer);
  if (offers.length) box.append(offerTable(ctx, offers, c, covered));
  if (op.offer && (has("agree").length || has("decline").length)) {
    const o = op.offer;
    const buyer = name;
    box.append(h("p", {id: "offer-terms"}, h("strong", {}, `${buyer} offers ${money(o.price)} for ${nameOf(view, o.seller)}'s ${o.train}-train`),
      ` (${trainFacts(o.train)}). As ${nameOf(view, o.seller)}'s president you may agree (its treasury ${money(view.companies[o.seller]?.treasury ?? 0)} → ${money((view.companies[o.seller]?.treasury ?? 0) + o.price)}; it keeps ${Math.max(0, (view.companies[o.seller]?.trains.length ?? 1) - 1)} train(s)) or decline.`));
    for (const a of [...has("agree"), ...has("decline")]) {
      covered.add(a.notation);
      box.append(button(ctx, a, a.notation === "agree" ? `Agree: sell it for ${money(o.price)}` : "Decline", a.notation === "agree" ? ".primary" : ""));
    }
  }
  const shares = [...has("issue"), ...has("redeem")];
  if (shares.length && c) {
    const got = outcomes(ctx, shares.map((a) => a.notation));
    box.append(h("table.choices", {id: "share-choices"}, h("caption", {}, "Issue or redeem one share"),
      h("tbody", {}, shares.map((a) => {
        covered.add(a.notation);
        return h("tr", {}, h("td", {}, a.label || a.notation),
          h("td", {}, a.notation === "issue" ? `the treasury receives ${money(c.price)}` : `the treasury pays ${money(c.price)}`),
          h("td", {}, later(got, (all) => {
            const o = all[a.notation];
            if (!o || !o.legal) return o ? o.error : "";
            const after = o.after.companies[id];
            return `${priceMove(c, after)} · treasury ${money(after.treasury)} · pool ${after.pool_shares} · treasury shares ${after.treasury_shares}`;
          })),
          h("td", {}, button(ctx, a, a.notation === "issue" ? "Issue" : "Redeem", ".primary")));
      }))));
  }
  const pays = [...has("payout"), ...has("half"), ...has("withhold")];
  if (pays.length && c) {
    const got = outcomes(ctx, pays.map((a) => a.notation));
    const total = totalShares(c);
    box.append(h("p", {id: "payout-revenue"}, `Revenue ${money(op.revenue)}: ${money(Math.floor(op.revenue / total))} per share over ${total} shares.`));
    box.append(h("table.choices", {id: "payout-choices"}, h("caption", {}, "Pay out or withhold"),
      h("thead", {}, h("tr", {}, ["Choice", "Each holder's income", "The price", ""].map((x) => h("th", {}, x)))),
      h("tbody", {}, pays.map((a) => {
        covered.add(a.notation);
        return h("tr", {}, h("td", {}, a.label || a.notation),
          h("td", {}, later(got, (all) => {
            const o = all[a.notation];
            if (!o || !o.legal) return o ? o.error : "";
            const incomes = view.players.map((p, s) => /** @type {[string, number]} */ ([p.name, o.after.players[s].cash - p.cash])).filter(([, n]) => n);
            const after = o.after.companies[id];
            const treasury = after ? after.treasury - c.treasury : 0;
            return [...incomes.map(([n, x]) => `${n} +${money(x)}`), `treasury +${money(Math.max(0, treasury))}`].join(" · ");
          })),
          h("td", {}, later(got, (all) => {
            const o = all[a.notation];
            return o && o.legal ? priceMove(c, o.after.companies[id]) : "";
          })),
          h("td", {}, button(ctx, a, a.notation === "payout" ? "Pay out" : a.notation === "withhold" ? "Withhold" : "Half", ".primary")));
      }))));
  }
  return {box, covered};
}

// every legal action no other panel offers, as a button in the main area
// (`into`: the panel of the same decision, which then holds them: no second heading)
/** @param {LaCtx} ctx @param {Set<string>} covered @param {string} title @param {HTMLElement} [into] */
export function otherPanel(ctx, covered, title, into) {
  const rest = ctx.legal.filter((a) => !covered.has(a.notation));
  if (!rest.length) return null;
  const step = ctx.view.operating?.step;
  /** @type {Record<string, string>} */
  const passText = {track: "Lay no more track", hub: "Place no hub", leadoff: "Buy no leadoff train",
    shares: "Neither issue nor redeem", trains: "Buy no (more) trains"};
  const box = into || h("section.decide.la-decide", {id: "other-panel", "aria-label": title});
  if (!into) box.append(h("h2", {}, title));
  box.append(h("div.other-choices", {id: into ? "other-choices" : undefined}, rest.slice(0, 30).map((a) =>
    button(ctx, a, a.notation === "pass" && step && passText[step] ? passText[step] : a.label || a.notation))));
  if (rest.length > 30) box.append(h("p.muted", {}, `${rest.length - 30} more in the list of every legal action.`));
  return into ? null : box;
}

// the merger consent's preview: who becomes president, the new price, the shares each
// holder ends with, the majors the new president may choose
/** @param {LaCtx} ctx */
export function consentPreview(ctx) {
  const {view, legal, table} = ctx;
  const m = view.merger;
  if (!m || !m.proposal || !legal.some((a) => a.notation === "accept")) return null;
  const box = h("div.consent-preview", {id: "consent-preview"}, "If you accept: ");
  const first = outcomes(ctx, ["accept"]);
  box.append(later(first.then(/** @returns {Promise<{o?: Outcome, majors?: string[], formed?: Outcome}>} */ async (all) => {
    const o = all.accept;
    if (!o || !o.legal) return {o};
    const majors = o.after.next.filter((n) => n.startsWith("major "));
    const formed = majors.length ? await outcomes(ctx, [`accept; ${majors[0]}`]) : {};
    return {o, majors, formed: formed[`accept; ${majors[0]}`]};
  }).then((x) => ({x})), ({x}) => {
    const {o, majors, formed} = x;
    if (!o || !o.legal) return o ? o.error : "";
    const chooser = o.after.merger?.chooser;
    const parts = [];
    if (chooser !== null && chooser !== undefined) parts.push(`${table.name(chooser)} becomes the president`);
    if (formed && formed.legal) {
      const fresh = Object.entries(formed.after.companies).find(([cid]) => !view.companies[cid]);
      if (fresh) {
        const [, c] = fresh;
        parts.push(`the new price is ${money(c.price)}`);
        parts.push("shares after: " + Object.entries(c.shares).map(([s, n]) => `${table.name(Number(s))} ${n}`).join(", ") +
          (c.treasury_shares ? `, treasury ${c.treasury_shares}` : "") + (c.pool_shares ? `, pool ${c.pool_shares}` : ""));
      }
    }
    if (majors && majors.length) parts.push(`the major: ${table.name(chooser)} chooses one of ${majors.map((n) => nameOf(view, n.split(" ")[1])).join(", ")}`);
    return parts.join("; ") + ".";
  }));
  return box;
}
