// The server's API (issue 10's contract) and the table's read endpoints (boardroom.web.api).
/** @import {GameData, TitlesMenu, CreatedGame, MapPicture, PiecePictures, RoutePlan,
 *   PastTable, NetWorthSeries, OutcomeReply, CgPreview, CheckReply} from "./shapes.js" */

/** A refusal's body, as the server sends it (any of these may be missing).
 * @typedef {{message?: unknown, error?: unknown, detail?: unknown, rule?: string}} ErrorBody */

export class ApiError extends Error {
  /** @param {number} status @param {ErrorBody | null} body */
  constructor(status, body) {
    const sentence = (body && (body.message || body.error || body.detail)) || `error ${status}`;
    super(typeof sentence === "string" ? sentence : JSON.stringify(sentence));
    this.status = status;
    /** @type {ErrorBody} */
    this.body = body || {};
    const detail = /** @type {{rule?: string} | null | undefined} */ (this.body.detail);
    /** @type {string | null} */
    this.rule = this.body.rule || (detail && detail.rule) || null;
  }
}

/** The server's JSON answer, taken to be of the shape the endpoint documents.
 * @template T
 * @param {string} method @param {string} path @param {string | null} [token]
 * @param {unknown} [body] @param {AbortSignal} [signal]
 * @returns {Promise<T>} */
async function call(method, path, token, body, signal) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (token) headers["Authorization"] = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const reply = await fetch(path, {method, headers, signal, body: body === undefined ? undefined : JSON.stringify(body)});
  let data = null;
  try { data = await reply.json(); } catch { data = null; }
  if (!reply.ok) throw new ApiError(reply.status, data);
  return data;
}

/** @typedef {string | null} Token a seat's bearer token; null: a spectator */

export const api = {
  /** @returns {Promise<TitlesMenu>} */
  titles: () => call("GET", "/api/web/titles"),
  /** @param {object} body @returns {Promise<CreatedGame>} */
  create: (body) => call("POST", "/api/games", null, body),
  /** @param {string} id @param {Token} token @returns {Promise<GameData>} */
  game: (id, token) => call("GET", `/api/games/${id}`, token),
  /** @param {string} id @param {Token} token @param {string} action @param {number} after
   * @returns {Promise<unknown>} */
  act: (id, token, action, after) =>
    call("POST", `/api/games/${id}/actions`, token,
         {action, after, key: `${Date.now()}-${Math.random().toString(36).slice(2)}`}),
  /** @param {string} id @param {Token} token @param {number} after @returns {Promise<unknown>} */
  undo: (id, token, after) => call("POST", `/api/games/${id}/undo`, token, {after}),
  /** @param {string} id @param {Token} token @param {string} requestId @param {boolean} accept
   * @returns {Promise<unknown>} */
  answerUndo: (id, token, requestId, accept) =>
    call("POST", `/api/games/${id}/undo/${requestId}`, token, {accept}),
  // signal: an AbortController's, to drop a preview of a position being left
  /** @param {string} id @param {Token} token @param {Record<string, string | number | undefined>} params
   * @param {AbortSignal} [signal] @returns {Promise<MapPicture>} */
  map: (id, token, params, signal) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params || {})) if (v !== undefined && v !== null) q.set(k, String(v));
    return call("GET", `/api/games/${id}/map?${q}`, token, undefined, signal);
  },
  /** @param {string} id @param {Token} token @returns {Promise<{svg: string}>} */
  legend: (id, token) => call("GET", `/api/games/${id}/legend`, token),
  /** @param {string} id @param {Token} token @returns {Promise<PiecePictures>} */
  piece: (id, token) => call("GET", `/api/games/${id}/piece`, token),
  /** @param {string} id @param {Token} token @param {string} plan @returns {Promise<RoutePlan>} */
  routes: (id, token, plan) => call("GET", `/api/games/${id}/routes?plan=${encodeURIComponent(plan)}`, token),
  /** @param {string} id @param {Token} token @param {number} count @returns {Promise<PastTable>} */
  history: (id, token, count) => call("GET", `/api/games/${id}/history/${count}`, token),
  /** @param {string} id @param {Token} token @returns {Promise<NetWorthSeries>} */
  netWorth: (id, token) => call("GET", `/api/games/${id}/networth`, token),
  /** @param {string} id @param {Token} token @returns {Promise<{count: number, entries: {index: number, text: string}[]}>} */
  log: (id, token) => call("GET", `/api/games/${id}/log`, token),
  /** @param {string} id @param {Token} token @param {string[]} actions @param {number} [after]
   * @returns {Promise<OutcomeReply>} */
  outcome: (id, token, actions, after) => {
    const q = new URLSearchParams();
    for (const a of actions) q.append("action", a);
    if (after !== undefined) q.set("after", String(after));
    return call("GET", `/api/games/${id}/outcome?${q}`, token);
  },
  /** @param {string} id @param {Token} token @param {string} action @returns {Promise<CgPreview>} */
  preview: (id, token, action) =>
    call("GET", `/api/games/${id}/preview?action=${encodeURIComponent(action)}`, token),
  /** @param {string} id @param {Token} token @param {string} action @returns {Promise<CheckReply>} */
  check: (id, token, action) =>
    call("GET", `/api/games/${id}/check?action=${encodeURIComponent(action)}`, token),
};
