// The Lost Atlas routes: the best routes drawn one colour per train with each train's
// stops and revenue (as the engine counts them: GET /api/games/{id}/routes), and a route
// editor where the president clicks the stops of each train; the engine reads every
// change back (revenue, or the rule a route breaks) and checks the run when it is sent.
import {h, money} from "./dom.js";
import {api} from "./api.js";
/** @import {LegalAction, LostAtlasView, RoutePlan} from "./shapes.js" */
/** @import {Ctx, Table} from "./table.js" */

export const TRAIN_COLOURS = ["#d62728", "#1f77b4", "#9467bd", "#ff7f0e", "#17becf", "#e377c2", "#8c564b", "#2ca02c"];
const SVGNS = "http://www.w3.org/2000/svg";

/** @param {string} tag @param {Record<string, string | number>} [attrs] */
function svg(tag, attrs) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  return el;
}

/** @param {string} hex "q,r" @param {number} R @returns {[number, number]} */
function hexCentre(hex, R) {
  const [q, r] = hex.split(",").map(Number);
  return [R * 1.5 * q, R * Math.sqrt(3) * (r + q / 2)];
}

/** @param {string} item */
const word = (item) => (item.startsWith("@") ? `via ${item.slice(1)}` : item);

export class RouteEditor {
  /** @param {Table} table */
  constructor(table) {
    this.table = table;
    /** @type {Map<string, Promise<RoutePlan>>} */
    this.cache = new Map();   // `${count}|${plan}` -> the engine's reading
    /** @type {string[][] | null} */
    this.editing = null;      // [[stop ref, ...] per train] while the player picks routes
    this.active = 0;          // the train being edited
    /** @type {RoutePlan | null} */
    this.result = null;
    /** @type {LegalAction | null} */
    this.run = null;          // the listed best run (legal action)
    /** @type {RoutePlan | null | undefined} the engine's best routes */
    this.best = undefined;
    /** @type {Record<string, unknown>} the hexes with a tile */
    this.tiles = {};
  }

  reset() { this.editing = null; this.active = 0; this.result = null; }

  /** @param {string} plan @returns {Promise<RoutePlan>} */
  async read(plan) {
    const t = this.table;
    const key = `${t.game().count}|${t.game().undos ?? ""}|${plan}`;  // an undo and another action: another state
    if (!this.cache.has(key)) this.cache.set(key, api.routes(t.id, t.token, plan).catch((e) => { this.cache.delete(key); throw e; }));
    return /** @type {Promise<RoutePlan>} */ (this.cache.get(key));
  }

  // before drawing: the engine's reading of the best routes, or of the player's plan
  /** @param {Ctx<LostAtlasView>} ctx */
  async prepare(ctx) {
    const runs = ctx.legal.filter((a) => a.notation.startsWith("run "));
    if (!runs.length || ctx.past) { this.run = null; this.result = null; this.editing = null; return; }
    if (!this.run || this.run.notation !== runs[0].notation) { this.editing = null; this.active = 0; }
    this.run = runs[0];
    this.tiles = ctx.view.map.tiles || {};
    const best = this.run.notation.split(" via ")[1] || "";
    const plan = this.editing ? this.editing.map((stops) => stops.join(">") || "none").join(" ") : best;
    try { this.result = await this.read(plan); }
    catch (e) { this.result = {error: e.message, rule: e.rule, trains: [], stops: [], total: 0, notation: null}; }
    if (!this.editing) this.best = this.result;
  }

  // the routes on the map: each train's track in its colour, its stops as dots; while
  // editing, every stop of the company's track is a target to click
  /** @param {SVGElement} overlay @param {number} radius */
  draw(overlay, radius) {
    const r = this.result;
    if (!r) return;
    (r.trains || []).forEach((train, i) => {
      const colour = TRAIN_COLOURS[i % TRAIN_COLOURS.length];
      const pts = train.points || [];
      if (pts.length > 1) {
        overlay.append(svg("polyline", {points: pts.map((p) => p.join(",")).join(" "), class: "route", stroke: colour, "data-train": i}));
      }
      // while editing, the stops the player clicked (even on a route the engine refused)
      // and the hexes it must pass (a diamond)
      /** @type {string[]} */
      const refs = this.editing ? (this.editing[i] || []) : (train.stops || []).map((s) => s.ref);
      refs.forEach((item, at) => {
        if (!item.startsWith("@")) return;
        const [x, y] = hexCentre(item.slice(1), radius);
        const d = radius * 0.2;
        overlay.append(svg("polygon", {points: `${x},${y - d} ${x + d},${y} ${x},${y + d} ${x - d},${y}`, fill: colour,
          class: "route-via", "data-via": item.slice(1), "data-train": i}));
        const label = svg("text", {x, y: y + radius * 0.07, class: "route-order", "text-anchor": "middle"});
        label.textContent = String(at + 1);
        overlay.append(label);
      });
      for (const s of r.stops || []) {
        const at = refs.indexOf(s.ref);
        if (at < 0) continue;
        overlay.append(svg("circle", {cx: s.xy[0], cy: s.xy[1], r: radius * 0.17, fill: colour,
          class: "route-stop" + (train.error ? " refused" : ""), "data-train": i}));
        if (this.editing) {
          const label = svg("text", {x: s.xy[0], y: s.xy[1] + radius * 0.07, class: "route-order", "text-anchor": "middle"});
          label.textContent = String(at + 1);
          overlay.append(label);
        }
      }
    });
    if (this.editing) {
      for (const s of r.stops || []) {
        if (!s.reached) continue;  // the company's trains cannot get there
        overlay.append(svg("circle", {cx: s.xy[0], cy: s.xy[1], r: radius * 0.27, class: "stop-target" + (s.hub ? " hub" : ""), "data-stop": s.ref}));
      }
    }
  }

  // a click on the map while editing: the nearest stop within reach joins (or leaves)
  // the active train's route
  // the route editor's click: on a city, it joins (or leaves) the active train's route;
  // elsewhere on a hex with track, the route must pass that hex between the cities
  // around it (to take one of two lines between the same cities)
  /** @param {{x: number, y: number}} point @param {number} radius @param {string | null} hex
   * @returns {boolean} whether the editor took the click */
  click(point, radius, hex) {
    if (!this.editing || !this.result) return false;
    let best = null, dist = radius * 0.45;
    for (const s of this.result.stops || []) {
      if (!s.reached) continue;
      const d = Math.hypot(s.xy[0] - point.x, s.xy[1] - point.y);
      if (d < dist) { dist = d; best = s; }
    }
    if (best) this.toggle(best.ref);
    else if (hex && this.tiles[hex] && (this.editing[this.active] || []).some((x) => !x.startsWith("@"))) this.toggle(`@${hex}`, true);
    return true;
  }

  /** @param {string} ref a stop, or "@q,r" a hex to pass @param {boolean} [via] */
  toggle(ref, via) {
    if (!this.editing) return;  // only while editing (its buttons are drawn only then)
    const stops = this.editing[this.active];
    const at = stops.indexOf(ref);
    if (at >= 0) stops.splice(at, 1);
    // a hex to pass goes between the last two cities (after the only one: before the next)
    else if (via && stops.filter((x) => !x.startsWith("@")).length >= 2) stops.splice(stops.length - 1, 0, ref);
    else stops.push(ref);
    this.table.render();
  }

  start() {
    // begin from the best routes' stops, so a small change is a click or two
    this.editing = (this.best?.trains || []).map((t) => (t.stops || []).map((s) => s.ref));
    this.active = 0;
    this.table.render();
  }

  /** @param {Ctx<LostAtlasView>} ctx */
  panel(ctx) {
    const box = h("section.routes", {id: "routes"});
    if (!this.run || !this.result) return box;
    const run = this.run;
    const r = this.result;
    const company = (r.company && ctx.view.companies[r.company]?.name) || r.company || "";
    box.append(h("h2", {}, `Routes of ${company}`));
    box.append(h("p", {}, this.editing
      ? "Your routes: choose a train, then click the cities on the map in the order it runs (click a city again to take it off; click a hex of track between two cities to make the route pass it). The engine counts each route as you go."
      : "The best routes, drawn on the map one colour per train:"));
    const legend = h("ol.route-legend", {id: "route-legend"});
    (r.trains || []).forEach((train, i) => {
      const colour = TRAIN_COLOURS[i % TRAIN_COLOURS.length];
      const stops = (train.stops || []).map((s) => `${s.ref} (${money(s.value)}${s.counted ? "" : ", not counted"})`);
      const row = h("li" + (this.editing && this.active === i ? ".active" : ""), {dataset: {train: i}},
        h("span.swatch", {style: {background: colour}}),
        h("strong", {}, ` ${train.train}-train `),
        h("span.train-revenue", {}, money(train.revenue)), ": ",
        h("span.train-stops", {}, stops.join(" → ") || (this.editing && (this.editing[i] || []).length
          ? `clicked: ${this.editing[i].map(word).join(" → ")}` : "does not run")),
        train.error ? h("div.route-error", {}, train.error, h("span.rule", {}, ` [rule ${train.rule}]`)) : "");
      if (this.editing) {
        row.prepend(h("input", {type: "radio", name: "route-train", id: `route-train-${i}`, checked: this.active === i,
          "aria-label": `edit the ${train.train}-train's route`, onchange: () => { this.active = i; this.table.render(); }}));
        row.append(h("button.small", {dataset: {clear: i}, onclick: () => { if (this.editing) this.editing[i] = []; this.table.render(); }}, "Clear"));
      }
      legend.append(row);
    });
    box.append(legend);
    if (this.editing) {
      box.append(h("p", {id: "route-total"}, "Total: ", h("strong", {}, money(r.total)),
        this.best ? ` (the best routes earn ${money(this.best.total)})` : ""));
      if (r.error) box.append(h("p.route-error", {id: "route-refusal"}, r.error, r.rule ? h("span.rule", {}, ` [rule ${r.rule}]`) : ""));
      box.append(h("button.primary", {id: "run-mine", disabled: !r.notation, onclick: () => r.notation && this.send(r.notation)},
        r.notation ? `Run these routes for ${money(r.total)}` : "Run these routes"),
        h("button", {id: "routes-best", onclick: () => { this.editing = null; this.table.render(); }}, "Back to the best routes"));
      if (this.editing) {
        // the stops as buttons too, for the keyboard
        const list = h("details.stop-list", {}, h("summary", {}, "Stops (for the keyboard)"),
          h("div", {}, (r.stops || []).filter((s) => s.reached).map((s) => h("button.stop", {dataset: {stop: s.ref}, onclick: () => this.toggle(s.ref)},
            `${s.ref} ${money(s.value)}${s.hub ? " ●" : ""}`))));
        box.append(list);
      }
    } else {
      const revenue = run.notation.split(" ")[1];
      box.append(h("p", {}, "Total: ", h("strong", {}, money(revenue))),
        h("button.primary", {id: "run-trains", onclick: () => this.send(run.notation)}, `Run the trains for ${money(revenue)}`),
        h("button", {id: "routes-edit", onclick: () => this.start()}, "Pick other routes"));
    }
    return box;
  }

  /** @param {string} notation */
  async send(notation) {
    const ok = await this.table.act(notation);
    if (ok) this.reset();
  }
}
