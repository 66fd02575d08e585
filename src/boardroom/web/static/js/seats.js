// The seats this browser holds for a game (their tokens), kept in localStorage so that
// a reload or a hotseat table finds them again.
/** @import {HeldSeat} from "./shapes.js" */
/** @param {string} id */
const key = (id) => `boardroom:seats:${id}`;

/** @param {string} id @param {HeldSeat[]} seats */
export function saveSeats(id, seats) {
  const known = loadSeats(id);
  for (const s of seats) known[s.seat] = {seat: s.seat, name: s.name, token: s.token};
  localStorage.setItem(key(id), JSON.stringify(known));
}

/** @param {string} id @returns {Record<number, HeldSeat>} */
export function loadSeats(id) {
  try { return JSON.parse(localStorage.getItem(key(id)) || "{}"); }
  catch (e) { return {}; }
}
