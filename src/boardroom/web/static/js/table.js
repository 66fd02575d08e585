// A game's table, whatever the title: who is asked, the title's own board and controls,
// every legal action as a button, the log with history scrub, undo and live updates.
import {h, clear, byId} from "./dom.js";
import {api, ApiError} from "./api.js";
import {loadSeats, saveSeats} from "./seats.js";
import {renderAcquire} from "./acquire.js";
import {LostAtlasTable} from "./lost_atlas.js";
import {CongressTable} from "./congress.js";
import {actionGroups} from "./actions.js";
import {netWorthChart} from "./chart.js";
import {ChatBox} from "./chat.js";
import {passScreenOn, showPassScreen} from "./hotseat.js";

/** @import {GameData, PastTable, View, LegalAction, LogEntry, HeldSeat, UndoRequest, Result} from "./shapes.js" */

/** What a title's renderer is given: the table, the view drawn (now, or a past one while
 * scrubbing history) and the legal actions of the seat shown (none in the past).
 * @template {View} [V=View]
 * @typedef {{table: Table, view: V, legal: LegalAction[], seat: number | null,
 *   act: (notation: string) => Promise<boolean>, past: boolean, data: GameData}} Ctx */

/** A message of the table's WebSocket (boardroom.server.live_feed.live_body): a `state`
 * picture is GameData's fields with the log from action `log_from` on (all of it, setup
 * included, when `reset`)
 * @typedef {{type?: string, lines?: import("./chat.js").ChatLine[], message?: string,
 *   count?: number, undos?: number, undo_request?: UndoRequest | null, reset?: boolean,
 *   log_from?: number, seat?: number | null, view?: View, to_act?: number[],
 *   legal?: LegalAction[], log?: (LogEntry | string)[], result?: Result | null,
 *   status?: string, seats?: GameData["seats"], audit?: GameData["audit"],
 *   seed_chosen?: boolean}} LiveMessage */

const POLL_MS = 1000;

export class Table {
  /** @param {HTMLElement} root @param {string} id @param {string | null} token a seat link's */
  constructor(root, id, token) {
    this.root = root;
    this.id = id;
    if (token) saveSeats(id, [{seat: -1, name: "?", token}]);
    this.linkToken = token;
    /** @type {Record<number, HeldSeat>} */
    this.seats = loadSeats(id);
    /** @type {GameData | null} */
    this.data = null;
    /** @type {string | null} */
    this.token = null;
    /** @type {PastTable | null} */
    this.past = null;     // {count, view, log} while scrubbing history
    this.busy = false;
    this.stopped = false;
    /** @type {LostAtlasTable | null} */
    this.lostAtlas = null;
    /** @type {ChatBox | null} */
    this.chat = null;
    /** @type {CongressTable | null} */
    this.congress = null;
    // set as the table runs (undefined until then)
    /** @type {WebSocket | null | undefined} */
    this.socket = undefined;
    /** @type {string | undefined} the token the socket was opened with */
    this.socketToken = undefined;
    /** @type {number | undefined} */
    this.socketRetries = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.socketTimer = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.pollTimer = undefined;
    /** @type {boolean | undefined} the pass screen is up */
    this.passing = undefined;
    /** @type {number | undefined} refreshes begun */
    this.refreshes = undefined;
    /** @type {number | undefined} redraws begun (the latest one is swapped in) */
    this.drawing = undefined;
    /** @type {Set<string> | undefined} positions whose empty buy step was passed */
    this.skipped = undefined;
    /** @type {LiveMessage | null | undefined} the latest live picture that came while busy */
    this.heldLive = undefined;
    /** @type {(() => void) | undefined} wakes drawLive when a picture comes */
    this.liveWake = undefined;
  }

  /** The game as last fetched: an Error before the first answer (nothing draws before it).
   * @returns {GameData} */
  game() {
    if (!this.data) throw new Error("the table has not been fetched yet");
    return this.data;
  }

  tokens() {
    // -1 is a link's token whose seat is not known yet
    return Object.values(this.seats).map((s) => s.token).filter(Boolean);
  }

  start() {
    this.root.append(h("p", {}, "Loading the table…"));
    this.refresh();
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    clearTimeout(this.socketTimer);
    if (this.socket) this.socket.close(1000);
    this.chat?.stop();
  }

  connect() {
    // live updates: the server's WebSocket pushes a message after every change; polling
    // stays as the fallback (slower while the socket is open)
    this.openSocket();
    this.poll();
  }

  openSocket() {
    // a spectator, holding no token, connects without one (no empty ?token=)
    const token = this.linkToken || this.tokens()[0] || "";
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const params = [];
    if (token) params.push(`token=${encodeURIComponent(token)}`);
    if (this.data) params.push(`after=${this.data.count}`, `undos=${this.data.undos}`);
    const query = params.length ? `?${params.join("&")}` : "";
    this.socketToken = token;
    try {
      const ws = new WebSocket(`${proto}//${location.host}/api/games/${this.id}/live${query}`);
      ws.onopen = () => { this.socketRetries = 0; };
      ws.onmessage = (ev) => {
        /** @type {LiveMessage} */
        let msg = {};
        try { msg = JSON.parse(ev.data); } catch { msg = {}; }
        if (msg.type === "chat") { this.chat?.receive(msg.lines); return; }
        if (msg.type === "chat-error") { this.chat?.refused(msg.message ?? ""); return; }
        if (!this.data || (msg.count === this.data.count && msg.undos === this.data.undos &&
            JSON.stringify(msg.undo_request) === JSON.stringify(this.data.undo_request))) return;
        if (this.busy && msg.type === "state") {  // an action of this browser is on its way
          this.heldLive = msg;
          this.liveWake?.();
          return;
        }
        if (this.busy || this.past) return;
        const data = this.fromLive(msg);
        if (data) this.show(data);
        else this.refresh(true);
      };
      ws.onclose = (ev) => {
        if (this.socket !== ws) return;
        this.socket = null;
        this.reconnect(ev.code);
      };
      this.socket = ws;
    } catch (e) { this.socket = null; }
  }

  /** @param {number} code the close code */
  reconnect(code) {
    // 1012 (Service Restart: the server is draining) and a dropped connection (1001,
    // 1006) are worth another try, after a pause that grows; a refusal (4xxx: a stranger's
    // token, no such game) or our own close (1000) is not. Polling covers the pause.
    if (this.stopped || code === 1000 || code >= 4000) return;
    const tries = (this.socketRetries = (this.socketRetries || 0) + 1);
    if (tries > 30) return;
    const pause = Math.min(10000, (code === 1012 ? 500 : 1000) * 2 ** Math.min(tries - 1, 4));
    clearTimeout(this.socketTimer);
    this.socketTimer = setTimeout(() => { if (!this.stopped) this.openSocket(); },
                                  pause * (0.5 + Math.random()));
  }

  poll() {
    if (this.stopped) return;
    this.pollTimer = setTimeout(async () => {
      if (!this.busy && !this.past && !document.hidden) await this.refresh(true);
      this.poll();
    }, this.socket && this.socket.readyState === 1 ? 4 * POLL_MS : POLL_MS);
  }

  /** The table's next data from a live picture, with no GET (issue 30: a GET per change
   * per browser cost the server as much as the change itself): only when the socket shows
   * the seat drawn, this browser holds at most one seat (hotseat goes through refresh,
   * which picks the seat asked and its pass screen), and the picture either carries the
   * whole log (`reset`) or continues the log this table has. Else null: fetch it.
   * @param {LiveMessage} msg @returns {GameData | null} */
  fromLive(msg) {
    const old = this.data;
    if (msg.type !== "state" || !old || !msg.view || !this.liveDrawable()) return null;
    if (!msg.reset && (msg.log_from !== old.count || msg.undos !== old.undos)) return null;
    const log = msg.reset ? msg.log || [] : [...old.log, ...(msg.log || [])];
    return {id: old.id, title: old.title, seat: msg.seat ?? null, view: msg.view,
            to_act: msg.to_act || [], legal: msg.legal || [], log, count: msg.count ?? old.count,
            result: msg.result ?? null, status: msg.status || old.status, seats: msg.seats || old.seats,
            audit: msg.audit || [], undo_request: msg.undo_request ?? null, undos: msg.undos ?? old.undos,
            seed_chosen: !!msg.seed_chosen};
  }

  /** Whether this table may draw live pictures without a GET (see fromLive). */
  liveDrawable() {
    return !this.passing && (this.token || "") === (this.socketToken || "") &&
      Object.values(this.seats).filter((s) => s.seat >= 0).length <= 1;
  }

  /** After this browser's own action: draw the socket's picture of it (waiting up to a
   * second for it) instead of fetching the game; false when none came that fromLive
   * takes, and then the caller fetches.
   * @param {number | undefined} count the action's answer's count @returns {Promise<boolean>} */
  async drawLive(count) {
    if (typeof count !== "number" || !this.socket || this.socket.readyState !== 1 ||
        !this.liveDrawable()) return false;
    const deadline = Date.now() + 1000;
    while (!this.heldLive || (this.heldLive.count ?? -1) < count) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise((wake) => { this.liveWake = () => wake(undefined); setTimeout(wake, left); });
      this.liveWake = undefined;
    }
    const data = this.fromLive(this.heldLive);
    this.heldLive = null;
    if (!data) return false;
    await this.show(data);
    return true;
  }

  /** A live picture that came while the table was busy and is newer than it: drawn now
   * (or, when fromLive does not take it, the game fetched). */
  drawHeld() {
    const msg = this.heldLive;
    this.heldLive = null;
    if (!msg || !this.data || (msg.count ?? -1) <= this.data.count || this.past) return;
    const data = this.fromLive(msg);
    if (data) this.show(data);
    else this.refresh(true);
  }

  /** Draw ``data`` (a live picture's) as a quiet refresh would: a refresh begun before it
   * may no longer draw; an unchanged table is not redrawn.
   * @param {GameData} data */
  async show(data) {
    this.refreshes = (this.refreshes || 0) + 1;
    const old = this.data;
    if (old && data.count === old.count && JSON.stringify(data.to_act) === JSON.stringify(old.to_act) &&
        JSON.stringify(data.undo_request) === JSON.stringify(old.undo_request)) return;
    this.data = data;
    await this.render();
  }

  /** @param {string | null} token @returns {Promise<GameData>} */
  async fetchAs(token) {
    const data = await api.game(this.id, token);
    if (token && data.view && typeof data.view.seat === "number") {
      const seat = data.view.seat;
      if (!this.seats[seat] || this.seats[seat].token !== token) {
        delete this.seats[-1];
        this.seats[seat] = {seat, name: data.view.players?.[seat]?.name || `Seat ${seat}`, token};
        localStorage.setItem(`boardroom:seats:${this.id}`, JSON.stringify(this.seats));
      }
    }
    return data;
  }

  /** @param {boolean} [quiet] no error shown @param {boolean} [force] redrawn even if unchanged */
  async refresh(quiet, force) {
    // only the latest refresh begun may draw: a poll that left before an action and
    // answers after the action's own refresh would draw the table as it was before it
    if (this.passing) return;  // the pass screen waits for the next player's click
    const mark = (this.refreshes = (this.refreshes || 0) + 1);
    try {
      // hotseat: look as the seat that must act, if this browser holds it
      /** @type {string | null} */
      let token = this.token || this.linkToken || this.tokens()[0] || null;
      let data = await this.fetchAs(token);
      const mine = Object.values(this.seats).filter((s) => s.seat >= 0);
      const acting = mine.find((s) => data.to_act.includes(s.seat));
      if (!this.linkToken && acting && acting.token !== token) {
        token = acting.token;
        data = await this.fetchAs(token);
      }
      if (mark !== this.refreshes) return;
      if (!this.linkToken && this.token && token !== this.token && mine.length > 1 &&
          !data.result && passScreenOn()) {
        // hotseat: another person's seat comes up; hide the table until they click
        this.passing = true;
        // the seat of a token this browser holds: the view names it
        const seat = /** @type {number} */ (data.view && data.view.seat);
        const name = (data.view.players && data.view.players[seat]?.name) || `seat ${seat + 1}`;
        showPassScreen(this.root, name, async () => {
          this.passing = false;
          this.token = token;
          this.data = data;
          await this.render();
        });
        return;
      }
      if (quiet && !force && this.data && data.count === this.data.count && token === this.token &&
          JSON.stringify(data.to_act) === JSON.stringify(this.data.to_act) &&
          JSON.stringify(data.undo_request) === JSON.stringify(this.data.undo_request)) return;
      this.token = token;
      this.data = data;
      await this.render();
    } catch (e) {
      if (!quiet && mark === this.refreshes) this.showError(e);
    }
  }

  /** @returns {number | null} the seat shown; null: a spectator's table */
  seat() {
    return this.data && this.data.view && typeof this.data.view.seat === "number" ? this.data.view.seat : null;
  }

  /** @param {number | null | undefined} seat */
  name(seat) {
    const players = this.game().view.players;
    const p = players && seat !== null && seat !== undefined ? players[seat] : undefined;
    return p ? p.name : `Seat ${seat}`;
  }

  /** @param {boolean} busy */
  setBusy(busy) {
    this.busy = busy;
    document.body.classList.toggle("busy", busy);  // tests wait for the redraw on this
  }

  /** @param {string} notation @returns {Promise<boolean>} whether it was played */
  async act(notation) {
    if (this.busy || this.past) return false;
    this.setBusy(true);
    this.hideError();
    const dropped = this.lostAtlas?.dropPreviews();
    try {
      this.heldLive = null;
      const answer = /** @type {{count?: number}} */ (await api.act(this.id, this.token, notation, this.game().count));
      if (!(await this.drawLive(answer.count))) await this.refresh();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        // the game moved on before the action arrived (another seat or a bot acted): not
        // the player's mistake, so no refusal; the table is fetched again and says so,
        // drawn without the preview of the action that was not played
        this.lostAtlas?.forgetChoice();
        this.congress?.forgetChoice();
        await this.refresh();
        const count = this.game().count;
        this.showNote(`The table changed before your action arrived (now ${count} action${count === 1 ? "" : "s"}); ` +
          "it has been refreshed \u2014 nothing was played.");
        return false;
      }
      if (dropped) await this.render();  // the redraw dropped above, of this position
      this.showError(e, notation);
      return false;
    } finally {
      this.setBusy(false);
      this.drawHeld();
    }
  }

  async undo() {
    this.hideError();
    this.lostAtlas?.dropPreviews();
    try {
      await api.undo(this.id, this.token, this.game().count);
      await this.refresh();
    } catch (e) { this.showError(e); }
  }

  /** @param {string} requestId @param {boolean} accept */
  async answerUndo(requestId, accept) {
    this.hideError();
    try {
      await api.answerUndo(this.id, this.token, requestId, accept);
      await this.refresh();
    } catch (e) { this.showError(e); }
  }

  /** @param {{message: string, rule?: string | null}} e @param {string} [notation] */
  showError(e, notation) {
    /** @type {HTMLElement} */
    const box = this.root.querySelector("#refusal") || byId("toast");
    clear(box);
    box.classList.remove("note");
    box.append(h("strong", {}, notation ? `“${notation}” refused: ` : "Error: "), e.message,
      e.rule ? h("span.rule", {}, ` [rule ${e.rule}]`) : "");
    box.hidden = false;
  }

  /** @param {string} sentence */
  showNote(sentence) {
    // a neutral note where a refusal would go: nothing was refused
    /** @type {HTMLElement} */
    const box = this.root.querySelector("#refusal") || byId("toast");
    clear(box);
    box.classList.add("note");
    box.append(sentence);
    box.hidden = false;
  }

  hideError() {
    /** @type {HTMLElement | null} */
    const box = this.root.querySelector("#refusal");
    if (box) box.hidden = true;
    byId("toast").hidden = true;
  }

  /** @param {number | null} count the table after this many actions; null: now */
  async scrub(count) {
    if (count === null || count >= this.game().count) { this.past = null; await this.render(); return; }
    try {
      this.past = await api.history(this.id, this.token, count);
      await this.render();
    } catch (e) { this.showError(e); }
  }

  // -- drawing ------------------------------------------------------------------------
  async render() {
    const d = this.game();
    const view = this.past ? this.past.view : d.view;
    const title = view.title;
    byId("where").textContent =
      /** @type {Record<string, string>} */ ({acquire: "Acquire", congress: "Congress"})[title] || "Railways of the Lost Atlas";
    const seat = this.seat();
    const legal = this.past ? [] : (d.legal || []);
    const waiting = (this.past ? this.past.to_act : d.to_act).map((s) => this.name(s));
    this.skipNothingToBuy(title, view, legal);
    const status = h("div.status", {id: "status", dataset: {count: this.past ? this.past.count : d.count}},
      this.past ? h("strong.scrub", {}, `Viewing the table after action ${this.past.count} of ${d.count}. `) : "",
      d.result ? h("strong", {}, "The game is over. ") :
        h("span", {}, "Waiting for ", h("strong", {id: "waiting"}, waiting.join(", ") || "nobody"), ". "),
      seat !== null ? h("span", {}, "You are ", h("strong", {id: "me"}, this.name(seat)), ".") : h("span", {}, "Spectating."),
      this.past ? h("button", {id: "back-to-now", onclick: () => this.scrub(null)}, "Back to now") : "",
      d.seed_chosen ? h("p.seed-chosen", {id: "seed-chosen"}, h("strong", {}, "Chosen seed. "),
        "Whoever made this game chose its seed, so they can work out every draw " +
        "(the hands and the bag); this game is never rated.") : "");
    const refusal = h("div.refusal", {id: "refusal", role: "alert", hidden: true});
    const main = h("section.board-area", {id: "board-area"});
    const side = h("aside.side", {});
    /** @type {Ctx} */
    const ctx = {table: this, view, legal, seat, act: (n) => this.act(n), past: !!this.past, data: d};

    // the whole table is built off the page, then swapped in at once (no half-drawn
    // table in between; a newer redraw wins over an older one still waiting for its map)
    const ticket = (this.drawing = (this.drawing || 0) + 1);
    if (view.title === "acquire") {
      renderAcquire(main, {...ctx, view});
    } else if (view.title === "congress") {
      if (!this.congress) this.congress = new CongressTable(this);
      this.congress.render(main, {...ctx, view});
    } else {
      if (!this.lostAtlas) this.lostAtlas = new LostAtlasTable(this);
      await this.lostAtlas.render(main, {...ctx, view});
    }
    if (ticket !== this.drawing) return;
    if (!this.past) main.append(netWorthChart(this));
    if (!this.chat) this.chat = new ChatBox(this);
    side.append(this.renderActions(ctx, title), this.renderLog(), this.chat.view());
    const hadFocus = document.activeElement && document.activeElement.id;
    clear(this.root).append(status, refusal, h("div.layout", {dataset: {title}}, main, side));
    const log = this.root.querySelector("#log");
    if (log) log.scrollTop = log.scrollHeight;
    if (hadFocus) document.getElementById(hadFocus)?.focus();
  }

  /** @param {string} title @param {View} view @param {LegalAction[]} legal */
  skipNothingToBuy(title, view, legal) {
    // Acquire's buy step with nothing buyable (no chain, none in the bank, none
    // affordable) and no end to declare: passed for the player, as the terminal does, and
    // said; once per position, so an Undo back to it shows the step instead
    if (this.past || view.title !== "acquire" || view.step !== "buy" || legal.length !== 1 || legal[0].notation !== "pass") return;
    this.skipped = this.skipped || new Set();
    const key = `${this.token}|${this.game().count}`;
    if (this.skipped.has(key)) return;
    this.skipped.add(key);
    const who = this.name(this.seat());
    setTimeout(async () => {
      if (await this.act("pass")) this.showNote(`${who} had nothing to buy: passed (see the log).`);
    }, 0);
  }

  /** @param {Ctx} ctx @param {string} title */
  renderActions(ctx, title) {
    const box = h("section.actions", {id: "actions", "aria-label": "Every legal action"});
    const mine = ctx.legal;
    box.append(h("h2", {}, "Your choices"));
    if (!mine.length) {
      box.append(h("p.muted", {}, ctx.past ? "History: nothing to decide." : "Nothing for you to decide now."));
    } else {
      const groups = actionGroups(mine, title);
      for (const group of groups) {
        const body = h("div.group-body");
        if (title === "acquire" && group.word === "dispose") {
          // dozens of keep/sell/trade mixes: the steppers in the main area are the control
          body.append(h("p.muted", {}, `${group.items.length} ways to keep, sell or trade: choose with the Sell and Trade steppers beside the board (or type one, e.g. “sell 2 trade 4”).`));
        } else if (group.items.length > 14) {
          const sel = h("select", {"aria-label": group.name, class: "big-choice"},
            group.items.map((a) => h("option", {value: a.notation}, a.label || a.notation)));
          body.append(sel, h("button", {class: "do", onclick: () => this.act(sel.value)}, "Do it"));
        } else {
          body.append(...group.items.map((a) => h("button.action", {
            dataset: {notation: a.notation}, title: a.notation,
            onclick: () => this.act(a.notation)}, a.label || a.notation)));
        }
        box.append(h("details.group", {open: group.open || group.items.length <= 6 || groups.length <= 3},
          h("summary", {}, `${group.name} (${group.items.length})`), body));
      }
    }
    const other = h("input", {id: "typed", placeholder: "or type an action", "aria-label": "Type an action"});
    box.append(h("form.typed", {onsubmit: (e) => { e.preventDefault(); if (other.value.trim()) this.act(other.value.trim()); }},
      other, h("button", {type: "submit"}, "Send")));
    if (!ctx.past && this.seat() !== null) {
      // after the end nothing is taken back (the final table stays): the button says why
      const over = !!this.game().result;
      const why = over ? "The game is over: its actions can no longer be taken back." : !this.game().count ? "Nothing has been played yet." : "";
      box.append(h("button", {id: "undo", onclick: () => this.undo(), disabled: over || !this.game().count,
        title: why || "Take back your last action (the other seats may be asked)", "aria-describedby": why ? "undo-why" : undefined}, "Undo"),
      why ? h("span.muted", {id: "undo-why"}, ` ${why}`) : "");
    }
    const req = this.game().undo_request;
    if (req && !ctx.past) {
      const mine = this.seat();
      const asked = mine !== null && req.waiting.includes(mine);
      box.append(h("div.undo-request", {id: "undo-request"},
        `${req.name} asks to take back: ${req.actions.join("; ")}. `,
        req.draws ? "It would take back a hidden draw too: what was drawn stays known to whoever saw it. " : "",
        asked ? [h("button", {id: "undo-accept", onclick: () => this.answerUndo(req.id, true)}, "Accept"),
                 h("button", {id: "undo-decline", onclick: () => this.answerUndo(req.id, false)}, "Decline")]
          : `Waiting for ${req.waiting.map((s) => this.name(s)).join(", ")}.`));
    }
    return box;
  }

  renderLog() {
    const d = this.game();
    const count = d.count;
    const at = this.past ? this.past.count : count;
    const slider = h("input", {type: "range", min: 0, max: count, value: at, id: "scrub",
      "aria-label": "History: the table after this many actions"});
    slider.addEventListener("change", () => this.scrub(Number(slider.value)));
    const list = h("ol.log", {id: "log"});
    // log entries are {index, text}: index is the action that caused the sentence (-1: setup)
    const log = (this.past ? this.past.log : d.log) || [];
    /** @type {LogEntry[]} */
    const entries = log.slice(-300).map((e) => (typeof e === "string" ? {index: null, text: e} : e));
    // numbered by the action each sentence came from, as the History slider counts:
    // "12." is the 12th action; the sentences that follow from it (and the setup's) carry
    // no number of their own
    let shown = null;
    for (const e of entries) {
      const first = e.index !== null && e.index >= 0 && e.index !== shown;
      if (first) shown = e.index;
      list.append(h(first ? "li" : "li.cont", {dataset: {index: e.index}, tabindex: 0, value: first && e.index !== null ? e.index + 1 : undefined,
        title: e.index === null ? "" : `the table after action ${e.index + 1}`,
        onclick: () => (e.index === null ? null : this.scrub(e.index + 1)),
        onkeydown: (ev) => { if (ev.key === "Enter" && e.index !== null) this.scrub(e.index + 1); }}, e.text));
    }
    const audit = (d.audit || []).map((a) => h("li", {}, typeof a === "string" ? a : (a.text || JSON.stringify(a))));
    const box = h("section.log-box", {"aria-label": "Game log"},
      h("h2", {}, "Log"), h("label", {for: "scrub"}, `History (${at}/${count}) `), slider, list,
      audit.length ? h("details", {}, h("summary", {}, `Taken back (${audit.length})`), h("ul.audit", {id: "audit"}, audit)) : "");
    return box;
  }


}
