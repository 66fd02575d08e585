// The Congress table (rules versions 2 and 3): the Great Britain graph drawn as SVG (locations
// with their values, foreign ports, links with their costs, each company's track in its
// colour, home stations), the months track with every player's marker and the General
// Dividends, the income track, the companies' charters and the players. Every decision is
// made in the main area: Expand by clicking a link, Develop by clicking two linked
// locations, Capitalise with a bid control, a merger with its payer and every holder's
// Special Dividend previewed. Each click ends in one of the legal actions the server lists;
// the previews are that action played on a copy of the state (GET /api/games/{id}/preview).
import {h, money} from "./dom.js";
import {api} from "./api.js";

const SVGNS = "http://www.w3.org/2000/svg";
const COMPANY_COLOURS = ["#d35400", "#2e86c1", "#27ae60", "#c0392b", "#8e44ad",
  "#1a5276", "#0e6655", "#b7950b", "#6d4c41", "#d81b60", "#546e7a", "#7cb342"];
// the players' colours, the same as the chart's lines
const PLAYER_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"];
const previews = new Map();

function el(tag, attrs, ...children) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

function band(a, b, half, trim) {
  // the corners of a strip ``2 * half`` wide along a-b, ``trim`` short of each end
  const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len, t = Math.min(trim, len / 3);
  const p = (x, y) => `${x.toFixed(1)},${y.toFixed(1)}`;
  const ax = a.x + ux * t, ay = a.y + uy * t, bx = b.x - ux * t, by = b.y - uy * t;
  return [p(ax - uy * half, ay + ux * half), p(bx - uy * half, by + ux * half),
          p(bx + uy * half, by - ux * half), p(ax + uy * half, ay - ux * half)].join(" ");
}

function pairKey(a, b) { return [a, b].sort().join("-"); }

// a location's name on the side the view gives (`label`: e, w, n, s, ne, nw, se, sw;
// titles/congress/map_labels.py chooses it so that names do not cover each other)
const SIDES = {e: [1, 0], w: [-1, 0], n: [0, -1], s: [0, 1], ne: [1, -1], nw: [-1, -1], se: [1, 1], sw: [-1, 1]};
function nameText(c, port) {
  const [sx, sy] = SIDES[c.label] || SIDES.e;
  return el("text", {x: c.x + sx * (port ? 11 : 10.5), y: c.y + 3.5 + sy * (sx ? 9 : sy < 0 ? 15 : 24), class: "cg-name",
    "text-anchor": sx > 0 ? "start" : sx < 0 ? "end" : "middle"}, c.name);
}

function textOn(colour) {
  const n = parseInt(colour.slice(1), 16);
  const l = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return l > 150 ? "#111" : "#fff";
}

function months(n) { return `${n} month${n === 1 ? "" : "s"}`; }

// The legal actions sorted by what they do (their notation's first word; see actions.py).
function sortLegal(legal) {
  const out = {expand: [], develop: [], auction: [], bid: [], merge: [], start: [], pass: null,
               done: null, other: []};
  for (const a of legal) {
    const w = a.notation.split(" ");
    if (w[0] === "expand" && w.length === 3) {
      const [from, to] = w[2].split("-");
      out.expand.push({...a, company: w[1], from, to, key: pairKey(from, to)});
    } else if (w[0] === "develop" && w.length === 2 && w[1].includes("-")) {
      const [from, to] = w[1].split("-");
      out.develop.push({...a, from, to, key: pairKey(from, to)});
    } else if (w[0] === "auction" && w.length === 2) out.auction.push({...a, company: w[1]});
    else if (w[0] === "bid" && w.length === 2) out.bid.push({...a, amount: Number(w[1])});
    else if (w[0] === "merge") out.merge.push({...a, acquired: w[1], acquirer: w[3], payer: w[5] || w[1]});
    else if (w[0] === "start" && w.length === 2) out.start.push({...a, company: w[1]});
    else if (a.notation === "pass") out.pass = a;
    else if (a.notation === "done") out.done = a;
    else out.other.push(a);
  }
  return out;
}

export class CongressTable {
  constructor(table) {
    this.table = table;
    this.count = null;
    this.sel = null;      // {kind: "link", key} | {kind: "city", id} | {kind: "develop", key}
    this.bid = null;
  }

  // a choice belongs to the position it was made in
  forgetChoice() { this.sel = null; this.bid = null; }

  choose(sel) {
    this.sel = sel;
    this.table.render();
  }

  preview(notation) {
    const t = this.table;
    const key = `${t.id}:${t.data.count}:${notation}`;
    if (!previews.has(key)) {
      previews.set(key, api.preview(t.id, t.token, notation).catch((e) => ({legal: false, error: e.message})));
      if (previews.size > 200) previews.delete(previews.keys().next().value);
    }
    return previews.get(key);
  }

  render(root, ctx) {
    const {view} = ctx;
    if (ctx.data.count !== this.count || ctx.past) { this.count = ctx.data.count; this.forgetChoice(); }
    const colour = {};
    view.companies.forEach((c, i) => { colour[c.id] = COMPANY_COLOURS[i % COMPANY_COLOURS.length]; });
    this.colour = colour;
    const legal = sortLegal(ctx.legal);
    this.legal = legal;
    const decide = this.renderDecide(view, ctx, legal);
    const info = h("p.cg-info", {id: "cg-info"},
      `Round ${view.round} · General Dividends paid ${view.general_dividends[0]} of ${view.general_dividends[1]}`,
      view.switch ? (view.switch.passed ? " · past the switch (two-link Expands, foreign links, merger companies)"
        : ` · the switch comes with General Dividend ${view.switch.dividend}`) : "",
      ` · development markers left ${view.development_markers_left}`,
      ` · chaining ${view.options.chaining}, Special Dividend paid by ${view.options.special_dividend === "chooser" ? "the side the active player chooses" : "the acquired company"}`);
    root.append(h("div.cg", {},
      info,
      h("div.cg-grid", {},
        this.renderMap(view, ctx, legal),
        h("div.cg-right", {}, decide, view.result ? finalScores(view) : "",
          this.renderMonths(view), this.renderIncome(view))),
      h("div.cg-sheets", {}, this.renderCharters(view), this.renderPlayers(view))));
  }

  // -- the map ----------------------------------------------------------------------------
  renderMap(view, ctx, legal) {
    const cities = Object.fromEntries(view.cities.map((c) => [c.id, c]));
    const xs = view.cities.map((c) => c.x), ys = view.cities.map((c) => c.y);
    const minX = Math.min(...xs) - 24, maxX = Math.max(...xs) + 70;
    const minY = Math.min(...ys) - 24, maxY = Math.max(...ys) + 24;
    const svg = el("svg", {viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`, role: "img",
      "aria-label": "The map of Great Britain: locations, links and each company's track", id: "cg-map-svg"});
    const homeOf = {};
    for (const co of view.companies) {
      if (co.status === "component") continue;
      for (const home of co.homes) homeOf[home] = co;
    }
    const expandKeys = new Map();
    for (const a of legal.expand) {
      if (!expandKeys.has(a.key)) expandKeys.set(a.key, []);
      expandKeys.get(a.key).push(a);
    }
    // develop: the locations that end a developable link, and their partners
    const partners = new Map();
    for (const a of legal.develop) {
      for (const [x, y] of [[a.from, a.to], [a.to, a.from]]) {
        if (!partners.has(x)) partners.set(x, new Set());
        partners.get(x).add(y);
      }
    }
    const sel = this.sel;
    const links = el("g", {class: "cg-links"});
    const labels = el("g", {class: "cg-costs"});
    for (const ln of view.links) {
      const a = cities[ln.a], b = cities[ln.b];
      if (!a || !b) continue;
      const key = pairKey(ln.a, ln.b);
      const owned = ln.owner !== null && ln.owner !== undefined;
      const target = expandKeys.has(key);
      const chosen = sel && sel.kind === "link" && sel.key === key;
      const devChosen = sel && sel.kind === "develop" && sel.key === key;
      const attrs = {x1: a.x, y1: a.y, x2: b.x, y2: b.y};
      if (target || chosen) links.append(el("line", {...attrs, class: chosen ? "cg-target chosen" : "cg-target"}));
      if (devChosen) links.append(el("line", {...attrs, class: "cg-target develop chosen"}));
      links.append(el("line", {...attrs, dataset: undefined, "data-link": key,
        class: owned ? "cg-link owned" : ln.foreign ? "cg-link foreign" : "cg-link",
        style: owned ? `stroke: ${this.colour[ln.owner] || "#444"}` : undefined},
        el("title", {}, `${a.name}–${b.name}: cost ${ln.cost}${owned ? `, ${ln.owner}'s track` : ""}` +
          (ln.income !== undefined ? `; income ${ln.income} to the company that builds it` : ""))));
      if (target) {
        // the click target: a band 16 wide along the link, short of the cities at its ends
        links.append(el("polygon", {points: band(a, b, 8, 9), class: "cg-hit", "data-expand": key, tabindex: 0,
          role: "button", "aria-label": `Expand along ${a.name}–${b.name}`,
          onclick: () => this.choose({kind: "link", key}),
          onkeydown: (ev) => { if (ev.key === "Enter") this.choose({kind: "link", key}); }},
          el("title", {}, `Expand: ${a.name}–${b.name}`)));
      }
      const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
      labels.append(el("text", {x: mx, y: my + 3, class: owned ? "cg-cost owned" : "cg-cost"}, ln.cost));
    }
    const nodes = el("g", {class: "cg-cities"});
    const devFrom = sel && sel.kind === "city" ? sel.id : null;
    const devPair = sel && sel.kind === "develop" ? sel.key.split("-") : [];
    for (const c of view.cities) {
      const port = c.kind === "port";
      const home = homeOf[c.id];
      const g = el("g", {class: "cg-city" + (port ? " port" : ""), "data-city": c.id});
      if (home) {
        g.append(el("circle", {cx: c.x, cy: c.y, r: 14, class: "cg-home" + (home.status === "inactive" ? " inactive" : ""),
          style: `stroke: ${this.colour[home.id]}`}));
        g.append(el("text", {x: c.x, y: c.y - 17, class: "cg-home-id", style: `fill: ${this.colour[home.id]}`}, home.id));
      }
      let clickable = false, cls = "";
      if (partners.size) {
        if (devFrom) {
          if (c.id === devFrom) { clickable = true; cls = "chosen"; }
          else if (partners.get(devFrom)?.has(c.id)) { clickable = true; cls = "partner"; }
        } else if (devPair.includes(c.id)) { clickable = true; cls = "chosen"; }
        else if (partners.has(c.id)) { clickable = true; cls = "start"; }
      }
      if (clickable) g.append(el("circle", {cx: c.x, cy: c.y, r: 12, class: `cg-dev ${cls}`}));
      const shape = port
        ? el("rect", {x: c.x - 8, y: c.y - 8, width: 16, height: 16, rx: 3, class: "cg-node"})
        : el("circle", {cx: c.x, cy: c.y, r: 8.5, class: "cg-node" + (c.developed ? " developed" : "")});
      g.append(shape, el("text", {x: c.x, y: c.y + 3.5, class: "cg-value"}, c.value),
        nameText(c, port),
        el("title", {}, `${c.name} (${c.id})${port ? ", a foreign port" : ""}: value ${c.value}` +
          (c.developed ? `, developed ${c.developed} time${c.developed === 1 ? "" : "s"}` : "") +
          (home ? `; home station of ${home.id}` : "")));
      if (c.developed) {
        // its development markers, as a count under the location
        g.append(el("text", {x: c.x, y: c.y + 19, class: "cg-devmark"}, `+${c.developed}`));
      }
      if (clickable) {
        g.classList.add("clickable");
        g.setAttribute("tabindex", 0);
        g.setAttribute("role", "button");
        g.setAttribute("data-develop", cls);
        const pick = () => this.pickCity(c.id, partners);
        g.addEventListener("click", pick);
        g.addEventListener("keydown", (ev) => { if (ev.key === "Enter") pick(); });
      }
      nodes.append(g);
    }
    svg.append(links, labels, nodes);
    const legend = h("p.cg-legend", {},
      h("span.cg-key.link", {}), " open link (cost) ", h("span.cg-key.foreign", {}), " foreign link ",
      h("span.cg-key.port", {}), " foreign port ", h("span.cg-key.home", {}), " home station (dashed: not started) · ",
      "a location's value in its circle, +N its developments",
      legal.expand.length ? [" · ", h("span.cg-key.target", {}), " a link you may build: click it"] : "",
      legal.develop.length ? [" · ", h("span.cg-key.dev", {}), " a location you may develop: click it, then its partner"] : "");
    return h("section.cg-map", {id: "cg-map", "aria-label": "The map"}, svg, legend);
  }

  pickCity(id, partners) {
    const sel = this.sel;
    if (sel && sel.kind === "city") {
      if (sel.id === id) { this.choose(null); return; }
      if (partners.get(sel.id)?.has(id)) { this.choose({kind: "develop", key: pairKey(sel.id, id)}); return; }
    }
    if (sel && sel.kind === "develop" && sel.key.split("-").includes(id)) { this.choose(null); return; }
    const mine = partners.get(id);
    if (mine && mine.size === 1) this.choose({kind: "develop", key: pairKey(id, [...mine][0])});
    else this.choose({kind: "city", id});
  }

  // -- the decision -----------------------------------------------------------------------
  renderDecide(view, ctx, legal) {
    const box = h("section.decide.cg-decide", {id: "decide", dataset: {step: ctx.legal.length ? view.step : "wait"}});
    if (!ctx.legal.length) {
      if (!ctx.past && !view.result) {
        const who = view.to_act.map((s) => view.players[s]?.name).join(", ");
        box.append(h("p.muted", {id: "cg-waiting"}, `Waiting for ${who || "nobody"} to decide.`,
          view.auction ? ` An auction of a ${view.auction.company} share is running (high bid ${view.auction.high || "none"}).` : ""));
      }
      return box;
    }
    const step = view.step;
    const cost = (view.months && view.months.costs) || {};
    if (step === "auction") return this.bidPanel(box, view, ctx, legal);
    if (step === "merge") return this.mergePanel(box, view, ctx, legal);
    if (step === "start") return this.startPanel(box, view, ctx, legal);
    if (step === "free-link") {
      box.append(h("h2", {}, `Lay ${view.free_link}'s free link`),
        h("p", {}, `You won ${view.free_link}'s first share, so the company builds one link from its home station for free. ` +
          "Click a highlighted link on the map."));
      this.linkChoice(box, ctx, legal);
      return box;
    }
    if (step === "expand-more") {
      box.append(h("h2", {}, `${view.expanding}: a second link, or done`),
        h("p", {}, `As ${view.expanding}'s plurality holder you may build one more link this Expand ` +
          "(it costs more; the price is in each link's preview). Click a highlighted link, or end the Expand."));
      this.linkChoice(box, ctx, legal);
      if (legal.done) box.append(h("button", {id: "cg-done", dataset: {notation: "done"}, onclick: () => ctx.act("done")}, legal.done.label || "Done"));
      return box;
    }
    if (step === "all-started") {
      box.append(h("h2", {}, "Every merger company has started"),
        h("p", {}, "After this merger you may auction a face-up share from a company's bank pool, or pass on the rest of your turn."));
      this.auctionButtons(box, ctx, legal);
      if (legal.pass) box.append(h("button", {id: "cg-pass", dataset: {notation: "pass"}, onclick: () => ctx.act("pass")}, legal.pass.label || "Pass"));
      this.others(box, ctx, legal);
      return box;
    }
    // a turn: one of Capitalise, Expand, Develop (pass only when none is possible)
    box.append(h("h2", {}, "Your turn: one action"),
      h("p.muted", {}, "The player furthest behind on the months track acts next, so each action's months matter."));
    if (legal.auction.length) {
      box.append(h("h3", {}, `Capitalise (${months(cost.capitalise ?? 3)}, paid by the share's winner)`));
      this.auctionButtons(box, ctx, legal);
    }
    if (legal.expand.length) {
      const cos = [...new Set(legal.expand.map((a) => a.company))];
      box.append(h("h3", {}, `Expand (${months(cost.expand ?? 2)})`),
        h("p", {}, `Click a highlighted link on the map to build it with ${cos.join(", ")} ` +
          "(paid from the company's treasury; the company's income rises by the values at both ends)."));
      this.linkChoice(box, ctx, legal);
    }
    if (legal.develop.length) {
      box.append(h("h3", {}, `Develop (${months(cost.develop ?? 1)})`),
        h("p", {}, "Click a highlighted location, then a partner joined to it by a company's link: both gain value, " +
          "and every company reaching them gains income."));
      this.developChoice(box, ctx, legal);
    }
    if (legal.pass) {
      box.append(h("h3", {}, "Pass"), h("p", {}, legal.pass.label || "Nothing is possible: pass."),
        h("button", {id: "cg-pass", dataset: {notation: "pass"}, onclick: () => ctx.act("pass")}, "Pass"));
    }
    this.others(box, ctx, legal);
    return box;
  }

  others(box, ctx, legal) {
    // anything the panels above do not know (a rule added later) still gets its button
    if (!legal.other.length) return;
    box.append(h("h3", {}, "Other choices"), h("div", {}, legal.other.map((a) =>
      h("button.action", {dataset: {notation: a.notation}, onclick: () => ctx.act(a.notation)}, a.label || a.notation))));
  }

  auctionButtons(box, ctx, legal) {
    box.append(h("div.cg-auctions", {}, legal.auction.map((a) => h("button.cg-auction", {
      dataset: {notation: a.notation}, onclick: () => ctx.act(a.notation),
      style: {borderLeft: `8px solid ${this.colour[a.company] || "#888"}`}}, a.label || a.notation))));
  }

  previewBox(notation, ctx) {
    // the action played on a copy: who gains and spends what
    const box = h("div.cg-preview", {"data-preview": notation}, h("span.muted", {}, "Working out the preview…"));
    this.preview(notation).then((p) => {
      box.replaceChildren();
      if (!p.legal) { box.append(h("span.muted", {}, p.error || "no preview")); return; }
      box.append(...previewLines(p, ctx.view));
      box.classList.add("ready");
    });
    return box;
  }

  linkChoice(box, ctx, legal) {
    const sel = this.sel;
    if (!sel || sel.kind !== "link") return;
    const options = legal.expand.filter((a) => a.key === sel.key);
    if (!options.length) return;
    const panel = h("div.cg-chosen", {id: "cg-expand-choice"});
    for (const a of options) {
      panel.append(h("div.cg-option", {},
        h("p", {}, h("strong", {}, a.label || a.notation)),
        this.previewBox(a.notation, ctx),
        h("button.primary.cg-confirm", {dataset: {notation: a.notation}, onclick: () => ctx.act(a.notation)},
          `Build it with ${a.company}`)));
    }
    panel.append(h("button", {id: "cg-cancel", onclick: () => this.choose(null)}, "Choose another link"));
    box.append(panel);
  }

  developChoice(box, ctx, legal) {
    const sel = this.sel;
    if (!sel) return;
    if (sel.kind === "city") {
      const name = Object.fromEntries(ctx.view.cities.map((c) => [c.id, c.name]));
      const mates = legal.develop.filter((a) => a.from === sel.id || a.to === sel.id)
        .map((a) => (a.from === sel.id ? a.to : a.from));
      box.append(h("div.cg-chosen", {id: "cg-develop-choice"},
        h("p", {}, `${name[sel.id] || sel.id} chosen: now click one of its highlighted partners on the map, or here:`),
        h("div", {}, mates.map((m) => h("button.cg-partner", {dataset: {city: m},
          onclick: () => this.choose({kind: "develop", key: pairKey(sel.id, m)})}, name[m] || m))),
        h("button", {id: "cg-cancel", onclick: () => this.choose(null)}, "Choose another location")));
      return;
    }
    if (sel.kind !== "develop") return;
    const a = legal.develop.find((x) => x.key === sel.key);
    if (!a) return;
    box.append(h("div.cg-chosen", {id: "cg-develop-choice"},
      h("p", {}, h("strong", {}, a.label || a.notation)),
      this.previewBox(a.notation, ctx),
      h("button.primary.cg-confirm", {dataset: {notation: a.notation}, onclick: () => ctx.act(a.notation)}, "Develop them"),
      h("button", {id: "cg-cancel", onclick: () => this.choose(null)}, "Choose another pair")));
  }

  bidPanel(box, view, ctx, legal) {
    const auc = view.auction || {};
    const amounts = legal.bid.map((a) => a.amount).sort((x, y) => x - y);
    const co = view.companies.find((c) => c.id === auc.company) || {};
    const source = auc.from === "supply" ? "its merger supply" : "its bank pool";
    const why = {capitalise: `${auc.auctioneer} chose to Capitalise`, port: "a foreign link forces a Capitalise",
                 merger: `the merger company ${auc.company} has started`}[auc.kind] || "an auction";
    box.append(h("h2", {}, `Bid for a share of ${co.name || auc.company} (${auc.company})`),
      h("p", {}, `${why}: one share from ${source} is auctioned. The price goes to ${auc.company}'s treasury ` +
        `(now ${money(co.treasury ?? 0)}; income ${co.income ?? 0}, ${co.issued ?? 0} share${co.issued === 1 ? "" : "s"} issued).`),
      h("p", {id: "cg-high"}, auc.high_bidder ? `High bid ${money(auc.high)} by ${auc.high_bidder}. ` : "No bid yet. ",
        `Bidding, in turn: ${(auc.bidding || []).join(", ")}. A pass leaves the auction.`),
      auc.kind !== "merger" && view.months ? h("p.muted", {}, `The winner spends ${months(view.months.costs.capitalise ?? 3)} on the months track` +
        (auc.kind === "capitalise" ? `; if nobody bids, ${auc.auctioneer} does.` : ".")) : "");
    if (amounts.length) {
      const lo = amounts[0], hi = amounts[amounts.length - 1];
      if (this.bid === null || this.bid < lo || this.bid > hi) this.bid = lo;
      const shown = h("strong.cg-bid-value", {id: "cg-bid-value"});
      const confirm = h("button.primary", {id: "cg-bid"});
      const input = h("input", {type: "number", id: "cg-bid-input", min: lo, max: hi, value: this.bid,
        "aria-label": "Your bid"});
      const set = (v) => {
        const want = Math.max(lo, Math.min(hi, Math.round(v)));
        // the nearest listed bid (they are consecutive today; never offer an unlisted one)
        this.bid = amounts.reduce((best, x) => (Math.abs(x - want) < Math.abs(best - want) ? x : best), lo);
        shown.textContent = money(this.bid);
        input.value = this.bid;
        confirm.textContent = `Bid ${money(this.bid)}`;
        confirm.dataset.notation = `bid ${this.bid}`;
      };
      input.addEventListener("change", () => set(Number(input.value)));
      confirm.addEventListener("click", () => ctx.act(`bid ${this.bid}`));
      box.append(h("div.cg-bidder", {},
        h("span", {}, `Your bid (${money(lo)} to ${money(hi)}, your cash): `), shown,
        h("div.stepper", {},
          h("button", {id: "cg-bid-down5", "aria-label": "Five less", onclick: () => set(this.bid - 5)}, "−5"),
          h("button", {id: "cg-bid-down", "aria-label": "One less", onclick: () => set(this.bid - 1)}, "−1"),
          input,
          h("button", {id: "cg-bid-up", "aria-label": "One more", onclick: () => set(this.bid + 1)}, "+1"),
          h("button", {id: "cg-bid-up5", "aria-label": "Five more", onclick: () => set(this.bid + 5)}, "+5")),
        confirm));
      set(this.bid);
    } else {
      box.append(h("p", {}, "You cannot bid more than the high bid: you may only pass."));
    }
    if (legal.pass) box.append(h("button", {id: "cg-bid-pass", dataset: {notation: "pass"}, onclick: () => ctx.act("pass")}, legal.pass.label || "Pass"));
    this.others(box, ctx, legal);
    return box;
  }

  mergePanel(box, view, ctx, legal) {
    const m = view.merger || {};
    const chooser = view.options.special_dividend === "chooser";
    box.append(h("h2", {}, `Merger: ${m.builder} reached ${m.target}'s home station`),
      h("p", {}, "You decide which company is acquired: its holders' shares are replaced one for one by the acquirer's, " +
        "its own shares go face down in the acquirer's pool, and its income, track and treasury join the acquirer. " +
        (chooser ? "You also choose which side pays the Special Dividend (to its own holders, before the exchange)."
          : "The acquired company pays a Special Dividend to its holders before the exchange.")),
      h("p.muted", {}, "Each row is one choice, with what every player would receive."));
    const names = view.players.map((p) => p.name);
    const table = h("table.cg-merge", {id: "cg-merge"},
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "Acquired → acquirer"), chooser ? h("th", {}, "Pays") : "",
        names.map((n) => h("th", {}, n)), h("th", {}, "Income after"))));
    const body = h("tbody");
    for (const a of legal.merge) {
      const cells = names.map(() => h("td.num", {}, "…"));
      const income = h("td.num", {}, "…");
      // the Choose button first, so that it is never under the table's sideways scroll
      body.append(h("tr", {"data-notation": a.notation},
        h("td", {}, h("button.primary.cg-merge-do", {dataset: {notation: a.notation}, title: a.label,
          onclick: () => ctx.act(a.notation)}, "Choose")),
        h("td", {}, h("span.swatch", {style: {background: this.colour[a.acquired]}}), ` ${a.acquired} → `,
          h("span.swatch", {style: {background: this.colour[a.acquirer]}}), ` ${a.acquirer}`),
        chooser ? h("td", {}, a.payer) : "", cells, income));
      this.preview(a.notation).then((p) => {
        if (!p.legal) return;
        p.players.forEach((pl, i) => {
          const gain = pl.cash[1] - pl.cash[0];
          cells[i].textContent = gain ? `+${money(gain)}` : "–";
        });
        const acq = p.companies[a.acquirer];
        const before = view.companies.find((c) => c.id === a.acquirer)?.income ?? 0;
        income.textContent = acq ? `${acq.income[0]} → ${acq.income[1]}` : String(before);
        body.querySelector(`tr[data-notation="${a.notation}"]`)?.classList.add("ready");
      });
    }
    table.append(body);
    box.append(table);
    this.others(box, ctx, legal);
    return box;
  }

  startPanel(box, view, ctx, legal) {
    box.append(h("h2", {}, "Start a merger company"),
      h("p", {}, "After the merger you select an inactive merger company to start. Companies whose track already reaches " +
        "its home station are acquired by it; then one of its shares is auctioned by you."));
    for (const a of legal.start) {
      box.append(h("div.cg-option", {},
        h("p", {}, h("span.swatch", {style: {background: this.colour[a.company]}}), " ", h("strong", {}, a.label || a.notation)),
        this.previewBox(a.notation, ctx),
        h("button.primary.cg-start", {dataset: {notation: a.notation}, onclick: () => ctx.act(a.notation)}, `Start ${a.company}`)));
    }
    this.others(box, ctx, legal);
    return box;
  }

  // -- the tracks -------------------------------------------------------------------------
  renderMonths(view) {
    const box = h("section.cg-track", {id: "cg-months", "aria-label": "The months track"}, h("h2", {}, "Months track"));
    const mt = view.months;
    if (!mt) return box;
    const total = view.general_dividends[1];
    const rm = mt.round_months;
    const top = Math.max(total * rm, ...mt.track.map((t) => t.month)) + 1;
    const W = 600, L = 16, R = 16, Y = 70;
    const x = (m) => L + (W - L - R) * m / top;
    const svg = el("svg", {viewBox: `0 0 ${W} 108`, role: "img", "aria-label": "Months: each player's marker, the cut-off and the General Dividends"});
    svg.append(el("line", {x1: x(0), y1: Y, x2: x(top - 1), y2: Y, class: "cg-axis"}));
    for (let m = 0; m < top; m++) {
      const big = m % rm === 0;
      svg.append(el("line", {x1: x(m), y1: Y - (big ? 6 : 3), x2: x(m), y2: Y + (big ? 6 : 3), class: "cg-tick"}));
    }
    for (let g = 1; g <= total; g++) {
      const m = g * rm;
      const paid = g <= view.general_dividends[0];
      svg.append(el("g", {class: "cg-gd" + (paid ? " paid" : "") + (g === view.switch?.dividend ? " switch" : "")},
        el("rect", {x: x(m) - 16, y: Y + 10, width: 32, height: 19, rx: 3}),
        el("text", {x: x(m), y: Y + 24}, `GD${g}`),
        el("title", {}, `General Dividend ${g} at month ${m}` + (paid ? " (paid)" : "") +
          (g === view.switch?.dividend ? "; the switch" : ""))));
    }
    svg.append(el("line", {x1: x(mt.cutoff), y1: 4, x2: x(mt.cutoff), y2: Y + 8, class: "cg-cutoff"}),
      el("text", {x: x(mt.cutoff) + (x(mt.cutoff) > W - 110 ? -4 : 4), y: 13, class: "cg-cutoff-text",
        "text-anchor": x(mt.cutoff) > W - 110 ? "end" : "start"}, `cut-off ${mt.cutoff}`));
    // markers on the same month stack; the later arrival lies on top (acts first)
    const byMonth = new Map();
    mt.track.forEach((t, s) => {
      if (!byMonth.has(t.month)) byMonth.set(t.month, []);
      byMonth.get(t.month).push({...t, seat: s});
    });
    for (const [m, stack] of byMonth) {
      stack.sort((a, b) => a.stamp - b.stamp);
      stack.forEach((t, i) => {
        const cy = Y - 10 - i * 13;
        svg.append(el("g", {class: "cg-marker" + (t.seat === mt.next ? " next" : ""), "data-player": t.player},
          el("circle", {cx: x(m), cy, r: 7, fill: PLAYER_COLOURS[t.seat % PLAYER_COLOURS.length]}),
          el("title", {}, `${t.player}: month ${m}`)));
      });
    }
    box.append(svg, h("ul.chart-legend.cg-months-list", {}, mt.track.map((t, s) => h("li", {class: s === mt.next ? "next" : ""},
      h("span.swatch", {style: {background: PLAYER_COLOURS[s % PLAYER_COLOURS.length]}}),
      ` ${t.player}: month ${t.month}${s === mt.next ? " (furthest behind: takes the next turn)" : ""}`))),
    h("p.muted", {}, `A round is ${months(rm)}; it ends when every marker has reached the cut-off, with a General Dividend. ` +
      `Costs: ${Object.entries(mt.costs).map(([k, v]) => `${k} ${v}`).join(", ")}.`));
    return box;
  }

  renderIncome(view) {
    const box = h("section.cg-track", {id: "cg-income", "aria-label": "The income track"}, h("h2", {}, "Income track"));
    const it = view.income_track;
    if (!it) return box;
    const W = 600, L = 22, R = 22, Y = 84;
    const x = (v) => L + (W - L - R) * v / it.max;
    const svg = el("svg", {viewBox: `0 0 ${W} 104`, role: "img", "aria-label": "Each active company's income"});
    svg.append(el("line", {x1: x(0), y1: Y, x2: x(it.max), y2: Y, class: "cg-axis"}));
    // about ten labelled ticks whatever the track's length
    const step = [5, 10, 20, 25, 50, 100].find((k) => it.max / k <= 10) || Math.ceil(it.max / 10);
    for (let v = 0; v <= it.max; v += step) {
      svg.append(el("line", {x1: x(v), y1: Y - 4, x2: x(v), y2: Y + 4, class: "cg-tick"}),
        el("text", {x: x(v), y: Y + 16, class: "cg-tick-text"}, v));
    }
    // markers left to right, each in the lowest row where it does not touch the one before
    const rows = [];
    for (const mk of [...it.markers].sort((p, q) => p.income - q.income)) {
      let i = rows.findIndex((right) => right < x(mk.income) - 22);
      if (i < 0) { i = rows.length; rows.push(0); }
      rows[i] = x(mk.income) + 21;
      const c = this.colour[mk.company] || "#888";
      svg.append(el("g", {class: "cg-income-marker", "data-company": mk.company},
        el("rect", {x: x(mk.income) - 21, y: Y - 23 - i * 18, width: 42, height: 17, rx: 3, fill: c}),
        el("text", {x: x(mk.income), y: Y - 10.5 - i * 18, fill: textOn(c)}, mk.company),
        el("title", {}, `${mk.company}: income ${mk.income}`)));
    }
    box.append(svg);
    if (!it.markers.length) box.append(h("p.muted", {}, "No company is active yet."));
    return box;
  }

  // -- the sheets -------------------------------------------------------------------------
  renderCharters(view) {
    const rows = view.companies.map((c) => h("tr", {dataset: {company: c.id}, class: c.status},
      h("td", {}, h("span.swatch", {style: {background: this.colour[c.id]}}), " ", h("strong", {}, c.id), " ", c.name),
      h("td", {}, c.kind), h("td", {}, c.status === "component" ? componentOf(view, c.id) : c.status),
      h("td", {}, c.homes.join(", ")),
      h("td.num", {}, c.status === "active" ? c.income : "–"), h("td.num", {}, money(c.treasury)),
      h("td.num", {}, c.issued), h("td.num", {}, c.pool), h("td.num", {}, c.merger_supply),
      h("td", {}, Object.entries(c.holders).map(([n, k]) => `${n} ${k}`).join(", ") || "–"),
      h("td.num", {}, c.markers), h("td.num", {}, c.cities.length)));
    return h("div.cg-table-wrap", {}, h("table.cg-charters", {id: "cg-charters"},
      h("caption", {}, "Companies' charters"),
      h("thead", {}, h("tr", {}, ["Company", "Kind", "Status", "Home", "Income", "Treasury", "Issued", "Pool",
        "Merger supply", "Holders", "Track left", "Reach"].map((t) => h("th", {}, t)))),
      h("tbody", {}, rows)));
  }

  renderPlayers(view) {
    const track = view.months ? view.months.track : [];
    return h("div.cg-table-wrap", {}, h("table.players", {id: "players"},
      h("caption", {}, "Players"),
      h("thead", {}, h("tr", {}, ["Player", "Cash", "Month", "Shares"].map((t) => h("th", {}, t)))),
      h("tbody", {}, view.players.map((p, i) => h("tr", {class: view.to_act.includes(i) ? "acting" : ""},
        h("td", {}, h("span.swatch", {style: {background: PLAYER_COLOURS[i % PLAYER_COLOURS.length]}}), " ", p.name,
          view.seat === i ? " (you)" : ""),
        h("td.num", {}, money(p.cash)), h("td.num", {}, track[i] ? track[i].month : "–"),
        h("td", {}, Object.entries(p.shares).map(([co, k]) => `${co} ${k}`).join(", ") || "–"))))));
  }
}

function componentOf(view, id) {
  const parent = view.companies.find((c) => c.face_down && Object.keys(c.face_down).length &&
    Object.prototype.hasOwnProperty.call(c.face_down, `down:${id}`));
  return parent ? `acquired (in ${parent.id})` : "acquired";
}

function previewLines(p, view) {
  // the preview's changes in a few lines: months, cash, companies, values, and its log
  const out = [];
  const moved = p.players.filter((pl) => pl.months[0] !== pl.months[1]);
  const paid = p.players.filter((pl) => pl.cash[0] !== pl.cash[1]);
  if (moved.length) out.push(h("div", {}, "Months: ", moved.map((pl) => `${pl.name} ${pl.months[0]} → ${pl.months[1]}`).join(", ")));
  if (paid.length) out.push(h("div", {}, "Cash: ", paid.map((pl) => `${pl.name} ${money(pl.cash[0])} → ${money(pl.cash[1])}`).join(", ")));
  for (const [id, ch] of Object.entries(p.companies)) {
    const parts = [];
    if (ch.income[0] !== ch.income[1]) parts.push(`income ${ch.income[0]} → ${ch.income[1]}`);
    if (ch.treasury[0] !== ch.treasury[1]) parts.push(`treasury ${money(ch.treasury[0])} → ${money(ch.treasury[1])}`);
    if (ch.status[0] !== ch.status[1]) parts.push(`${ch.status[0]} → ${ch.status[1]}`);
    if (parts.length) out.push(h("div", {}, `${id}: ${parts.join(", ")}`));
  }
  const values = Object.entries(p.cities);
  if (values.length) {
    const name = Object.fromEntries(view.cities.map((c) => [c.id, c.name]));
    out.push(h("div", {}, "Values: ", values.map(([id, v]) => `${name[id] || id} ${v[0]} → ${v[1]}`).join(", ")));
  }
  if (!out.length) out.push(h("div.muted", {}, "No cash, months or income changes yet."));
  if (p.log && p.log.length) out.push(h("details", {}, h("summary", {}, "What the log would say"), h("ul", {}, p.log.map((s) => h("li", {}, s)))));
  return out;
}

function finalScores(view) {
  const r = view.result;
  return h("section.final", {id: "final-scores"}, h("h2", {}, "Final scores (cash)"),
    h("ol", {}, r.ranking.flat().map((s) => h("li", {}, `${view.players[s].name}: ${money(r.scores[s])}`,
      r.winners.includes(s) ? " — winner" : ""))),
    r.tie_rule ? h("p.muted", {}, `Ties: ${r.tie_rule}.`) : "");
}
