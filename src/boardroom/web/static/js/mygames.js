// "My games" (waiting on me first, then in play, then finished), "Open games" (tables
// gathering players: create one, join one) and one open table's page.
import {h, clear, byId} from "./dom.js";
import {api} from "./api.js";
import {session, accountCall} from "./account.js";
import {checkNow} from "./notify.js";
/** @import {MyGame, OpenTable, TitleInfo} from "./shapes.js" */

/** @param {number} t seconds since the epoch */
function ago(t) {
  const s = Math.max(0, Date.now() / 1000 - t);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(t * 1000).toLocaleDateString();
}

/** @param {HTMLElement} box */
export async function renderMyGames(box) {
  const mine = await checkNow();
  if (!mine) return;
  box.append(h("h1", {}, "My games"));
  if (mine.tables.length) {
    box.append(h("p", {}, "Waiting for players: ", mine.tables.map((t) =>
      h("a", {href: `#/table/${t.id}`, class: "my-table"}, `${t.name} (${t.free} free seat${t.free === 1 ? "" : "s"}) `))));
  }
  if (!mine.games.length) {
    box.append(h("p.muted", {id: "no-games"}, "No games yet: ", h("a", {href: "#/open"}, "join or open a table"),
      ", or create a game below."));
    return;
  }
  /** @param {MyGame} g */
  const group = (g) => (g.status !== "play" ? "Finished" : g.waiting_on_me ? "Waiting on you" : "In play");
  const rows = mine.games.map((g) => h("tr", {class: g.waiting_on_me ? "my-game acting" : "my-game", dataset: {id: g.id}},
    h("td", {}, h("strong", {}, group(g))),
    h("td", {}, g.title_name),
    h("td", {}, g.players.map((p) => p.bot ? `${p.name}` : p.name).join(", ")),
    h("td", {}, g.status === "play" ? g.to_act.join(", ") : (g.winners.length ? `won by ${g.winners.join(", ")}` : "ended")),
    h("td", {}, `${g.count} · ${ago(g.updated_at)}`),
    h("td", {}, h("a", {href: `#/play/${g.id}`, class: "open-game"}, g.waiting_on_me ? "Play" : "Open"))));
  box.append(h("table.my-games", {id: "my-games"},
    h("thead", {}, h("tr", {}, ["", "Game", "Players", "Whose turn", "Actions · last move", ""].map((x) => h("th", {}, x)))),
    h("tbody", {}, rows)));
}

/** @param {HTMLElement} root */
export async function renderOpenGames(root) {
  byId("where").textContent = "Open games";
  const list = h("div", {id: "open-list"});
  root.append(h("h1", {}, "Open games"), list);
  const draw = async () => {
    /** @type {{tables: OpenTable[]}} */
    const {tables} = await accountCall("GET", "/api/tables");
    clear(list);
    if (!tables.length) list.append(h("p.muted", {id: "no-tables"}, "No table is waiting for players now."));
    else list.append(h("table.open-tables", {},
      h("thead", {}, h("tr", {}, ["Table", "Game", "Opened by", "Seats", ""].map((x) => h("th", {}, x)))),
      h("tbody", {}, tables.map((t) => h("tr", {class: "open-table", dataset: {id: t.id}},
        h("td", {}, t.name, t.password ? " 🔒" : ""), h("td", {}, t.title_name), h("td", {}, t.creator || ""),
        h("td", {}, t.seats.map((s) => s.free ? "free" : s.bot ? `${s.bot} bot` : s.name).join(", ")),
        h("td", {}, h("a", {href: `#/table/${t.id}`, class: "see-table"}, "See the table")))))));
  };
  await draw();
  if (!session.user) {
    root.append(h("p", {}, h("a", {href: "#/signin"}, "Sign in"), " to open a table or join one."));
    return;
  }
  root.append(await openTableForm());
}

async function openTableForm() {
  const menu = await api.titles();
  const titleSel = h("select", {id: "ot-title"}, menu.titles.map((t) => h("option", {value: t.name}, t.display_name)));
  const modeSel = h("select", {id: "ot-mode"});
  const name = h("input", {id: "ot-name", placeholder: "a name for the table", maxlength: 80});
  const count = h("input", {id: "ot-seats", type: "number", min: 1, max: 8, value: 2});
  const seatsBox = h("div.ot-seats", {id: "ot-seat-list"});
  const password = h("input", {id: "ot-password", type: "password", placeholder: "none", maxlength: 200});
  const error = h("p.error", {hidden: true, id: "ot-error"});
  // the select lists only the menu's titles
  const title = () => /** @type {TitleInfo} */ (menu.titles.find((t) => t.name === titleSel.value));
  const fillModes = () => {
    clear(modeSel).append(...title().modes.map((m) => h("option", {value: m.id}, m.name)));
    if (title().name === "lost_atlas") modeSel.value = "short";
    count.min = String(title().min_players || 1); count.max = String(title().max_players || 8);
    drawSeats();
  };
  const drawSeats = () => {
    const n = Math.max(1, Math.min(8, Number(count.value) || 2));
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    clear(seatsBox);
    for (let i = 0; i < n; i++) {
      const sel = h("select", {"aria-label": `Seat ${i + 1}`, class: "ot-seat"},
        h("option", {value: ""}, i === 0 ? "me" : "a person (free seat)"),
        i === 0 ? [] : menu.bots.map((b) => h("option", {value: b}, `bot: ${b}`)));
      sel.value = old[i] || "";
      seatsBox.append(h("label", {}, `Seat ${i + 1}: `, sel));
    }
  };
  titleSel.addEventListener("change", fillModes);
  count.addEventListener("input", drawSeats);
  const form = h("form.lobby", {id: "open-table-form", "aria-label": "Open a table"},
    h("h2", {}, "Open a table"),
    h("p.muted", {}, "Others find it here and join a free seat. It starts when every seat is taken, or when you start it (free seats left out) or give the free seats to bots. The seed is random, so a game between accounts is rated."),
    h("label", {for: "ot-title"}, "Game "), titleSel, " ", h("label", {for: "ot-mode"}, "Mode "), modeSel, " ",
    h("label", {for: "ot-name"}, "Name "), name, h("br"),
    h("label", {for: "ot-seats"}, "Seats "), count, seatsBox,
    h("label", {for: "ot-password"}, "Password (optional) "), password, h("br"),
    h("button.primary", {type: "submit", id: "ot-create"}, "Open the table"), error);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.hidden = true;
    try {
      const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value || null);
      /** @type {OpenTable} */
      const made = await accountCall("POST", "/api/tables", {title: titleSel.value, name: name.value,
        options: {mode: modeSel.value}, seats, password: password.value || null});
      location.hash = made.status === "started" ? `#/play/${made.game_id}` : `#/table/${made.id}`;
    } catch (e) { error.textContent = e.message; error.hidden = false; }
  });
  fillModes();
  return form;
}

/** @param {HTMLElement} root @param {string} id
 * @returns {Promise<ReturnType<typeof setInterval> | null>} the timer that follows the table */
export async function renderOpenTable(root, id) {
  byId("where").textContent = "Open table";
  /** @type {OpenTable} */
  let t;
  try { t = await accountCall("GET", `/api/tables/${id}`); }
  catch (e) { root.append(h("p.error", {}, e.message)); return null; }
  if (t.status === "started" && t.game_id) {
    const user = session.user;
    const mine = user && t.seats.some((s) => s.name === user.name);
    root.append(h("p", {}, "This table has started: ",
      h("a", {href: mine ? `#/play/${t.game_id}` : `#/game/${t.game_id}`, id: "table-game"}, mine ? "play your seat" : "watch the game")));
    if (mine) location.hash = `#/play/${t.game_id}`;
    return null;
  }
  const me = session.user && session.user.name;
  const seated = me && t.seats.some((s) => s.name === me);
  const creator = session.user && session.user.id === t.creator_id;
  const error = h("p.error", {hidden: true, id: "table-error"});
  /** @param {string} path @param {object} [body] */
  const act = async (path, body) => {
    error.hidden = true;
    try {
      /** @type {OpenTable} */
      const after = await accountCall("POST", `/api/tables/${id}/${path}`, body || {});
      if (after.status === "started") location.hash = `#/play/${after.game_id}`;
      else { clear(root); renderOpenTable(root, id); }
    } catch (e) { error.textContent = e.message; error.hidden = false; }
  };
  const password = h("input", {type: "password", id: "table-password", placeholder: "the table's password"});
  const menu = await api.titles();
  const botSel = h("select", {id: "fill-bot"}, menu.bots.map((b) => h("option", {value: b}, b)));
  const info = menu.titles.find((x) => x.name === t.title);
  if (info && info.default_bot) botSel.value = info.default_bot;
  root.append(h("h1", {}, `${t.name} — ${t.title_name}`),
    h("p", {}, `Opened by ${t.creator}. `, t.status === "open" ? `${t.free} free seat${t.free === 1 ? "" : "s"}; the game starts when every seat is taken.` : `This table is ${t.status}.`),
    h("ol.table-seats", {id: "table-seats"}, t.seats.map((s) => h("li", {}, s.free ? h("em", {}, "free") : s.bot ? `${s.bot} bot` : s.name))),
    h("p", {}, "Invite by link: ", h("a", {href: location.href, id: "table-link"}, location.href)));
  if (t.status === "open") {
    if (!session.user) root.append(h("p", {}, h("a", {href: "#/signin", onclick: () => sessionStorage.setItem("boardroom:after-sign-in", location.href)}, "Sign in"), " to join."));
    else if (!seated) root.append(h("div.decide", {}, t.password ? password : "",
      h("button.primary", {id: "join-table", onclick: () => act("join", {password: password.value || null})}, "Take a free seat")));
    else root.append(h("div.decide", {}, h("p", {}, "You sit at this table. Waiting for players…"),
      creator ? [h("button", {id: "start-table", onclick: () => act("start")}, "Start now without the free seats"),
        h("label", {}, " or give the free seats to the bot ", botSel),
        h("button", {id: "fill-bots", onclick: () => act("bots", {bot: botSel.value})}, "Fill with bots and start")] : "",
      h("button", {id: "leave-table", onclick: () => act("leave")}, creator ? "Cancel the table" : "Leave the table")));
  }
  root.append(error);
  // the page follows the table until it starts
  return setInterval(async () => {
    try {
      /** @type {OpenTable} */
      const now = await accountCall("GET", `/api/tables/${id}`);
      if (now.updated_at !== t.updated_at) { clear(root); renderOpenTable(root, id); }
    } catch (e) { /* keep what is shown */ }
  }, 2000);
}
