// The lobby: choose a title, a mode and options, the seats (people or bots), create the
// game, then play every human seat here (hotseat) or hand out the seat links.
import {h, clear, byId} from "./dom.js";
import {api} from "./api.js";
import {saveSeats} from "./seats.js";
/** @import {TitleInfo, TitlesMenu} from "./shapes.js" */

const NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"];

/** @param {HTMLElement} root */
export async function renderLobby(root) {
  byId("where").textContent = "Lobby";
  /** @type {TitlesMenu} */
  let menu;
  try { menu = await api.titles(); }
  catch (e) { root.append(h("p.error", {}, "The lobby could not load: " + e.message)); return; }
  const form = h("form.lobby", {"aria-label": "New game"});
  const out = h("div.created");
  root.append(h("h1", {}, "New game"), form, out);

  const titleSel = h("select", {name: "title", id: "title"},
    menu.titles.map((t) => h("option", {value: t.name}, t.display_name)));
  const modeSel = h("select", {name: "mode", id: "mode"});
  const optionsBox = h("fieldset.options", {}, h("legend", {}, "Options and variants"));
  const seatsBox = h("fieldset.seats", {}, h("legend", {}, "Seats"));
  const seedIn = h("input", {type: "number", id: "seed", name: "seed", placeholder: "random", min: 0});
  const playHere = h("input", {type: "radio", name: "where", value: "hotseat", id: "hotseat", checked: true});
  const links = h("input", {type: "radio", name: "where", value: "links", id: "links"});
  /** @type {{nameIn: HTMLInputElement, kind: HTMLSelectElement, row: HTMLElement}[]} */
  const seats = [];

  // the select lists only the menu's titles
  function title() { return /** @type {TitleInfo} */ (menu.titles.find((t) => t.name === titleSel.value)); }
  /** @returns {{solo?: boolean}} */
  function mode() { return title().modes.find((m) => m.id === modeSel.value) || {}; }
  // a title may name the bots that play it (Congress does); else every bot is offered
  function bots() { return title().bots || menu.bots; }

  /** @param {string} name @param {string} bot */
  function addSeat(name, bot) {
    const nameIn = h("input", {value: name, "aria-label": "Seat name", class: "seat-name"});
    const kind = h("select", {"aria-label": "Who plays", class: "seat-kind"},
      h("option", {value: ""}, "a person"),
      bots().map((b) => h("option", {value: b}, `bot: ${b}`)));
    kind.value = bot || "";
    const row = h("div.seat", {}, nameIn, kind,
      h("button", {type: "button", class: "remove", "aria-label": "Remove seat",
                   onclick: () => { seats.splice(seats.indexOf(entry), 1); row.remove(); }}, "✕"));
    const entry = {nameIn, kind, row};
    seats.push(entry);
    seatsBox.insertBefore(row, addBtn);
  }
  const addBtn = h("button", {type: "button", id: "add-seat", onclick: () => {
    const used = new Set(seats.map((s) => s.nameIn.value));
    addSeat(NAMES.find((n) => !used.has(n)) || `Player ${seats.length + 1}`, title().default_bot);
  }}, "Add a seat");
  seatsBox.append(addBtn);

  function fillTitle() {
    clear(modeSel).append(...title().modes.map((m) => h("option", {value: m.id}, m.name)));
    // a title without modes (Congress) takes no mode option: the choice is hidden
    modeSel.hidden = modeLabel.hidden = !title().modes.length;
    if (title().name === "lost_atlas") modeSel.value = "short";
    fillOptions();
    for (const s of [...seats]) s.row.remove();
    seats.length = 0;
    addSeat("Ann", "");
    addSeat("Bob", "");
    if (title().name === "acquire") addSeat("Cy", title().default_bot);
    if (title().name === "congress") {
      seats[1].kind.value = title().default_bot;
      addSeat("Cy", title().default_bot);
    }
  }
  function fillOptions() {
    for (const el of [...optionsBox.querySelectorAll(".option")]) el.remove();
    for (const o of title().options) {
      if (o.solo_only && !mode().solo) continue;
      const id = "opt-" + o.key;
      let input;
      if (o.kind === "bool") input = h("input", {type: "checkbox", id, dataset: {key: o.key, kind: "bool"}, checked: o.default});
      // a choice's options are listed (the server gives `choices` with every choice)
      else input = h("select", {id, dataset: {key: o.key, kind: "choice"}},
        (o.choices || []).map((c) => h("option", {value: c}, (o.choice_labels && o.choice_labels[c]) || c)));
      if (o.kind !== "bool") input.value = String(o.default);
      // a switch reads "[x] Label"; a choice reads "Label [choice]"
      optionsBox.append(o.kind === "bool" ? h("label.option", {for: id}, input, " ", o.label)
        : h("label.option", {for: id}, o.label, " ", input));
    }
    if (!optionsBox.querySelector(".option")) optionsBox.append(h("p.option.muted", {}, "No options beyond the mode."));
  }
  titleSel.addEventListener("change", fillTitle);
  modeSel.addEventListener("change", fillOptions);

  const modeLabel = h("label", {for: "mode"}, "Mode ");
  form.append(
    h("label", {for: "title"}, "Game "), titleSel, " ",
    modeLabel, modeSel,
    optionsBox, seatsBox,
    h("label", {for: "seed"}, "Seed "), seedIn,
    h("p.muted.seed-note", {id: "seed-note"}, "Leave it random for a game of people: whoever " +
      "chooses the seed can work out every draw, so the server takes a chosen seed only " +
      "for one person and bots (unless it allows chosen seeds), and marks such a game."),
    h("div.where", {}, h("label", {}, playHere, " Play every person's seat in this browser (hotseat)"),
      h("label", {}, links, " Give me a link for each seat")),
    h("button.primary", {type: "submit", id: "create"}, "Create the game"),
    h("p.error", {id: "lobby-error", hidden: true}));
  fillTitle();

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const err = /** @type {HTMLElement} */ (form.querySelector("#lobby-error"));
    err.hidden = true;
    /** @type {Record<string, string | boolean>} */
    const options = title().modes.length ? {mode: modeSel.value} : {};
    const inputs = /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (optionsBox.querySelectorAll("[data-key]"));
    for (const input of inputs) {
      const key = /** @type {string} */ (input.dataset.key);
      options[key] = input instanceof HTMLInputElement && input.dataset.kind === "bool" ? input.checked : input.value;
    }
    /** @type {{title: string, options: object, seats: {name: string, bot: string | null}[], seed?: number}} */
    const body = {title: titleSel.value, options,
                  seats: seats.map((s) => ({name: s.nameIn.value.trim(), bot: s.kind.value || null}))};
    if (seedIn.value !== "") body.seed = Number(seedIn.value);
    const button = /** @type {HTMLButtonElement} */ (form.querySelector("#create"));
    button.disabled = true;
    try {
      const game = await api.create(body);
      const humans = game.seats.filter((s, i) => !body.seats[i].bot);
      saveSeats(game.id, humans);
      if (playHere.checked) { location.hash = `#/game/${game.id}`; return; }
      clear(out).append(h("h2", {}, "Send each friend their seat's link"),
        h("ul.links", {}, humans.map((s) => {
          // the server's own link, on this page's address (its public address may differ)
          const given = s.url ? new URL(s.url, location.href) : null;
          const url = given ? location.origin + given.pathname + given.hash
            : new URL(`#/game/${game.id}?token=${s.token}`, location.href).href;
          return h("li", {}, `${s.name}: `, h("a", {href: url, class: "seat-link"}, url));
        })),
        h("p", {}, h("a", {href: `#/game/${game.id}`}, "Open the table with every seat here")));
    } catch (e) {
      err.textContent = e.message;
      err.hidden = false;
    } finally { button.disabled = false; }
  });
}
