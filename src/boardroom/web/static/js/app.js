// The page's entry: a hash router between the lobby and a game's table (and the
// server's own paths: /games/<id>, a seat's link with #token=..., or a spectator's).
import {h, clear} from "./dom.js";
import {renderLobby} from "./lobby.js";
import {Table} from "./table.js";

let current = null;

function route() {
  if (current) { current.stop(); current = null; }
  const root = clear(document.getElementById("app"));
  const hash = location.hash || "#/";
  const [path, query] = hash.slice(1).split("?");
  const params = new URLSearchParams(query || "");
  const parts = path.split("/").filter(Boolean);
  // the server's seat links: /games/<id>#token=<seat token>
  // and the spectator's link, /games/<id> with no fragment at all (a "#/..." fragment
  // there is the page's own router again)
  const served = location.pathname.match(/^\/games\/([^/]+)$/);
  if (served && !location.hash.startsWith("#/")) {
    const token = new URLSearchParams(location.hash.slice(1)).get("token");
    current = new Table(root, served[1], token);
    current.start();
  } else if (parts[0] === "game" && parts[1]) {
    current = new Table(root, parts[1], params.get("token"));
    current.start();
  } else {
    renderLobby(root);
  }
}

window.addEventListener("hashchange", route);
window.addEventListener("error", (e) => console.error("page error", e.message));
route();
export {h};
