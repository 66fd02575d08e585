// The Lost Atlas table: the map (SVG from the engine's own renderer, zoomable and
// pannable, coordinates on hover), legal spots highlighted and chosen by clicking a hex,
// tile and piece previews with rotation, the drawn routes, and the sheets.
import {h, money} from "./dom.js";
import {api, ApiError} from "./api.js";
import {renderSheets} from "./lost_atlas_sheets.js";
import {RouteEditor} from "./la_routes.js";
import {auctionPanel, mergerPanel} from "./la_decide.js";
import {matrixPanel, stockPanel, operatingPanel, otherPanel, roundName, stepName} from "./la_panels.js";
/** @import {LostAtlasView, MapPicture, PiecePictures} from "./shapes.js" */
/** @import {Ctx, Table} from "./table.js" */
/** @typedef {Ctx<LostAtlasView>} LaCtx */
/** @typedef {[number, number, number, number]} ViewBox x, y, width, height */
/** Where an action acts on the map (mapTarget).
 * @typedef {{hex: string, family: string, rotation: number | null, kind: string}} MapTarget */
/** @typedef {MapTarget & {notation: string, label: string}} HexAction */
/** @typedef {MapPicture & {key: string}} KeyedPicture */

const SVGNS = "http://www.w3.org/2000/svg";
const ON_MAP = new Set(["piece", "capital", "filler", "lay", "hub", "suburb", "hq"]);

/** @param {string} tag @param {Record<string, string | number>} [attrs] */
function svg(tag, attrs) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  return el;
}

// where a notation acts on the map: "lay 57 1,-2 r1" -> {hex: "1,-2", family: "lay 57", rotation: 1}
/** @param {string} notation @returns {MapTarget | null} */
export function mapTarget(notation) {
  const w = notation.trim().split(/\s+/);
  const kind = w[0];
  if (!ON_MAP.has(kind)) return null;
  let place, family = kind, rotation = null;
  if (kind === "lay") { place = w[2]; family = `lay ${w[1]}`; rotation = Number((w[3] || "r0").slice(1)); }
  else if (kind === "piece") { place = w[1]; rotation = Number((w[2] || "r0").slice(1)); }
  else { place = w[1]; family = notation; }
  if (!place) return null;
  const hex = place.split("/")[0];
  if (!/^-?\d+,-?\d+$/.test(hex)) return null;
  return {hex, family, rotation, kind};
}

/** @param {string} hex "q,r" @param {number} R @returns {[number, number]} */
function centre(hex, R) {
  const [q, r] = hex.split(",").map(Number);
  return [R * 1.5 * q, R * Math.sqrt(3) * (r + q / 2)];
}

/** @param {[number, number]} point @param {number} R */
function corners([x, y], R) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i);
    pts.push(`${(x + R * Math.cos(a)).toFixed(1)},${(y + R * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

export class LostAtlasTable {
  /** @param {Table} table */
  constructor(table) {
    this.table = table;
    /** @type {KeyedPicture | null} */
    this.picture = null;     // {key, svg, hexes, radius, phase}
    /** @type {ViewBox | null} */
    this.vb = null;          // the user's zoom and pan, kept across redraws
    /** @type {string | null} */
    this.selected = null;    // a hex the player clicked
    /** @type {{family: string, options: string[], index: number} | null} */
    this.choice = null;      // {family, options:[notation], index}
    /** @type {Map<string, KeyedPicture>} */
    this.previews = new Map();
    /** @type {{count: number, picture: KeyedPicture | null} | null} */
    this.lastConfirmed = null;
    this.routes = new RouteEditor(table);
    /** @type {number | null} */
    this.pieceRotation = null;  // the drawn map piece's rotation the map highlights
    /** @type {(PiecePictures & {key: string}) | null} */
    this.piece = null;          // {key, drawn, kind, svgs}
    // set as the table is drawn (undefined until then)
    /** @type {Map<string, HexAction[]>} the legal actions on each hex */
    this.targets = new Map();
    /** @type {number[]} the rotations the drawn piece may be placed in */
    this.pieceRotations = [];
    /** @type {number | string | null | undefined} the drawn piece pieceRotation is for */
    this.rotationFor = undefined;
    /** @type {{count: number, reach: MapPicture["reach"]} | undefined} */
    this.reachNow = undefined;
    /** @type {MapPicture["reach"] | undefined} */
    this.reach = undefined;
    /** @type {AbortController | null | undefined} */
    this.previewing = undefined;
    /** @type {ViewBox | undefined} the whole map's */
    this.full = undefined;
    /** @type {ViewBox | undefined} */
    this.vbBefore = undefined;
    /** @type {SVGSVGElement | undefined} */
    this.svgEl = undefined;
    /** @type {DOMPoint | null | undefined} the cursor's last place on the map */
    this.pointer = undefined;
    /** @type {boolean | undefined} */
    this.zoomed = undefined;
    /** @type {boolean | undefined} */
    this.autoZoom = undefined;
    /** @type {boolean | undefined} */
    this.autoBuilding = undefined;
    /** @type {boolean | undefined} */
    this.showCoords = undefined;
    /** @type {boolean | undefined} */
    this.legendOpen = undefined;
    /** @type {{id: string, svg: string} | undefined} */
    this.legendSvg = undefined;
  }

  /** @param {LaCtx} ctx */
  async piece_for(ctx) {
    const mb = ctx.view.map_building;
    if (!mb || mb.drawn === null || mb.drawn === undefined || typeof mb.drawn !== "number") return null;
    const t = this.table;
    const key = `${ctx.past && t.past ? t.past.count : t.game().count}|${mb.drawn}`;
    if (this.piece && this.piece.key === key) return this.piece;
    const got = await api.piece(t.id, t.token);
    if (got.drawn !== mb.drawn) return null;  // a scrubbed past: the piece then is not drawn now
    this.piece = {...got, key};
    return this.piece;
  }

  /** @param {LaCtx} ctx */
  async picture_for(ctx) {
    const pic = await this.fetchPicture(ctx);
    // the reach shown is the company's now, also while an action is previewed
    if (!ctx.past && !pic.key.split("|")[1]) this.reachNow = {count: this.table.game().count, reach: pic.reach};
    return pic;
  }

  /** @param {LaCtx} ctx @returns {Promise<KeyedPicture>} */
  async fetchPicture(ctx) {
    const t = this.table;
    const count = ctx.past && t.past ? t.past.count : t.game().count;
    const preview = this.choice && !ctx.past ? this.choice.options[this.choice.index] : null;
    const key = `${count}|${preview || ""}`;
    if (this.picture && this.picture.key === key) return this.picture;
    // a confirmed preview is the map that follows: no need to ask again
    // (none kept: asked again)
    if (!preview && this.lastConfirmed && this.lastConfirmed.count === count && this.lastConfirmed.picture) {
      this.picture = {...this.lastConfirmed.picture, key};
      return this.picture;
    }
    // a preview says the count it was chosen at: if the game moved on meanwhile (another
    // seat or a bot acted) the server answers 409, not a refusal of an illegal action
    const params = preview ? {preview, after: count} : (ctx.past ? {at: count} : {});
    const previewed = preview ? this.previews.get(key) : undefined;
    if (previewed) { this.picture = previewed; return this.picture; }
    // a preview is of the position as it stands: acting drops the previews still on their
    // way (dropPreviews), else the server could answer one after the action and refuse it
    const previewing = preview ? (this.previewing = this.previewing || new AbortController()) : null;
    const got = await api.map(t.id, t.token, params, previewing ? previewing.signal : undefined);
    this.picture = {...got, key};
    if (preview) this.previews.set(key, this.picture);
    return this.picture;
  }

  /** @param {HTMLElement} root @param {LaCtx} ctx */
  async render(root, ctx) {
    const {view, legal} = ctx;
    const chosen = this.choice;
    if (chosen && !legal.some((a) => a.notation === chosen.options[0])) { this.choice = null; }
    /** @type {Map<string, HexAction[]>} */
    const targets = new Map();
    for (const a of legal) {
      const t = mapTarget(a.notation);
      if (!t) continue;
      if (!targets.has(t.hex)) targets.set(t.hex, []);
      targets.get(t.hex)?.push({...t, notation: a.notation, label: a.label});
    }
    this.targets = targets;
    // the drawn map piece: the map highlights where its hex A may go in the rotation shown
    const rotations = [...new Set(legal.map((a) => mapTarget(a.notation)).flatMap((t) => (t && t.kind === "piece" && t.rotation !== null ? [t.rotation] : [])))].sort((a, b) => a - b);
    this.pieceRotations = rotations;
    const drawn = view.map_building ? view.map_building.drawn : null;
    if (drawn !== this.rotationFor) { this.rotationFor = drawn; this.pieceRotation = null; }
    if (rotations.length && (this.pieceRotation === null || !rotations.includes(this.pieceRotation))) this.pieceRotation = rotations[0];
    if (!rotations.length && !ctx.past) this.pieceRotation = this.pieceRotation ?? 0;
    if (this.selected && !targets.has(this.selected) && !(view.map.tiles || {})[this.selected]) this.selected = null;
    let pic, piece = null;
    try {
      [pic, piece] = await Promise.all([this.picture_for(ctx), this.piece_for(ctx).catch(() => null), this.routes.prepare(ctx)]);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        // the position previewed has gone: this redraw is dropped and the table fetched
        // again and drawn (even if a poll already has this count: its redraw is dropped
        // here too), without a message (nothing the player did was wrong)
        this.table.drawing = (this.table.drawing || 0) + 1;
        this.table.refresh(true, true);
        return;
      }
      root.append(h("p.error", {}, "The map could not be drawn: " + e.message));
      return;
    }

    // the decision of whoever must act, explained in the main area: the auction, the
    // minor matrix, a Stock Round turn, the operating company's step, a merger; every
    // legal action no panel explains (and that is not on the map) as a button after them
    const covered = new Set(legal.filter((a) => mapTarget(a.notation) || a.notation.startsWith("run ")).map((a) => a.notation));
    const auction = auctionPanel(ctx);
    const matrix = matrixPanel(ctx, this);
    const stock = stockPanel(ctx);
    const operating = operatingPanel(ctx);
    const merger = mergerPanel(ctx);
    for (const a of legal) {
      const verb = a.notation.split(" ")[0];
      if (auction && ["auction", "bid", "launch", "pass"].includes(verb)) covered.add(a.notation);
      if (matrix && verb === "launch") covered.add(a.notation);
      if (stock && ["buy", "sell", "done", "pass"].includes(verb)) covered.add(a.notation);
      if (merger && (["merge", "accept", "refuse", "major", "vote"].includes(verb) ||
          (verb === "pass" && merger.querySelector("#merger-pass")))) covered.add(a.notation);
    }
    if (operating) for (const n of operating.covered) covered.add(n);
    const other = ctx.past ? null : otherPanel(ctx, covered,
      view.operating ? `${view.companies[view.operating.company]?.name || view.operating.company}: ${stepName(view.operating.step)}` : "Your decision",
      operating ? operating.box : undefined);
    const decide = /** @type {HTMLElement[]} */ ([auction, stock, matrix, operating && operating.box, merger, other].filter(Boolean));
    const mb = view.map_building;
    const capital = mb && typeof mb.drawn === "string" && !ctx.past
      ? h("section.piece-panel", {id: "capital-panel"}, h("div", {}, h("h2", {}, `Drawn: capital project ${mb.drawn}`),
        h("p", {}, this.targets.size
          ? `Its overlay goes on a basic city already on the map: the ${this.targets.size} highlighted cit${this.targets.size === 1 ? "y" : "ies"}. Click one, then Confirm.`
          : "Another player places it."))) : "";
    root.append(this.infoBar(view, ctx), ...decide, piece ? this.piecePanel(piece) : capital,
      this.mapPanel(pic, ctx), this.hexPanel(ctx), this.routes.panel(ctx));
    renderSheets(root, view, ctx);
  }

  /** @param {LostAtlasView} view @param {LaCtx} ctx */
  infoBar(view, ctx) {
    const mode = /** @type {Record<string, string>} */ ({short: "Short", long: "Long"})[view.mode] || view.mode;
    const bits = [`${mode} game`, roundName(view), `cycle ${view.cycle}`, `${view.phase} phase`];
    if (view.operating) bits.push(`operating: ${view.companies[view.operating.company]?.name || view.operating.company} (${stepName(view.operating.step)})`);
    const extra = [];
    if (view.map_building) {
      extra.push(h("span", {id: "drawn-piece"}, `Drawn map piece: ${view.map_building.drawn ?? "none"} (${view.map_building.left} left in the stack) `),
        ctx.past ? "" : this.autoBuilding
          ? h("button.danger", {id: "auto-build-stop", onclick: () => { this.autoBuilding = false; }}, "Stop auto-building")
          : h("button", {id: "auto-build", title: "Place every remaining piece of the seats this browser holds at a random legal position, after each other seat's piece too, until the map is built",
            onclick: () => this.autoBuild()}, "Auto-build the rest of the map"));
    }
    if (view.auction) {
      const a = view.auction;
      extra.push(h("span", {id: "auction-info"}, `Auction: bid ${money(a.bid)} by ${this.table.name(a.leader)}; still in: ${a.active.map((s) => this.table.name(s)).join(", ")}`));
    }
    if (view.merger && view.merger.proposal) extra.push(h("span", {id: "merger-info"}, `Merger proposed: ${view.merger.proposal.map((c) => view.companies[c]?.name || c).join(" + ")}`));
    return h("div.la-info", {id: "la-info"}, bits.join(" · "), extra.length ? h("br") : "", ...extra);
  }

  /** @param {KeyedPicture} pic @param {LaCtx} ctx */
  mapPanel(pic, ctx) {
    const holder = h("div.map", {id: "map", tabindex: 0, "aria-label": "The map; drag to pan, wheel or +/- to zoom"});
    holder.innerHTML = pic.svg;
    // the server's picture is an <svg>
    const el = /** @type {SVGSVGElement} */ (holder.querySelector("svg"));
    el.removeAttribute("width"); el.removeAttribute("height");
    el.setAttribute("preserveAspectRatio", "xMidYMid meet");
    const R = pic.radius;
    const overlay = svg("g", {id: "overlay"});
    el.append(overlay);
    // the legal spots, including hexes not yet on the map (map building)
    const [x0, y0, w0, hh0] = /** @type {string} */ (el.getAttribute("viewBox")).split(/\s+/).map(Number);
    let minX = x0, minY = y0, maxX = x0 + w0, maxY = y0 + hh0;
    // the operating company's reach (track laying and hubs), under the legal spots
    const now = this.reachNow && this.reachNow.count === this.table.game().count ? this.reachNow.reach : pic.reach;
    const reach = now && !ctx.past ? now : null;
    if (reach) {
      const g = svg("g", {id: "reach", "data-company": reach.company});
      for (const hex of Object.keys(reach.hexes)) g.append(svg("polygon", {points: corners(centre(hex, R), R * 0.9), class: "reach", "data-reach": hex}));
      overlay.append(g);
    }
    this.reach = reach;
    const shown = this.shownTargets();
    for (const hex of shown) {
      const c = centre(hex, R);
      const poly = svg("polygon", {points: corners(c, R * 0.96), class: "target" + (hex === this.selected ? " selected" : ""), "data-target": hex});
      overlay.append(poly);
      minX = Math.min(minX, c[0] - 1.2 * R); maxX = Math.max(maxX, c[0] + 1.2 * R);
      minY = Math.min(minY, c[1] - 1.2 * R); maxY = Math.max(maxY, c[1] + 1.2 * R);
    }
    if (this.selected && !this.targets.has(this.selected)) {
      overlay.append(svg("polygon", {points: corners(centre(this.selected, R), R * 0.96), class: "target selected"}));
    }
    // a map of a few hexes is not drawn larger than about eight hexes across
    /** @param {number} lo @param {number} hi @param {number} least @returns {[number, number]} */
    const grow = (lo, hi, least) => { const d = Math.max(0, least - (hi - lo)) / 2; return [lo - d, hi + d]; };
    [minX, maxX] = grow(minX, maxX, 8 * R);
    [minY, maxY] = grow(minY, maxY, 6 * R);
    /** @type {ViewBox} */
    const full = [minX, minY, maxX - minX, maxY - minY];
    this.full = full;
    // the frame takes the map's shape (up to 75% of the screen's height)
    holder.style.aspectRatio = `${full[2].toFixed(0)} / ${full[3].toFixed(0)}`;
    holder.style.height = "auto";
    if (this.autoZoom && !this.choice) this.autoZoom = false;  // the preview's close-up ends with it
    if (!this.vb || (!this.zoomed && !this.autoZoom)) this.vb = full;  // a zoom or pan the player chose stays
    el.setAttribute("viewBox", this.vb.join(" "));
    this.svgEl = el;

    // q,r written on every hex (every action, route and log line names hexes so)
    if (this.showCoords) {
      const g = svg("g", {id: "coords"});
      for (const hex of Object.keys(pic.hexes)) {
        const [cx, cy] = centre(hex, R);
        const t = svg("text", {x: cx, y: cy - R * 0.52, "text-anchor": "middle", class: "coord"});
        t.textContent = hex;
        g.append(t);
      }
      overlay.append(g);
    }
    const hover = h("span.hover", {id: "hover-hex", "aria-live": "polite"}, "Point at (or tap) a hex to see its coordinates.");
    this.routes.draw(overlay, R);
    /** @param {MouseEvent} ev */
    const pointAt = (ev) => {
      const pt = el.createSVGPoint(); pt.x = ev.clientX; pt.y = ev.clientY;
      const m = el.getScreenCTM(); if (!m) return null;
      return pt.matrixTransform(m.inverse());
    };
    /** @param {MouseEvent} ev */
    const hexAt = (ev) => {
      const p = pointAt(ev); if (!p) return null;
      // axial rounding of the flat-topped hex under the point
      const q = (2 / 3 * p.x) / R, r = (-1 / 3 * p.x + Math.sqrt(3) / 3 * p.y) / R;
      let rq = Math.round(q), rr = Math.round(r);
      const rs = Math.round(-q - r);
      const dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs + q + r);
      if (dq > dr && dq > ds) rq = -rr - rs; else if (dr > ds) rr = -rq - rs;
      return `${rq},${rr}`;
    };
    el.addEventListener("mousemove", (ev) => {
      this.pointer = pointAt(ev);  // the +/- buttons zoom around the cursor's last place
      const hex = hexAt(ev); if (!hex) return;
      const known = pic.hexes[hex] ? "" : " (off the map)";
      const n = (this.targets.get(hex) || []).length;
      hover.textContent = `Hex ${hex}${known}${n ? ` · ${n} legal action${n > 1 ? "s" : ""}: click` : ""}`;
    });
    // pan by dragging, zoom by wheel
    /** @type {{x: number, y: number, vb: ViewBox, moved: boolean} | null} */
    let drag = null;
    el.addEventListener("pointerdown", (ev) => {
      if (this.vb) drag = {x: ev.clientX, y: ev.clientY, vb: /** @type {ViewBox} */ ([...this.vb]), moved: false};
    });
    el.addEventListener("pointermove", (ev) => {
      if (!drag) return;
      const m = el.getScreenCTM(); if (!m) return;
      const dx = (ev.clientX - drag.x) / m.a, dy = (ev.clientY - drag.y) / m.d;
      if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 4) drag.moved = true;
      if (drag.moved) { this.vb = [drag.vb[0] - dx, drag.vb[1] - dy, drag.vb[2], drag.vb[3]]; this.zoomed = true; el.setAttribute("viewBox", this.vb.join(" ")); }
    });
    el.addEventListener("pointerup", (ev) => {
      const wasDrag = drag && drag.moved; drag = null;
      if (wasDrag) return;
      const p = pointAt(ev);
      const hex = hexAt(ev);
      if (hex) hover.textContent = `Hex ${hex}${pic.hexes[hex] ? "" : " (off the map)"}`;  // a tap shows it too
      if (p && this.routes.click(p, R, hex)) return;  // the route editor takes the clicks
      if (hex) this.select(hex);
    });
    // the wheel zooms around the point under the cursor
    el.addEventListener("wheel", (ev) => { ev.preventDefault(); this.zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, pointAt(ev)); }, {passive: false});
    holder.addEventListener("keydown", (ev) => {
      if (ev.key === "+" || ev.key === "=") this.zoom(1 / 1.25, this.zoomPoint());
      else if (ev.key === "-") this.zoom(1.25, this.zoomPoint());
      else if (ev.key === "0") this.fit();
    });
    const tools = h("div.map-tools", {},
      h("button", {id: "zoom-in", "aria-label": "Zoom in", onclick: () => this.zoom(1 / 1.25, this.zoomPoint())}, "+"),
      h("button", {id: "zoom-out", "aria-label": "Zoom out", onclick: () => this.zoom(1.25, this.zoomPoint())}, "−"),
      h("button", {id: "zoom-fit", onclick: () => this.fit()}, "Fit"),
      h("button", {id: "coords-toggle", "aria-pressed": this.showCoords ? "true" : "false",
        onclick: () => { this.showCoords = !this.showCoords; this.table.render(); }}, this.showCoords ? "Hide q,r" : "Show q,r"), hover,
      shown.length ? h("span.muted", {}, ` ${shown.length} highlighted hex${shown.length > 1 ? "es" : ""} with your legal actions`) : "",
      reach ? h("span.reach-key", {id: "reach-key"}, h("span.swatch.reach-swatch"), ` ${ctx.view.companies[reach.company]?.name || reach.company} can trace routes into ${Object.keys(reach.hexes).length} hex${Object.keys(reach.hexes).length === 1 ? "" : "es"} (green)`) : "");
    return h("div.map-panel", {}, tools, holder, this.legendBox());
  }

  // the homes of a minor pointed at in the matrix, ringed on the map
  /** @param {string[]} refs */
  markHomes(refs) {
    const g = this.svgEl?.querySelector("#overlay");
    if (!g || !this.picture) return;
    g.querySelectorAll(".home-mark").forEach((x) => x.remove());
    const R = this.picture.radius;
    for (const ref of refs) {
      const hex = ref.split("/")[0];
      g.append(svg("polygon", {points: corners(centre(hex, R), R * 0.9), class: "home-mark", "data-home": hex}));
    }
  }

  forgetChoice() {
    // the action chosen was not played (the game moved on before it arrived): its preview
    // is not the map that follows, so the next redraw draws the map as it is
    this.choice = null; this.selected = null;
    this.lastConfirmed = null; this.picture = null;
  }

  dropPreviews() {
    // a redraw still waiting for a preview is of the position being left: it is not swapped in
    if (!this.previewing) return false;
    this.previewing.abort();
    this.previewing = null;
    this.table.drawing = (this.table.drawing || 0) + 1;
    return true;
  }

  async autoBuild() {
    // every map-building decision of the seats held here, each a random legal one, played
    // through the same API as a click; after another seat's piece (a bot's, a friend's)
    // it goes on with the next of ours, until the map is built or Stop is pressed
    const t = this.table;
    if (this.autoBuilding) return;
    this.autoBuilding = true;
    this.choice = null; this.selected = null;
    await t.render();
    try {
      for (let i = 0; i < 2000 && this.autoBuilding && !t.stopped; i++) {
        // the game as it is now (the table's own copy may wait on a redraw)
        const d = await api.game(t.id, t.token);
        if (d.view.title !== "lost_atlas" || !d.view.map_building) break;
        const held = Object.values(t.seats).find((s) => s.seat >= 0 && d.to_act.includes(s.seat));
        if (!held) {
          // another seat places its piece: look again shortly
          await new Promise((ok) => { setTimeout(ok, 250); });
          await t.refresh(true, true);
          continue;
        }
        const mine = held.token === t.token ? d : await api.game(t.id, held.token);
        const options = mine.legal.map((a) => a.notation);
        if (!options.length) { await t.refresh(true, true); continue; }
        // spread over the legal places, the same pick for the same position (so a game
        // built this way replays the same: no Math.random)
        const pick = options[(Math.imul(mine.count + 1, 2654435761) >>> 0) % options.length];
        t.setBusy(true);
        try {
          await api.act(t.id, held.token, pick, mine.count);
        } catch (e) {
          // the game moved on before the piece arrived (another browser played): nothing
          // was played; read the game again and go on from where it is
          if (!(e instanceof ApiError && e.status === 409)) throw e;
        } finally { t.setBusy(false); }
        await t.refresh(true, true);
      }
    } catch (e) { t.showError(e); }
    this.autoBuilding = false;
    this.choice = null; this.selected = null;
    await t.refresh();
  }

  // the hexes highlighted: those with legal actions (for the drawn piece: where hex A may
  // go in the rotation shown)
  shownTargets() {
    return [...this.targets.entries()].filter(([, here]) => !this.pieceRotations.length ||
      here.some((t) => t.kind !== "piece" || t.rotation === this.pieceRotation)).map(([hex]) => hex);
  }

  legendBox() {
    // the renderer's own legend of every symbol, fetched once a game when first opened
    const box = h("details.map-legend", {id: "map-legend", open: this.legendOpen || undefined},
      h("summary", {}, "Map legend"));
    const body = h("div.legend-svg");
    box.append(body);
    /** @param {string} svgText */
    const fill = (svgText) => {
      body.innerHTML = svgText;
      const el = body.querySelector("svg");
      const g = el && /** @type {SVGGElement | null} */ (el.querySelector("g.legend"));
      if (!g) return;
      el.removeAttribute("width"); el.removeAttribute("height");
      requestAnimationFrame(() => {
        const b = g.getBBox();
        if (b.width) el.setAttribute("viewBox", `${b.x - 4} ${b.y - 4} ${b.width + 8} ${b.height + 8}`);
      });
    };
    box.addEventListener("toggle", () => {
      this.legendOpen = box.open;
      if (!box.open) return;
      if (this.legendSvg && this.legendSvg.id === this.table.id) { fill(this.legendSvg.svg); return; }
      api.legend(this.table.id, this.table.token).then((r) => { this.legendSvg = {id: this.table.id, svg: r.svg}; fill(r.svg); })
        .catch((e) => { body.textContent = "The legend could not be drawn: " + e.message; });
    });
    return box;
  }

  zoomPoint() {
    // where +/- zoom: around the hex previewed, else the cursor's last place over the map
    // (if still in view), else the middle of the view
    if (this.choice && this.selected && this.picture) {
      const [x, y] = centre(this.selected, this.picture.radius);
      return {x, y};
    }
    const p = this.pointer, el = this.svgEl, m = el?.getScreenCTM();
    if (!p || !m || !el) return null;
    // the part of the map shown (the frame may show more than the viewBox around it)
    const r = el.getBoundingClientRect(), inv = m.inverse();
    /** @param {number} x @param {number} y */
    const at = (x, y) => { const q = el.createSVGPoint(); q.x = x; q.y = y; return q.matrixTransform(inv); };
    const a = at(r.left, r.top), b = at(r.right, r.bottom);
    return p.x >= a.x && p.x <= b.x && p.y >= a.y && p.y <= b.y ? p : null;
  }

  /** @param {number} k @param {{x: number, y: number} | null} at */
  zoom(k, at) {
    // around `at` (a point of the map: the cursor's) or the middle of the view
    if (!this.vb) return;  // the map is not drawn yet
    const [x, y, w, hh] = this.vb;
    const cx = at ? at.x : x + w / 2, cy = at ? at.y : y + hh / 2;
    const fx = at ? (cx - x) / w : 0.5, fy = at ? (cy - y) / hh : 0.5;
    this.vb = [cx - w * k * fx, cy - hh * k * fy, w * k, hh * k];
    this.zoomed = true;
    this.svgEl?.setAttribute("viewBox", this.vb.join(" "));
  }

  /** @param {string} hex */
  zoomTo(hex) {
    // at Fit a previewed tile is small: the view closes in on it (about seven hexes
    // across) until the choice is confirmed or dropped, then goes back
    if (!this.picture || !this.full) return;  // the map is not drawn yet
    const R = this.picture.radius;
    const [cx, cy] = centre(hex, R);
    const [, , w, hh] = this.full;
    const width = Math.min(w, 7 * 1.5 * R), height = width * hh / w;
    this.vbBefore = this.full;
    this.vb = [cx - width / 2, cy - height / 2, width, height];
    this.autoZoom = true;
  }

  unzoom() {
    if (!this.autoZoom || !this.full) return;
    this.autoZoom = false;
    this.vb = this.vbBefore || this.full;
    this.svgEl?.setAttribute("viewBox", this.vb.join(" "));
  }

  fit() {
    if (!this.full) return;  // the map is not drawn yet
    this.autoZoom = false; this.vb = this.full; this.zoomed = false; this.svgEl?.setAttribute("viewBox", this.vb.join(" "));
  }

  /** @param {string} hex */
  select(hex) {
    if (this.table.past) return;
    this.selected = hex;
    const here = this.targets.get(hex) || [];
    const families = [...new Set(here.map((t) => t.family))];
    this.choice = null;
    if (families.length === 1) this.choose(families[0]);
    else this.table.render().then(() => this.keepInSight());
  }

  keepInSight() {
    // the previewed hex is scrolled into sight if a redraw left it off the window or
    // under the sticky panel of Rotate and Confirm
    const poly = this.svgEl?.querySelector("#overlay .target.selected");
    if (!poly) return;
    const r = poly.getBoundingClientRect();
    const panel = document.getElementById("hex-panel")?.getBoundingClientRect();
    const limit = panel && panel.top > r.height ? panel.top : window.innerHeight;
    if (r.top < 0) window.scrollBy(0, r.top - 8);
    else if (r.bottom > limit) window.scrollBy(0, r.bottom - limit + 8);
  }

  /** @param {string} family */
  choose(family) {
    const here = ((this.selected ? this.targets.get(this.selected) : undefined) || []).filter((t) => t.family === family);
    let index = 0;
    if (family === "piece") index = Math.max(0, here.findIndex((t) => t.rotation === this.pieceRotation));
    const options = here.map((t) => t.notation);
    this.choice = options.length ? {family, options, index} : null;
    if (this.choice && !this.zoomed && this.picture && this.selected) this.zoomTo(this.selected);
    this.table.render().then(() => this.keepInSight());
  }

  rotate() {
    if (!this.choice) return;
    this.choice.index = (this.choice.index + 1) % this.choice.options.length;
    const t = mapTarget(this.choice.options[this.choice.index]);
    if (t && t.kind === "piece") this.pieceRotation = t.rotation;
    this.table.render().then(() => this.keepInSight());
  }

  /** @param {number} k */
  turnPiece(k) {
    // the next rotation with a legal position, clockwise (k = 1) or back (k = -1)
    const rs = this.pieceRotations;
    if (!rs.length) { this.pieceRotation = ((this.pieceRotation || 0) + k + 6) % 6; this.table.render(); return; }
    const i = this.pieceRotation === null ? -1 : rs.indexOf(this.pieceRotation);
    this.pieceRotation = rs[((i < 0 ? 0 : i) + k + rs.length) % rs.length];
    this.choice = null; this.selected = null;
    this.table.render();
  }

  /** @param {PiecePictures} piece */
  piecePanel(piece) {
    // the drawn piece drawn on its own, as the map draws it, in the rotation the map shows
    const rotation = this.pieceRotation ?? 0;
    const holder = h("div.piece-drawing", {id: "piece-drawing", dataset: {rotation}});
    holder.innerHTML = piece.svgs[rotation];
    const el = holder.querySelector("svg");
    if (el) {
      el.removeAttribute("width"); el.removeAttribute("height");
      const R = /** @type {number} */ (piece.radius);  // a map piece's pictures say their radius
      const mark = svg("g", {class: "anchor-mark"});
      mark.append(svg("circle", {cx: 0, cy: 0, r: R * 0.93, class: "anchor-ring"}));
      const label = svg("text", {x: 0, y: -R * 0.6, "text-anchor": "middle", class: "anchor-label"});
      label.textContent = "A";
      mark.append(label);
      el.append(mark);
    }
    const n = [...this.targets.values()].filter((here) => here.some((t) => t.kind === "piece" && t.rotation === rotation)).length;
    const mine = this.pieceRotations.length > 0;
    return h("section.piece-panel", {id: "piece-panel"},
      h("div", {}, h("h2", {}, `Drawn map piece ${piece.drawn}`),
        h("p", {id: "piece-rotation"}, `Rotation ${rotation} (of 0–5).`,
          mine ? ` ${n} legal position${n === 1 ? "" : "s"} for hex A (ringed) in this rotation, highlighted on the map: click one to preview, then Confirm.` : " Another player places it."),
        mine ? h("div", {},
          h("button", {id: "piece-rotate-back", "aria-label": "Turn the piece back", onclick: () => this.turnPiece(-1)}, "⟲ Turn back"),
          h("button", {id: "piece-rotate", "aria-label": "Turn the piece clockwise", onclick: () => this.turnPiece(1)}, "Turn ⟳"),
          h("span.muted", {}, ` ${this.pieceRotations.length} rotation${this.pieceRotations.length === 1 ? "" : "s"} can be placed: ${this.pieceRotations.join(", ")}`)) : ""),
      holder);
  }

  async confirm() {
    if (!this.choice) return;
    const notation = this.choice.options[this.choice.index];
    const count = this.table.game().count;
    const pic = this.previews.get(`${count}|${notation}`) || this.picture;
    this.choice = null; this.selected = null;
    this.lastConfirmed = {count: count + 1, picture: pic};
    const ok = await this.table.act(notation);
    if (!ok) {
      // redrawn without the choice; the refusal (or note) the action got stays shown
      const said = this.table.root.querySelector("#refusal:not([hidden])");
      this.lastConfirmed = null; this.picture = null;
      await this.table.render();
      if (said) this.table.root.querySelector("#refusal")?.replaceWith(said);
    }
  }

  /** @param {LaCtx} ctx */
  hexPanel(ctx) {
    const box = h("section.hex-panel", {id: "hex-panel"});
    if (!this.selected) {
      box.append(h("p.muted", {}, this.targets.size ? "Click a highlighted hex to see what you may do there, or choose it here:" : "Click a hex to select it."));
      // the same hexes as buttons, for the keyboard
      const hexes = this.shownTargets();
      if (hexes.length) box.append(h("div.target-list", {}, hexes.slice(0, 40).map((hx) =>
        h("button.target-hex", {dataset: {hex: hx}, onclick: () => this.select(hx)}, hx))));
      return box;
    }
    const hex = this.selected;
    const here = this.targets.get(hex) || [];
    const tile = (ctx.view.map.tiles || {})[hex];
    // the engine's own description of the hex (terrain, cost, tile), from the map drawing
    const about = this.svgEl?.querySelector(`polygon[data-hex="${hex}"] title`)?.textContent;
    box.append(h("h2", {}, `Hex ${hex}`), about ? h("p", {id: "hex-about"}, about) : "",
      tile ? h("p", {}, `Tile ${tile.tile}, rotation ${tile.rotation}`) : "");
    if (!here.length) { box.append(h("p.muted", {}, "You have no legal action on this hex now.")); return box; }
    const families = [...new Set(here.map((t) => t.family))];
    box.append(h("div.families", {}, families.map((f) => {
      const n = here.filter((t) => t.family === f).length;
      const label = f.startsWith("lay ") ? `Tile ${f.slice(4)}` : f;
      return h("button.family" + (this.choice && this.choice.family === f ? ".chosen" : ""),
        {dataset: {family: f}, onclick: () => this.choose(f)}, label, n > 1 ? ` (${n} rotations)` : "");
    })));
    if (this.choice) {
      const n = this.choice.options[this.choice.index];
      const label = here.find((t) => t.notation === n)?.label || n;
      box.append(h("p.preview-note", {id: "preview-note"}, "Previewing on the map: ", h("strong", {}, label)),
        this.choice.options.length > 1 ? h("button", {id: "rotate", onclick: () => this.rotate()}, `Rotate (${this.choice.index + 1}/${this.choice.options.length})`) : "",
        h("button.primary", {id: "confirm", onclick: () => this.confirm()}, "Confirm"),
        h("button", {id: "cancel", onclick: () => { this.choice = null; this.selected = null; this.table.render(); }}, "Cancel"));
    }
    return box;
  }
}
