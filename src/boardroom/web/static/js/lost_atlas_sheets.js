// The Lost Atlas sheets: companies (like 18xx.games' spreadsheet), players with net worth,
// the stock track in column order, and the trains with phases, limits and rust.
import {h, money} from "./dom.js";
import {seriesOf} from "./chart.js";
/** @import {LaReference, LostAtlasView} from "./shapes.js" */
/** @import {Ctx} from "./table.js" */

/** @type {LaReference | null} */
let reference = null;
export const loading = fetch("/api/web/lost_atlas/reference").then((r) => r.json()).then((r) => { reference = r; }).catch(() => {});
// the facts the panels print beside the view (null until loaded)
export function referenceNow() { return reference; }

/** @param {string} id */
function colourOf(id) { return (reference && reference.colours[id]) || "#777"; }

// black or white, whichever reads on the colour
/** @param {string} colour */
export function inkOn(colour) {
  // WCAG's relative luminance: the ink with the higher contrast ratio
  const n = parseInt(String(colour).replace("#", "").padEnd(6, "0").slice(0, 6), 16);
  /** @param {number} c */
  const lin = (c) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const L = 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return (L + 0.05) / 0.05 >= 1.05 / (L + 0.05) ? "#000" : "#fff";
}

/** @param {HTMLElement} root @param {LostAtlasView} view @param {Ctx<LostAtlasView>} ctx */
export function renderSheets(root, view, ctx) {
  if (!reference) { loading.then(() => { if (!reference) return; ctx.table.render(); }); }
  const players = view.players;
  const companies = Object.entries(view.companies);
  const worth = players.map((p, s) => p.cash + companies.reduce((sum, [, c]) => sum + (c.shares[String(s)] || 0) * c.price, 0));
  /** @param {number | null | undefined} s */
  const name = (s) => (s === null || s === undefined ? "–" : (players[s] ? players[s].name : String(s)));

  const sheet = h("table.companies", {id: "companies"},
    h("caption", {}, "Companies"),
    h("thead", {}, h("tr", {}, ["Company", "Kind", "President", "Price", "Treasury", "Trains", ...players.map((p) => p.name),
      "Treasury shares", "Pool", "Last run", "Ability"].map((t) => h("th", {}, t)))),
    h("tbody", {}, companies.map(([id, c]) => h("tr", {dataset: {company: id}, class: view.operating && view.operating.company === id ? "acting" : ""},
      h("td", {}, h("span.swatch", {style: {background: colourOf(id)}}), " ", c.name),
      h("td", {}, c.kind), h("td", {}, name(c.president)), h("td", {}, money(c.price)), h("td", {}, money(c.treasury)),
      h("td", {}, c.trains.join(", ") || "none", c.rusted.length ? ` (rusted ${c.rusted.join(", ")})` : ""),
      players.map((p, s) => h("td", {}, c.shares[String(s)] || "")),
      h("td", {}, c.treasury_shares), h("td", {}, c.pool_shares),
      h("td", {}, c.last_revenue === null || c.last_revenue === undefined ? "–" : money(c.last_revenue)),
      h("td.ability", {}, (c.abilities || []).map((a) => (reference && reference.abilities[a]) || a).join(" "))))));
  // each cell names its column, for the narrow screen's layout (a card per company: the
  // holdings in view without scrolling sideways)
  const heads = [...sheet.querySelectorAll("thead th")].map((th) => th.textContent ?? "");
  for (const row of sheet.querySelectorAll("tbody tr")) {
    [.../** @type {HTMLCollectionOf<HTMLElement>} */ (row.children)].forEach((td, i) => { td.dataset.label = heads[i]; });
  }

  const playerTable = h("table.players", {id: "players"},
    h("caption", {}, "Players"),
    h("thead", {}, h("tr", {}, ["Player", "Cash", "Shares", "Net worth"].map((t) => h("th", {}, t)))),
    h("tbody", {}, players.map((p, s) => h("tr", {class: view.to_act.includes(s) ? "acting" : ""},
      h("td", {}, p.name, s === view.priority ? " (priority)" : ""), h("td", {}, money(p.cash)),
      h("td", {}, companies.filter(([, c]) => c.shares[String(s)]).map(([, c]) => `${c.name} ${c.shares[String(s)]}`).join(", ") || "–"),
      h("td", {}, money(worth[s]))))));

  // the stock track as the rulebook draws it: a column per price, the tokens in each
  // column in the order they entered it; the prices a minor may launch at in this phase
  // (half the winning bid, rounded down into the phase's window) marked
  const values = reference ? reference.stock_values : [];
  const window = reference && reference.launch_windows ? reference.launch_windows[view.phase] : null;
  /** @param {number} v */
  const inWindow = (v) => window && v >= window[0] && v <= window[1];
  const track = h("div.stock-track", {id: "stock-track", role: "list", "aria-label": "The stock track"},
    values.map((v, i) => {
      const tokens = view.stock_track[String(i)] || [];
      return h("div.space" + (tokens.length ? ".held" : "") + (inWindow(v) ? ".launch" : "") + (v === 0 ? ".closes" : ""),
        {title: `${money(v)}${inWindow(v) ? " (a launch price in this phase)" : ""}${v === 0 ? " (the company is dissolved)" : ""}`, role: "listitem"}, h("span.value", {}, v),
        tokens.map((id) => h("span.token", {style: {background: colourOf(id), color: inkOn(colourOf(id))}, title: view.companies[id]?.name || id},
          (reference && reference.abbreviations && reference.abbreviations[id]) || (view.companies[id]?.name || id).slice(0, 3))));
    }));

  const trains = h("section.trains", {id: "trains"}, h("h2", {}, "Trains"),
    h("p", {}, `Next train: ${view.trains.top ?? "none"} · ${view.trains.stack} left in the stack · pool: ${view.trains.pool.join(", ") || "empty"}`),
    reference ? h("table.roster", {}, h("thead", {}, h("tr", {}, ["Train", "Stops", "Price", "Rusted by"].map((t) => h("th", {}, t)))),
      h("tbody", {}, reference.trains.map((t) => h("tr", {class: t.id === view.trains.top ? "acting" : ""},
        h("td", {}, t.name), h("td", {}, t.stops ?? "∞"), h("td", {}, money(t.price)), h("td", {}, t.rusted_by.join(", ") || "–"))))) : "",
    reference ? h("table.phases", {}, h("thead", {}, h("tr", {}, ["Phase", "Opened by", "Tiles", "Train limit (minor/major)"].map((t) => h("th", {}, t)))),
      h("tbody", {}, reference.phases.map((p) => h("tr", {class: p.id === view.phase ? "acting" : ""},
        h("td", {}, p.id), h("td", {}, p.opened_by.join(", ")), h("td", {}, p.tile_colours.join(", ")),
        h("td", {}, p.limits.map((l) => `${l.minor}/${l.major ?? "–"}`).join(" then ")))))) : "");

  const final = view.result;
  const result = final ? h("section.final", {id: "final-scores"}, h("h2", {}, "Final scores"),
    h("ol", {}, final.ranking.flat().map((s) => h("li", {}, `${name(s)}: ${money(final.scores[s])}`))),
    view.end_reason ? h("p", {id: "end-reason"}, `The game ended: ${view.end_reason}.`) : "",
    h("p.muted", {}, "The final table stays as it ended; the History slider and the log show how it came about.")) : "";

  const key = window ? h("p.muted.track-key", {}, h("span.swatch.launch-swatch"),
    ` launch prices in the ${view.phase} phase: ${money(window[0])}–${money(window[1])}; a column's first token is its top one.`) : "";
  root.append(result, h("h2", {}, "Stock track"), track, key, sheet, revenueHistory(view, ctx), playerTable, trains);
}

// each company's run in every Operating Round so far (withheld ones marked), filled in
// when the series arrives
/** @param {LostAtlasView} view @param {Ctx<LostAtlasView>} ctx */
function revenueHistory(view, ctx) {
  const box = h("div.revenue-history", {id: "revenue-history"});
  if (ctx.past) return box;
  seriesOf(ctx.table).then((series) => {
    const rounds = series.rounds || [];
    if (!rounds.length) return;
    const revenues = series.revenues || {};
    const ids = Object.keys(revenues);
    box.append(h("table.history", {},
      h("caption", {}, "Revenue per Operating Round (w: withheld)"),
      h("thead", {}, h("tr", {}, h("th", {}, "Company"), rounds.map((r) => h("th", {}, `OR ${r}`)))),
      h("tbody", {}, ids.map((id) => h("tr", {},
        h("td", {}, view.companies[id]?.name || (reference?.minors?.[id]?.name) || id),
        rounds.map((r) => {
          const got = revenues[id][r];
          return h("td", {}, got ? `${money(got[0])}${got[1] === "withhold" ? " w" : got[1] === "half" ? " ½" : ""}` : "–");
        }))))));
  }).catch(() => {});
  return box;
}
