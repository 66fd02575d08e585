// The page's entry: a hash router between the lobby, a game's table and the account
// pages (issue 27: sign in, my games, open games, settings, profiles, leaderboards), and
// the server's own paths: /games/<id>, a seat's link with #token=..., or a spectator's.
import {h, clear, byId} from "./dom.js";
import {renderLobby} from "./lobby.js";
import {Table} from "./table.js";
import {saveSeats} from "./seats.js";
import {session, loadSession, renderSignIn, claimBanner, seatTokens} from "./account.js";
import {startWatching} from "./notify.js";
import {renderMyGames, renderOpenGames, renderOpenTable} from "./mygames.js";
import {renderSettings} from "./settings.js";
import {renderProfile, renderLeaderboard} from "./profile.js";

/** @type {Table | null} */
let current = null;
/** @type {ReturnType<typeof setInterval> | null | undefined} */
let timer = null;

/** @param {HTMLElement} root @param {string} id */
async function playAsAccount(root, id) {
  // the seats this account holds in the game, as bearer tokens for this session
  if (!session.user) { sessionStorage.setItem("boardroom:after-sign-in", location.href); location.hash = "#/signin"; return; }
  try {
    const seats = await seatTokens(id);
    saveSeats(id, seats.map((s) => ({seat: s.seat, name: `Seat ${s.seat + 1}`, token: s.token})));
  } catch (e) { root.append(h("p.error", {}, e.message)); }
  current = new Table(root, id, null);
  current.start();
}

async function route() {
  if (current) { current.stop(); current = null; }
  clearInterval(timer ?? undefined); timer = null;
  const root = clear(byId("app"));
  clear(byId("account-note"));
  if (!session.loaded) await loadSession();
  const hash = location.hash || "#/";
  const [path, query] = hash.slice(1).split("?");
  const params = new URLSearchParams(query || "");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  // the server's seat links: /games/<id>#token=<seat token>
  // and the spectator's link, /games/<id> with no fragment at all (a "#/..." fragment
  // there is the page's own router again)
  const served = location.pathname.match(/^\/games\/([^/]+)$/);
  if (served && !location.hash.startsWith("#/")) {
    const token = new URLSearchParams(location.hash.slice(1)).get("token");
    current = new Table(root, served[1], token);
    current.start();
    claimBanner(served[1], token);
  } else if (parts[0] === "game" && parts[1]) {
    current = new Table(root, parts[1], params.get("token"));
    current.start();
  } else if (parts[0] === "play" && parts[1]) {
    await playAsAccount(root, parts[1]);
  } else if (parts[0] === "signin" || parts[0] === "signup") {
    renderSignIn(root, parts[0] === "signup" ? "up" : "in");
  } else if (parts[0] === "open") {
    await renderOpenGames(root);
  } else if (parts[0] === "table" && parts[1]) {
    timer = await renderOpenTable(root, parts[1]);
  } else if (parts[0] === "settings") {
    await renderSettings(root);
  } else if (parts[0] === "profile" && parts[1]) {
    await renderProfile(root, parts[1]);
  } else if (parts[0] === "leaderboard") {
    await renderLeaderboard(root, parts[1]);
  } else {
    if (session.user) {
      const mine = h("section.my-games-box", {id: "my-games-box"});
      root.append(mine);
      await renderMyGames(mine);
    }
    const lobby = h("section", {});
    root.append(lobby);
    renderLobby(lobby);
  }
}

window.addEventListener("hashchange", route);
window.addEventListener("error", (e) => console.error("page error", e.message));
document.addEventListener("boardroom:session", startWatching);
loadSession().then(() => { startWatching(); route(); });
export {h};
