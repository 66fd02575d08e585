// A player's profile (games played and won, ratings per title, the rating over time as a
// chart) and the leaderboard of a title.
import {h, clear, byId} from "./dom.js";
import {api} from "./api.js";
import {accountCall} from "./account.js";

/** A rated game's rating (boardroom.server.ratings)
 * @typedef {{title: string, rating: number}} RatingPoint */

const SVGNS = "http://www.w3.org/2000/svg";
const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];

/** @param {string} tag @param {Record<string, string | number>} attrs @param {string} [text] */
function el(tag, attrs, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** @param {RatingPoint[]} history */
function ratingChart(history) {
  /** @type {Record<string, RatingPoint[]>} */
  const byTitle = {};
  for (const e of history) (byTitle[e.title] = byTitle[e.title] || []).push(e);
  const W = 560, H = 200, L = 44, B = 22;
  const all = history.map((e) => e.rating);
  const lo = Math.min(0, ...all), hi = Math.max(1, ...all);
  const n = Math.max(...Object.values(byTitle).map((s) => s.length), 1);
  /** @param {number} i */
  const x = (i) => L + (W - L - 10) * (n === 1 ? 0.5 : i / (n - 1));
  /** @param {number} v */
  const y = (v) => H - B - (H - B - 10) * (v - lo) / (hi - lo || 1);
  const svg = el("svg", {viewBox: `0 0 ${W} ${H}`, role: "img", class: "rating-chart", id: "rating-chart",
    "aria-label": "Rating after each rated game"});
  svg.append(el("line", {x1: L, y1: H - B, x2: W - 8, y2: H - B, stroke: "#888"}),
    el("line", {x1: L, y1: 8, x2: L, y2: H - B, stroke: "#888"}),
    el("line", {x1: L, y1: y(0), x2: W - 8, y2: y(0), stroke: "#ccc", "stroke-dasharray": "4 3"}),
    el("text", {x: L - 4, y: 16, "text-anchor": "end", "font-size": 11}, hi.toFixed(1)),
    el("text", {x: L - 4, y: H - B, "text-anchor": "end", "font-size": 11}, lo.toFixed(1)),
    el("text", {x: W - 8, y: H - 6, "text-anchor": "end", "font-size": 11}, `rated games: ${n}`));
  Object.values(byTitle).forEach((series, k) => {
    const colour = COLOURS[k % COLOURS.length];
    svg.append(el("polyline", {points: series.map((e, i) => `${x(i).toFixed(1)},${y(e.rating).toFixed(1)}`).join(" "),
      fill: "none", stroke: colour, "stroke-width": 2.5}));
    series.forEach((e, i) => svg.append(el("circle", {cx: x(i), cy: y(e.rating), r: 3.5, fill: colour})));
  });
  return svg;
}

/** GET /api/users/{name} (boardroom.server.account_api)
 * @typedef {{name: string, games: number, wins: number, playing: number,
 *   ratings: {title: string, title_name: string, rating: number, games: number, wins: number}[],
 *   history: RatingPoint[],
 *   recent: {id: string, title_name: string, players: string[], winners: string[], status: string,
 *     unrated: string | null}[]}} Profile */

/** @param {HTMLElement} root @param {string} name */
export async function renderProfile(root, name) {
  byId("where").textContent = "Profile";
  /** @type {Profile} */
  let p;
  try { p = await accountCall("GET", `/api/users/${encodeURIComponent(name)}`); }
  catch (e) { root.append(h("p.error", {}, e.message)); return; }
  root.append(h("h1", {id: "profile-name"}, p.name),
    h("p", {id: "profile-counts"}, `${p.games} game${p.games === 1 ? "" : "s"} played, ${p.wins} won, ${p.playing} in play.`),
    h("h2", {}, "Ratings"),
    p.ratings.length ? h("table", {id: "profile-ratings"}, h("tr", {}, ["Game", "Rating", "Rated games", "Wins", ""].map((x) => h("th", {}, x))),
      p.ratings.map((r) => h("tr", {}, h("td", {}, r.title_name), h("td", {}, r.rating.toFixed(2)), h("td", {}, r.games),
        h("td", {}, r.wins), h("td", {}, h("a", {href: `#/leaderboard/${r.title}`}, "leaderboard")))))
      : h("p.muted", {}, "No rated game yet (games with bots or a chosen seed are not rated)."),
    h("div", {}, p.history.length ? [h("h2", {}, "Rating over time"), ratingChart(p.history),
      h("p.muted", {}, "The rating is openskill's ordinal, mu − 3σ: it starts at 0 and rises as results make the model surer.")] : ""),
    h("h2", {}, "Recent games"),
    h("ul", {id: "profile-recent"}, p.recent.map((g) => h("li", {}, `${g.title_name}: ${g.players.join(", ")} — `,
      g.winners.length ? `won by ${g.winners.join(", ")}` : g.status, g.unrated ? h("span.muted", {}, ` (not rated: ${g.unrated})`) : " (rated)",
      " ", h("a", {href: `#/game/${g.id}`}, "see it")))));
}

/** @param {HTMLElement} root @param {string | undefined} title */
export async function renderLeaderboard(root, title) {
  byId("where").textContent = "Ratings";
  const menu = await api.titles();
  const chosen = title || menu.titles[0].name;
  const tabs = h("p", {}, menu.titles.map((t) => h("a", {href: `#/leaderboard/${t.name}`,
    class: t.name === chosen ? "tab current" : "tab"}, t.display_name)));
  const body = h("div", {id: "leaderboard"});
  root.append(h("h1", {}, "Leaderboard"), tabs, body);
  /** @type {{players: {place: number, name: string, rating: number, games: number, wins: number}[]}} */
  const board = await accountCall("GET", `/api/ratings/${chosen}`);
  clear(body);
  if (!board.players.length) { body.append(h("p.muted", {}, "Nobody is rated in this game yet.")); return; }
  body.append(h("table", {id: "leaderboard-table"}, h("tr", {}, ["#", "Player", "Rating", "Rated games", "Wins"].map((x) => h("th", {}, x))),
    board.players.map((p) => h("tr", {}, h("td", {}, p.place),
      h("td", {}, h("a", {href: `#/profile/${encodeURIComponent(p.name)}`}, p.name)),
      h("td", {}, p.rating.toFixed(2)), h("td", {}, p.games), h("td", {}, p.wins)))));
}
