// Accounts in the browser: who is signed in (GET /api/account/me), the session's CSRF
// token (sent as X-CSRF-Token on every request that changes something), the header's
// account links, and the sign-in / sign-up pages.
import {h, clear, byId} from "./dom.js";
import {ApiError} from "./api.js";
/** @import {User} from "./shapes.js" */

/** @type {{user: User | null, csrf: string | null, loaded: boolean}} */
export const session = {user: null, csrf: null, loaded: false};

/** The account API's JSON answer, of the shape its endpoint documents.
 * @template [T=unknown]
 * @param {string} method @param {string} path @param {unknown} [body]
 * @returns {Promise<T>} */
export async function accountCall(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && session.csrf) headers["X-CSRF-Token"] = session.csrf;
  const reply = await fetch(path, {method, headers, credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body)});
  let data = null;
  try { data = await reply.json(); } catch (e) { data = null; }
  if (!reply.ok) throw new ApiError(reply.status, data);
  return data;
}

export async function loadSession() {
  try {
    /** @type {{user: User | null, csrf: string | null}} */
    const me = await accountCall("GET", "/api/account/me");
    session.user = me.user;
    session.csrf = me.csrf;
  } catch (e) { session.user = null; session.csrf = null; }
  session.loaded = true;
  drawAccountBar();
  return session.user;
}

export function drawAccountBar() {
  const bar = document.getElementById("account");
  if (!bar) return;
  clear(bar);
  /** @param {string} href @param {string} text @param {string} id */
  const link = (href, text, id) => h("a", {href, id}, text);
  if (session.user) {
    bar.append(link("#/", "My games", "nav-my-games"), link("#/open", "Open games", "nav-open"),
      link("#/leaderboard", "Ratings", "nav-ratings"), link("#/settings", "Settings", "nav-settings"),
      link(`#/profile/${encodeURIComponent(session.user.name)}`, session.user.name, "nav-me"),
      h("button", {id: "sign-out", onclick: signOut}, "Sign out"));
  } else {
    bar.append(link("#/open", "Open games", "nav-open"), link("#/leaderboard", "Ratings", "nav-ratings"),
      link("#/signin", "Sign in", "nav-sign-in"), link("#/signup", "Sign up", "nav-sign-up"));
  }
}

async function signOut() {
  try { await accountCall("POST", "/api/account/signout"); } catch (e) { /* signed out anyway */ }
  session.user = null; session.csrf = null;
  drawAccountBar();
  document.dispatchEvent(new CustomEvent("boardroom:session"));
  location.hash = "#/";
}

/** @param {HTMLElement} root @param {"in" | "up"} mode */
export function renderSignIn(root, mode) {
  const up = mode === "up";
  byId("where").textContent = up ? "Sign up" : "Sign in";
  const name = h("input", {id: "account-name", autocomplete: "username", required: true, maxlength: 24});
  const password = h("input", {id: "account-password", type: "password", required: true,
    autocomplete: up ? "new-password" : "current-password", minlength: up ? 8 : undefined});
  const error = h("p.error", {id: "account-error", hidden: true});
  const form = h("form.account-form", {"aria-label": up ? "Sign up" : "Sign in"},
    h("h1", {}, up ? "Make an account" : "Sign in"),
    h("p.muted", {}, up
      ? "An account keeps your games in one list, lets you join open tables, chat, get turn notifications and a rating. A user name has 3 to 24 letters or digits; a password at least 8 characters."
      : "Seat links keep working without an account."),
    h("label", {for: "account-name"}, "User name "), name,
    h("label", {for: "account-password"}, "Password "), password,
    h("button.primary", {type: "submit", id: "account-submit"}, up ? "Sign up" : "Sign in"), error,
    h("p", {}, up ? h("a", {href: "#/signin"}, "I have an account: sign in") : h("a", {href: "#/signup"}, "No account yet? Sign up")));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.hidden = true;
    try {
      /** @type {{user: User, csrf: string}} */
      const reply = await accountCall("POST", up ? "/api/account/signup" : "/api/account/signin",
        {name: name.value.trim(), password: password.value});
      session.user = reply.user; session.csrf = reply.csrf;
      drawAccountBar();
      document.dispatchEvent(new CustomEvent("boardroom:session"));
      const back = sessionStorage.getItem("boardroom:after-sign-in");
      sessionStorage.removeItem("boardroom:after-sign-in");
      if (back) location.href = back; else location.hash = "#/";
    } catch (e) {
      error.textContent = e.message;
      error.hidden = false;
    }
  });
  root.append(form);
}

// a signed-in user who opens a seat link may keep that seat in their account
/** @param {string} gameId @param {string | null} token */
export function claimBanner(gameId, token) {
  const box = document.getElementById("account-note");
  if (!box || !token) return;
  clear(box);
  if (!session.user) {
    box.append(h("span.muted", {}, "Playing from a seat link. "),
      h("a", {href: "#/signin", onclick: () => sessionStorage.setItem("boardroom:after-sign-in", location.href)},
        "Sign in to keep this seat in your games"));
    return;
  }
  const button = h("button", {id: "claim-seat", onclick: async () => {
    try {
      /** @type {{seat: number}} */
      const done = await accountCall("POST", "/api/account/claim", {game_id: gameId, token});
      clear(box).append(h("span", {id: "claimed"}, `Seat ${done.seat + 1} is in your games now.`));
    } catch (e) { clear(box).append(h("span.error", {}, e.message)); }
  }}, "Keep this seat in my games");
  box.append(button);
}

// the bearer tokens of the seats this account holds in a game (for this session)
/** @param {string} gameId @returns {Promise<{seat: number, token: string}[]>} */
export async function seatTokens(gameId) {
  /** @type {{seats: {seat: number, token: string}[]}} */
  const reply = await accountCall("POST", `/api/account/games/${gameId}/tokens`);
  return reply.seats;
}
