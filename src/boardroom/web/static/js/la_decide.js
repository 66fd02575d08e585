// The Lost Atlas decisions that are not on the map, each with its own control and the
// numbers in front of the player: an auction's bid (amount with min/max and +/- steps,
// Bid, Pass), merger proposals, consent (accept/refuse) and Hostile Mergers votes.
// Whoever must decide gets the control (the server lists their legal actions, even out
// of turn); everybody else sees who is being waited on.
import {h, money} from "./dom.js";
import {consentPreview} from "./la_panels.js";
/** @import {LegalAction, LostAtlasView} from "./shapes.js" */
/** @import {Ctx, Table} from "./table.js" */
/** @typedef {Ctx<LostAtlasView>} LaCtx */

/** @param {LegalAction[]} legal @param {string} verb @returns {number[]} */
function amounts(legal, verb) {
  return legal.filter((a) => a.notation.startsWith(verb + " ")).map((a) => Number(a.notation.split(" ")[1]))
    .filter((n) => Number.isFinite(n)).sort((a, b) => a - b);
}

/** @param {number[]} values sorted */
function stepOf(values) {
  let step = 0;
  for (let i = 1; i < values.length; i++) {
    const d = values[i] - values[i - 1];
    if (d > 0 && (step === 0 || d < step)) step = d;
  }
  return step || 5;
}

// a bid control: the legal amounts of `verb` ("bid N" or "auction N")
/** @param {LaCtx} ctx @param {string} verb @param {number[]} values @param {string} title */
function amountControl(ctx, verb, values, title) {
  const lo = values[0], hi = values[values.length - 1], step = stepOf(values);
  const legal = new Set(values);
  const input = h("input", {type: "number", id: `${verb}-amount`, min: lo, max: hi, step, value: lo,
    "aria-label": `${title}: amount from ${lo} to ${hi}`});
  const note = h("span.muted", {id: `${verb}-range`}, ` from ${money(lo)} to ${money(hi)}, in steps of ${money(step)}`);
  const go = h("button.primary", {id: `${verb}-submit`}, "");
  const sync = () => {
    const n = Number(input.value);
    const ok = legal.has(n);
    go.disabled = !ok;
    go.textContent = ok ? `${title} ${money(n)}` : `${money(n)} is not a legal amount`;
  };
  /** @param {number} k */
  const nudge = (k) => {
    let n = Math.min(hi, Math.max(lo, (Number(input.value) || lo) + k * step));
    // land on a legal amount in the direction of the step
    while (!legal.has(n) && n > lo && n < hi) n += k > 0 ? 1 : -1;
    input.value = String(n); sync();
  };
  input.addEventListener("input", sync);
  input.addEventListener("keydown", (ev) => { if (ev.key === "Enter" && !go.disabled) go.click(); });
  go.addEventListener("click", () => ctx.act(`${verb} ${Number(input.value)}`));
  sync();
  return h("div.amount", {},
    h("button", {id: `${verb}-minus`, "aria-label": `${money(step)} less`, onclick: () => nudge(-1)}, "−"),
    input,
    h("button", {id: `${verb}-plus`, "aria-label": `${money(step)} more`, onclick: () => nudge(1)}, "+"),
    h("button", {id: `${verb}-max`, onclick: () => { input.value = String(hi); sync(); }}, "Max"),
    go, note);
}

/** @param {Table} table @param {number[]} seats */
function names(table, seats) { return seats.map((s) => table.name(s)).join(", ") || "nobody"; }

/** @param {LaCtx} ctx */
export function auctionPanel(ctx) {
  const {view, legal, table} = ctx;
  const bids = amounts(legal, "bid");
  const openings = amounts(legal, "auction");
  const a = view.auction;
  if (!a && !openings.length) return null;
  const box = h("section.decide.la-decide", {id: "auction-panel", "aria-label": "Auction"});
  const pass = legal.find((x) => x.notation === "pass");
  const launching = legal.some((x) => x.notation.startsWith("launch "));
  const me = ctx.seat;
  const cash = me !== null && view.players[me] ? view.players[me].cash : null;
  if (a && (a.won || a.active.length <= 1)) {
    // the auction is won: its winner launches one of the available minors
    const winner = a.leader;
    box.append(h("h2", {}, "Auction won"),
      h("p", {id: "auction-state"}, h("strong", {}, table.name(winner)), ` won with ${money(a.bid)}: `,
        launching ? "choose the minor you launch (each available minor is in the matrix below, with its ability and home)."
          : ctx.past ? "" : h("span.waiting", {id: "auction-waiting"}, `waiting for ${table.name(winner)} to launch a minor.`)));
    box.append(h("p.muted", {}, `Its price will be half the bid rounded down to a stock value of the phase; the ${money(a.bid)} goes into its treasury.`));
  } else if (a) {
    box.append(h("h2", {}, "Auction"),
      h("p", {id: "auction-state"}, "Highest bid ", h("strong", {}, money(a.bid)), " by ", h("strong", {}, table.name(a.leader)),
        `. Still bidding: ${names(table, a.active)}.`, cash !== null ? ` Your cash: ${money(cash)}.` : ""));
    if (bids.length) {
      box.append(h("p", {}, h("strong", {}, `${table.name(me)}: bid or pass.`)), amountControl(ctx, "bid", bids, "Bid"));
    } else if (pass) {
      box.append(h("p", {id: "auction-cannot"}, h("strong", {}, `${table.name(me)}: you cannot raise the bid`),
        ` (the next bid would be at least ${money(a.bid + 5)}; your cash is ${money(cash ?? 0)}), so you may only pass.`));
    }
    if (pass) box.append(h("button" + (bids.length ? "" : ".primary"), {id: "auction-pass", onclick: () => ctx.act("pass")}, "Pass (leave the auction)"));
    if (!bids.length && !pass && !ctx.past) {
      box.append(h("p.waiting", {id: "auction-waiting"}, `Waiting for ${names(table, ctx.data.to_act)} to bid or pass.`));
    }
  } else {
    box.append(h("h2", {}, `${table.name(me)}: start an auction?`),
      h("p.muted", {}, "Open an auction for a minor (you choose which if you win) with a first bid; the other players then raise or pass",
        cash !== null ? ` (your cash: ${money(cash)})` : "", ". Or buy or sell shares, or pass, below."),
      amountControl(ctx, "auction", openings, "Open with"));
  }
  return box;
}

/** @param {LostAtlasView} view @param {number | null} seat @param {string[]} minors */
function holds(view, seat, minors) {
  return minors.reduce((n, m) => n + ((view.companies[m] && view.companies[m].shares[String(seat)]) || 0), 0);
}

/** @param {LostAtlasView} view @param {Table} table @param {string} id */
function minorLine(view, table, id) {
  const c = view.companies[id];
  if (!c) return id;
  const owners = Object.entries(c.shares).filter(([, n]) => n > 0).map(([s, n]) => `${table.name(Number(s))} ${n}`);
  return `${c.name} (${money(c.price)}; president ${c.president === null ? "–" : table.name(c.president)}; shares: ${owners.join(", ") || "none"}${c.pool_shares ? `, pool ${c.pool_shares}` : ""})`;
}

/** @param {LaCtx} ctx */
export function mergerPanel(ctx) {
  const {view, legal, table} = ctx;
  const m = view.merger;
  if (!m) return null;
  const box = h("section.decide.la-decide", {id: "merger-panel", "aria-label": "Merger"});
  const proposals = legal.filter((x) => x.notation.startsWith("merge "));
  /** @param {string} n */
  const has = (n) => legal.some((x) => x.notation === n);
  const waiting = names(table, ctx.data.to_act);
  box.append(h("h2", {}, `Merger Round${m.number ? ` ${m.number}` : ""}`));
  if (m.proposal) {
    const [a, b] = m.proposal;
    box.append(h("p", {id: "merger-proposal"}, "Proposed: merge ", h("strong", {}, view.companies[a]?.name || a), " with ",
      h("strong", {}, view.companies[b]?.name || b), m.proposer !== undefined && m.proposer !== null ? ` (proposed by ${table.name(m.proposer)})` : "", "."),
      h("ul.minors", {}, h("li", {}, minorLine(view, table, a)), h("li", {}, minorLine(view, table, b))));
    if (m.tally) {
      // Hostile Mergers: the vote, with each side's shares and who is still to answer
      const voted = Object.entries(m.votes || {}).filter(([s]) => Number(s) !== m.proposer);
      box.append(h("table.vote", {id: "vote-tally"},
        h("caption", {}, "The vote (shares; more for than against carries it, a tie fails)"),
        h("tr", {}, h("th", {}, "For"), h("th", {}, "Against"), h("th", {}, "Not yet asked")),
        h("tr", {}, h("td.for", {}, m.tally.for), h("td.against", {}, m.tally.against), h("td", {}, m.tally.left))),
        h("ul.voters", {id: "voters"},
          m.proposer !== null && m.proposer !== undefined ? h("li", {}, `${table.name(m.proposer)}: for (proposer, ${holds(view, m.proposer, [a, b])} shares)`) : "",
          voted.map(([s, v]) => h("li", {}, `${table.name(Number(s))}: ${v} (${holds(view, Number(s), [a, b])} shares)`)),
          (m.voters || []).map((s) => h("li.awaited", {}, `${table.name(s)}: to vote (${holds(view, s, [a, b])} shares)`))));
    }
    if (has("vote yes") || has("vote no")) {
      const mine = holds(view, ctx.seat, [a, b]);
      box.append(h("p", {}, h("strong", {}, `Your vote, with all your ${mine} shares:`)),
        h("div.vote-buttons", {},
          has("vote yes") ? h("button.primary", {id: "vote-yes", onclick: () => ctx.act("vote yes")}, `Yes (${mine} for)`) : "",
          has("vote no") ? h("button.danger", {id: "vote-no", onclick: () => ctx.act("vote no")}, `No (${mine} against)`) : "",
          has("vote abstain") ? h("button", {id: "vote-abstain", onclick: () => ctx.act("vote abstain")}, "Abstain") : ""));
    } else if (has("accept") || has("refuse")) {
      box.append(h("p", {}, h("strong", {}, "As the other minor's president, do you consent?")),
        h("div.consent-buttons", {},
          has("accept") ? h("button.primary", {id: "merger-accept", onclick: () => ctx.act("accept")}, "Accept the merger") : "",
          has("refuse") ? h("button.danger", {id: "merger-refuse", onclick: () => ctx.act("refuse")}, "Refuse") : ""),
        consentPreview(ctx) || "");
    }
  }
  const majors = legal.filter((x) => x.notation.startsWith("major "));
  if (majors.length) {
    box.append(h("p", {}, h("strong", {}, "You hold the most shares: choose the major it becomes.")),
      h("div.majors", {}, majors.map((x) => h("button.primary", {dataset: {notation: x.notation}, onclick: () => ctx.act(x.notation)},
        view.companies[x.notation.split(" ")[1]]?.name || x.label || x.notation.split(" ")[1]))));
  }
  if (proposals.length) {
    const pairs = h("table.proposals", {id: "merger-proposals"},
      h("caption", {}, "Mergers you may propose"),
      h("tr", {}, ["Minor", "with", "Your shares", ""].map((t) => h("th", {}, t))),
      proposals.map((x) => {
        const [, a, b] = x.notation.split(" ");
        return h("tr", {},
          h("td", {}, minorLine(view, table, a)), h("td", {}, minorLine(view, table, b)),
          h("td", {}, String(holds(view, ctx.seat, [a, b]))),
          h("td", {}, h("button.primary", {dataset: {notation: x.notation}, onclick: () => ctx.act(x.notation)}, "Propose")));
      }));
    box.append(pairs);
    if (has("pass")) box.append(h("button", {id: "merger-pass", onclick: () => ctx.act("pass")}, "Pass (propose nothing)"));
  }
  if (!legal.length && !ctx.past && !view.result) box.append(h("p.waiting", {id: "merger-waiting"}, `Waiting for ${waiting}.`));
  return box;
}
