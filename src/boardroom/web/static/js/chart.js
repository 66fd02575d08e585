// The chart of each player's net worth over the game (cash plus shares at their price).
import {h, money} from "./dom.js";
import {api} from "./api.js";
/** @import {NetWorthSeries} from "./shapes.js" */
/** @import {Table} from "./table.js" */

const SVGNS = "http://www.w3.org/2000/svg";
const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"];
/** @type {Map<string, Promise<NetWorthSeries>>} */
const cache = new Map();

/** @param {string} tag @param {Record<string, string | number>} attrs @param {string} [text] */
function el(tag, attrs, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

// the series of the table's game now (one request per position, shared by the chart and
// the Lost Atlas companies sheet's revenue history)
/** @param {Table} table @returns {Promise<NetWorthSeries>} */
export function seriesOf(table) {
  const key = `${table.id}:${table.game().count}`;
  if (!cache.has(key)) {
    if (cache.size > 20) cache.clear();
    cache.set(key, api.netWorth(table.id, table.token).catch((e) => { cache.delete(key); throw e; }));
  }
  return /** @type {Promise<NetWorthSeries>} */ (cache.get(key));
}

/** @param {Table} table */
export function netWorthChart(table) {
  // Congress scores cash alone (its shares are worth nothing at the end): the chart says so
  const cash = table.data && table.data.view && table.data.view.title === "congress";
  const heading = cash ? "Cash over the game (the score)" : "Net worth over the game";
  const box = h("section.chart", {id: "net-worth", "aria-label": heading}, h("h2", {}, heading));
  /** @param {NetWorthSeries} series */
  const draw = (series) => {
    const W = 600, H = 220, L = 56, B = 24;
    const counts = series.counts, worth = series.worth;
    if (counts.length < 2) { box.append(h("p.muted", {}, "The chart starts after the first action.")); return; }
    const maxX = counts[counts.length - 1] || 1;
    const maxY = Math.max(1, ...worth.flat());
    /** @param {number} c */
    const x = (c) => L + (W - L - 8) * c / maxX;
    /** @param {number} v */
    const y = (v) => H - B - (H - B - 8) * v / maxY;
    const lastWorth = worth[worth.length - 1];
    const chart = el("svg", {viewBox: `0 0 ${W} ${H}`, role: "img", class: "worth-chart",
      "aria-label": `Net worth over ${maxX} actions; now ${series.players.map((name, s) => `${name} ${money(lastWorth[s])}`).join(", ")}`});
    chart.append(el("line", {x1: L, y1: H - B, x2: W - 8, y2: H - B, stroke: "#888"}),
      el("line", {x1: L, y1: 8, x2: L, y2: H - B, stroke: "#888"}),
      el("text", {x: L - 4, y: 14, "text-anchor": "end", "font-size": 11}, money(maxY)),
      el("text", {x: L - 4, y: H - B, "text-anchor": "end", "font-size": 11}, "$0"),
      el("text", {x: W - 8, y: H - 6, "text-anchor": "end", "font-size": 11}, `action ${maxX}`));
    series.players.forEach((name, s) => {
      const pts = counts.map((c, i) => `${x(c).toFixed(1)},${y(worth[i][s]).toFixed(1)}`).join(" ");
      chart.append(el("polyline", {points: pts, fill: "none", stroke: COLOURS[s % COLOURS.length], "stroke-width": 2.5}));
    });
    const last = worth[worth.length - 1];
    box.append(chart, h("ul.chart-legend", {}, series.players.map((name, s) =>
      h("li", {}, h("span.swatch", {style: {background: COLOURS[s % COLOURS.length]}}), ` ${name}: ${money(last[s])}`))));
  };
  seriesOf(table).then(draw).catch((e) => box.append(h("p.muted", {}, "The chart could not be drawn: " + e.message)));
  return box;
}
