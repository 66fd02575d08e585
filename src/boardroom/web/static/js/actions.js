// Legal actions grouped by their first word, named for a person.
/** @import {LegalAction} from "./shapes.js" */
/** @type {Record<string, string>} */
const NAMES = {
  piece: "Place the map piece", capital: "Capital project", filler: "Filler hex",
  lay: "Lay track", hub: "Place a hub", suburb: "Suburb", hq: "Headquarters",
  auction: "Start an auction", bid: "Bid", launch: "Launch", buy: "Buy", sell: "Sell",
  done: "Done", pass: "Pass", train: "Buy a train", force: "Forced train", run: "Run trains",
  payout: "Pay out", withhold: "Withhold", half: "Half pay-out", issue: "Issue a share",
  redeem: "Redeem a share", agree: "Agree", decline: "Decline", merge: "Propose a merger",
  accept: "Accept", refuse: "Refuse", major: "Choose the major", vote: "Vote",
  discard: "Discard a train", liquidate: "Liquidate", conglomerate: "Conglomerate",
  found: "Found a chain", survivor: "Survivor", next: "Next acquired chain", keep: "Keep",
  trade: "Trade", end: "End the game",
  expand: "Expand (build a link)", develop: "Develop", start: "Start a merger company",
};

/** @param {LegalAction[]} legal @param {string} title */
export function actionGroups(legal, title) {
  /** @type {Map<string, LegalAction[]>} */
  const groups = new Map();
  for (const a of legal) {
    let word = a.notation.split(" ")[0].toLowerCase();
    if (title === "acquire" && /^\d+[a-i]$/.test(word)) word = "place";
    if (title === "acquire" && (word === "sell" || word === "trade" || word === "keep")) word = "dispose";
    if (title === "congress" && word === "auction") word = "capitalise";
    if (!groups.has(word)) groups.set(word, []);
    groups.get(word)?.push(a);
  }
  /** @type {Record<string, string>} */
  const extra = {place: "Place a tile", dispose: "Keep, sell or trade",
                 capitalise: "Capitalise (auction a share)"};
  return [...groups.entries()].map(([word, items]) => ({
    word, items, name: NAMES[word] || extra[word] || word,
    open: ["pass", "done", "payout", "withhold", "accept", "refuse", "agree", "decline"].includes(word),
  }));
}
