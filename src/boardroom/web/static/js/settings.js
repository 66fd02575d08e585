// The account's settings: the password and the turn notifications (sound, desktop,
// e-mail when away or always, a webhook for Discord, Slack or raw JSON).
import {h, byId} from "./dom.js";
import {session, accountCall} from "./account.js";
import {beep} from "./notify.js";

/** @param {HTMLElement} root */
export async function renderSettings(root) {
  byId("where").textContent = "Settings";
  if (!session.user) { root.append(h("p", {}, h("a", {href: "#/signin"}, "Sign in"), " first.")); return; }
  /** @type {Required<import("./shapes.js").Settings>} */
  const prefs = await accountCall("GET", "/api/account/settings");
  /** @param {string} id @param {boolean | undefined} on */
  const box = (id, on) => h("input", {type: "checkbox", id, checked: !!on});
  const sound = box("set-sound", prefs.sound);
  const desktop = box("set-desktop", prefs.desktop);
  const email = h("input", {id: "set-email", type: "email", value: prefs.email || "", placeholder: "you@example.org"});
  const mode = h("select", {id: "set-email-mode"}, [["off", "never"], ["away", "when I have not been on the game's page for"], ["always", "always, at once"]]
    .map(([v, t]) => h("option", {value: v}, t)));
  mode.value = prefs.email_mode;
  const minutes = h("input", {id: "set-email-minutes", type: "number", min: 0, max: 1440, value: prefs.email_minutes});
  const hook = h("input", {id: "set-webhook", value: prefs.webhook_url || "", placeholder: "https://discord.com/api/webhooks/…", size: 50});
  const format = h("select", {id: "set-webhook-format"}, [["discord", "Discord"], ["slack", "Slack"], ["raw", "raw JSON"]]
    .map(([v, t]) => h("option", {value: v}, t)));
  format.value = prefs.webhook_format;
  const said = h("p", {id: "settings-said", role: "status"});
  const permission = h("span.muted", {id: "desktop-permission"},
    "Notification" in window ? ` (this browser: ${Notification.permission})` : " (this browser has no desktop notifications)");
  const ask = h("button", {type: "button", id: "ask-desktop", onclick: async () => {
    if (!("Notification" in window)) return;
    const answer = await Notification.requestPermission();
    permission.textContent = ` (this browser: ${answer})`;
    if (answer === "granted") desktop.checked = true;
  }}, "Allow desktop notifications");
  const form = h("form.settings", {id: "settings-form"},
    h("h1", {}, "Turn notifications"),
    h("p.muted", {}, "While any game waits on you the tab's title shows how many, as \"(2) Boardroom\", and its icon gets a red mark."),
    h("fieldset", {}, h("legend", {}, "In this browser"),
      h("label", {}, sound, " a short sound when a game starts waiting on me "),
      h("button", {type: "button", onclick: beep}, "Try it"), h("br"),
      h("label", {}, desktop, " a desktop notification when the tab is hidden"), permission, " ", ask),
    h("fieldset", {}, h("legend", {}, "E-mail"),
      h("label", {for: "set-email"}, "Address "), email, h("br"),
      h("label", {for: "set-email-mode"}, "Send "), mode, " ", minutes, " minutes",
      h("p.muted", {}, "Mail is sent only if the server was started with --smtp-url.")),
    h("fieldset", {}, h("legend", {}, "Webhook"),
      h("label", {for: "set-webhook"}, "URL "), hook, " ", h("label", {for: "set-webhook-format"}, "format "), format),
    h("button.primary", {type: "submit", id: "save-settings"}, "Save"), said);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      /** @type {import("./shapes.js").Settings} */
      const saved = await accountCall("PUT", "/api/account/settings", {
        sound: sound.checked, desktop: desktop.checked, email: email.value.trim(), email_mode: mode.value,
        email_minutes: Number(minutes.value) || 0, webhook_url: hook.value.trim(), webhook_format: format.value});
      if (session.user) session.user.settings = saved;
      said.className = ""; said.textContent = "Saved.";
    } catch (e) { said.className = "error"; said.textContent = e.message; }
  });
  const oldPw = h("input", {type: "password", id: "pw-old", autocomplete: "current-password"});
  const newPw = h("input", {type: "password", id: "pw-new", autocomplete: "new-password", minlength: 8});
  const pwSaid = h("p", {id: "pw-said", role: "status"});
  const pwForm = h("form.settings", {id: "password-form"}, h("h2", {}, "Password"),
    h("label", {for: "pw-old"}, "Old "), oldPw, " ", h("label", {for: "pw-new"}, "New "), newPw, " ",
    h("button", {type: "submit"}, "Change the password"), pwSaid,
    h("p.muted", {}, "Your other signed-in browsers are signed out."));
  pwForm.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      await accountCall("POST", "/api/account/password", {old: oldPw.value, new: newPw.value});
      pwSaid.className = ""; pwSaid.textContent = "The password is changed.";
    } catch (e) { pwSaid.className = "error"; pwSaid.textContent = e.message; }
  });
  root.append(form, pwForm);
}
