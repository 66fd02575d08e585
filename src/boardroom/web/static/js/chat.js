// A game's chat beside the log: lines come over the table's live WebSocket (and by
// polling while no socket is open); seats write, spectators read. Every line is drawn as
// text (a text node), never as HTML.
import {h} from "./dom.js";
import {ApiError} from "./api.js";

/** @import {Table} from "./table.js" */

/** A chat line (boardroom.server.chat)
 * @typedef {{id: number, at_count: number, name: string, text: string}} ChatLine */

const POLL_MS = 4000;

export class ChatBox {
  /** @param {Table} table */
  constructor(table) {
    this.table = table;
    /** @type {ChatLine[]} */
    this.lines = [];
    this.last = 0;
    this.list = h("ol.chat-lines", {id: "chat-lines", "aria-live": "polite"});
    this.input = h("input", {id: "chat-input", maxlength: 500, placeholder: "say something", "aria-label": "Chat message"});
    this.error = h("p.chat-error", {id: "chat-error", hidden: true});
    this.form = h("form.chat-form", {onsubmit: (e) => { e.preventDefault(); this.send(); }},
      this.input, h("button", {type: "submit", id: "chat-send"}, "Say"));
    this.readOnly = h("p.muted", {id: "chat-read-only", hidden: true}, "Spectators read the chat; the seats write in it.");
    this.element = h("section.chat", {id: "chat", "aria-label": "Chat"}, h("h2", {}, "Chat"), this.list, this.form,
      this.readOnly, this.error);
    this.load();
    this.timer = setInterval(() => { if (!this.live()) this.load(); }, POLL_MS);
  }

  // the box as the table draws it: a seat gets the input, a spectator a note
  view() {
    const spectator = this.table.seat() === null;
    this.form.hidden = spectator;
    this.readOnly.hidden = !spectator;
    return this.element;
  }

  live() { return this.table.socket && this.table.socket.readyState === 1; }

  stop() { clearInterval(this.timer); }

  async load() {
    try {
      const r = await fetch(`/api/games/${this.table.id}/chat?after=${this.last}`);
      if (r.ok) this.receive((await r.json()).lines);
    } catch (e) { /* the next poll tries again */ }
  }

  /** @param {ChatLine[] | undefined} lines */
  receive(lines) {
    let added = false;
    for (const line of lines || []) {
      if (line.id <= this.last) continue;
      this.last = line.id;
      this.lines.push(line);
      this.list.append(h("li", {dataset: {id: line.id}},
        h("span.chat-at", {title: `said after action ${line.at_count}`}, `[${line.at_count}] `),
        h("strong", {}, line.name + ": "), line.text));
      added = true;
    }
    while (this.list.children.length > 200) this.list.firstChild?.remove();
    if (added) this.list.scrollTop = this.list.scrollHeight;
  }

  /** @param {string} message */
  refused(message) {
    this.error.textContent = message;
    this.error.hidden = false;
  }

  async send() {
    const text = this.input.value.trim();
    if (!text) return;
    this.error.hidden = true;
    const seat = this.table.seat();
    if (seat === null) { this.refused("Spectators read the chat; only a seat can write."); return; }
    this.input.value = "";
    const socketToken = this.table.socketToken;
    if (this.live() && socketToken === this.table.token) {
      this.table.socket?.send(JSON.stringify({type: "chat", text}));
      return;
    }
    try {
      const reply = await fetch(`/api/games/${this.table.id}/chat`, {method: "POST",
        headers: {"Content-Type": "application/json", "Authorization": "Bearer " + this.table.token},
        body: JSON.stringify({text})});
      if (!reply.ok) throw new ApiError(reply.status, await reply.json().catch(() => null));
      await this.load();
    } catch (e) { this.refused(e.message); }
  }
}
