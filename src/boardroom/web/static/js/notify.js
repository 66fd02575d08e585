// Turn notifications in the browser: the tab title "(2) Boardroom" and a marked favicon
// while games wait on the signed-in user, a short sound and (when allowed by a click in
// the settings) a desktop notification when a new game starts waiting.
import {session, accountCall} from "./account.js";
/** @import {MyGame, OpenTable} from "./shapes.js" */

/** GET /api/account/games (boardroom.server.mygames)
 * @typedef {{games: MyGame[], tables: OpenTable[], waiting: number}} MyGames */

const PLAIN = "data:,";
const MARKED = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#23303d"/>' +
  '<circle cx="11.5" cy="4.5" r="4.5" fill="#e53935"/></svg>');
const EVERY_MS = 8000;
/** @type {ReturnType<typeof setInterval> | undefined} */
let timer;
/** @type {Set<string> | null} */
let waitingIds = null;
/** @type {{waiting: number, games: MyGame[]}} */
export const marker = {waiting: 0, games: []};

/** @param {string} href */
function favicon(href) {
  /** @type {HTMLLinkElement | null} */
  let link = document.querySelector('link[rel="icon"]');
  if (!link) { link = document.createElement("link"); link.rel = "icon"; document.head.append(link); }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}

/** @param {number} count */
export function showMarker(count) {
  marker.waiting = count;
  document.title = count > 0 ? `(${count}) Boardroom` : "Boardroom";
  favicon(count > 0 ? MARKED : PLAIN);
  document.body.dataset.waiting = String(count);
}

export function beep() {
  try {
    // an older Safari names it webkitAudioContext
    const w = /** @type {{webkitAudioContext?: typeof AudioContext}} */ (/** @type {unknown} */ (window));
    const ctx = new (window.AudioContext || w.webkitAudioContext)();
    const osc = ctx.createOscillator(), gain = ctx.createGain();
    osc.frequency.value = 660; gain.gain.value = 0.08;
    osc.connect(gain).connect(ctx.destination);
    osc.start(); osc.stop(ctx.currentTime + 0.18);
    osc.onended = () => ctx.close();
  } catch (e) { /* no audio here */ }
}

/** @param {MyGame[]} games */
function tell(games) {
  /** @type {import("./shapes.js").Settings} */
  const prefs = (session.user && session.user.settings) || {};
  if (prefs.sound) beep();
  if (prefs.desktop && "Notification" in window && Notification.permission === "granted" && document.hidden) {
    const g = games[0];
    new Notification("Boardroom: your turn", {body: `${g.title_name}: ${g.players.map((p) => p.name).join(", ")}`, tag: g.id});
  }
}

/** @returns {Promise<MyGames | null>} */
export async function checkNow() {
  if (!session.user) { showMarker(0); waitingIds = null; return null; }
  try {
    /** @type {MyGames} */
    const mine = await accountCall("GET", "/api/account/games");
    marker.games = mine.games;
    const now = mine.games.filter((g) => g.waiting_on_me);
    const seen = waitingIds;
    const fresh = seen === null ? [] : now.filter((g) => !seen.has(g.id));
    waitingIds = new Set(now.map((g) => g.id));
    showMarker(mine.waiting);
    if (fresh.length) tell(fresh);
    return mine;
  } catch (e) { return null; }
}

export function startWatching() {
  clearInterval(timer);
  checkNow();
  timer = setInterval(checkNow, EVERY_MS);
}
