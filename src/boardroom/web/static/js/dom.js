// A tiny element builder: h("button.primary", {onclick}, "Buy") -> <button class="primary">.

/** The element a tag names: "input.seat-name" -> HTMLInputElement.
 * @template {string} T
 * @typedef {T extends `${infer N}.${string}` ? TagElement<N> : TagElement<T>} ElementOf */
/** @template {string} N
 * @typedef {N extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[N] : HTMLElement} TagElement */

/** What h() appends: nodes, text, and lists of them, two deep (null, undefined and
 * false: nothing).
 * @typedef {Node | string | number | boolean | null | undefined} Leaf
 * @typedef {Leaf | Leaf[] | Leaf[][]} Child */

/** An element's attributes: `on...` are listeners, `style` an object of properties,
 * `dataset` its data-* values; null, undefined and false leave the attribute off, true
 * sets it empty.
 * @typedef {{[name: string]: unknown, onclick?: (ev: MouseEvent) => unknown,
 *   onkeydown?: (ev: KeyboardEvent) => unknown, onsubmit?: (ev: SubmitEvent) => unknown,
 *   onchange?: (ev: Event) => unknown, oninput?: (ev: Event) => unknown,
 *   onfocus?: (ev: FocusEvent) => unknown, onblur?: (ev: FocusEvent) => unknown,
 *   onmouseenter?: (ev: MouseEvent) => unknown, onmouseleave?: (ev: MouseEvent) => unknown,
 *   style?: Partial<CSSStyleDeclaration>, dataset?: Record<string, unknown>}} Attrs */

/**
 * @template {string} T
 * @param {T} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {ElementOf<T>}
 */
export function h(tag, attrs, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith("on")) el.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
      else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
      else if (k === "dataset") Object.assign(el.dataset, v);
      else el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  for (const c of /** @type {Leaf[]} */ (children.flat(Infinity))) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return /** @type {ElementOf<T>} */ (/** @type {unknown} */ (el));
}

/** "$1,234" @param {number | string} n */
export function money(n) {
  return "$" + Number(n).toLocaleString("en-US");
}

/** The page's element of this id (index.html's #where, #toast, #app...): an Error if
 * the page has none.
 * @param {string} id @returns {HTMLElement} */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el;
}

/** @template {Node} E @param {E} el @returns {E} */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}
