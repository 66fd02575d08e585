// The server's API (issue 10's contract) and the table's read endpoints (boardroom.web.api).

export class ApiError extends Error {
  constructor(status, body) {
    const sentence = (body && (body.message || body.error || body.detail)) || `error ${status}`;
    super(typeof sentence === "string" ? sentence : JSON.stringify(sentence));
    this.status = status;
    this.body = body || {};
    this.rule = this.body.rule || (this.body.detail && this.body.detail.rule) || null;
  }
}

async function call(method, path, token, body, signal) {
  const headers = {};
  if (token) headers["Authorization"] = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const reply = await fetch(path, {method, headers, signal, body: body === undefined ? undefined : JSON.stringify(body)});
  let data = null;
  try { data = await reply.json(); } catch (e) { data = null; }
  if (!reply.ok) throw new ApiError(reply.status, data);
  return data;
}

export const api = {
  titles: () => call("GET", "/api/web/titles"),
  create: (body) => call("POST", "/api/games", null, body),
  game: (id, token) => call("GET", `/api/games/${id}`, token),
  act: (id, token, action, after) =>
    call("POST", `/api/games/${id}/actions`, token,
         {action, after, key: `${Date.now()}-${Math.random().toString(36).slice(2)}`}),
  undo: (id, token, after) => call("POST", `/api/games/${id}/undo`, token, {after}),
  answerUndo: (id, token, requestId, accept) =>
    call("POST", `/api/games/${id}/undo/${requestId}`, token, {accept}),
  // signal: an AbortController's, to drop a preview of a position being left
  map: (id, token, params, signal) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params || {})) if (v !== undefined && v !== null) q.set(k, v);
    return call("GET", `/api/games/${id}/map?${q}`, token, undefined, signal);
  },
  legend: (id, token) => call("GET", `/api/games/${id}/legend`, token),
  piece: (id, token) => call("GET", `/api/games/${id}/piece`, token),
  routes: (id, token, plan) => call("GET", `/api/games/${id}/routes?plan=${encodeURIComponent(plan)}`, token),
  history: (id, token, count) => call("GET", `/api/games/${id}/history/${count}`, token),
  netWorth: (id, token) => call("GET", `/api/games/${id}/networth`, token),
  log: (id, token) => call("GET", `/api/games/${id}/log`, token),
  outcome: (id, token, actions, after) => {
    const q = new URLSearchParams();
    for (const a of actions) q.append("action", a);
    if (after !== undefined) q.set("after", after);
    return call("GET", `/api/games/${id}/outcome?${q}`, token);
  },
  preview: (id, token, action) =>
    call("GET", `/api/games/${id}/preview?action=${encodeURIComponent(action)}`, token),
  check: (id, token, action) =>
    call("GET", `/api/games/${id}/check?action=${encodeURIComponent(action)}`, token),
};
