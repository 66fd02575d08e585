// Hotseat: when the table in this browser moves from one person's seat to another's, a
// "pass the device to Bob" screen hides the table (and so the next player's hidden tiles)
// until Bob clicks. It can be switched off for this browser on the screen itself.
import {h, clear} from "./dom.js";

const KEY = "boardroom:pass-screen";

export function passScreenOn() {
  return localStorage.getItem(KEY) !== "off";
}

/** @param {HTMLElement} root @param {string} name @param {() => void} onReady */
export function showPassScreen(root, name, onReady) {
  const off = h("input", {type: "checkbox", id: "pass-off"});
  const ready = h("button.primary", {id: "pass-ready", onclick: () => {
    if (off.checked) localStorage.setItem(KEY, "off");
    onReady();
  }}, `I am ${name}: show my table`);
  clear(root).append(h("section.pass-screen", {id: "pass-screen", "aria-label": "Pass the device"},
    h("h1", {}, `Pass the device to ${name}`),
    h("p", {}, `It is ${name}'s decision. The table stays hidden, so that ${name}'s tiles and cards are not on the screen before ${name} has the device.`),
    ready,
    h("p.muted", {}, h("label", {}, off, " do not show this screen again in this browser"))));
  ready.focus();
}
