// The JSON the server sends the page, as JSDoc types for TypeScript's checker
// (jsconfig.json at the repository's root; docs/browser.md says how to run it). Nothing
// here runs: the other modules name these types in comments only, as
// `import("./shapes.js").GameData`, so the browser never loads this file.
// Each shape is written from the Python that builds it (named beside it); a field the
// page does not read may be left out.

// -- every title ------------------------------------------------------------------------

/** A legal action of the seat asked (boardroom.server.store.snapshot_of).
 * @typedef {{notation: string, label: string}} LegalAction */

/** A log sentence; `index` is the action it came from (-1: the setup). Older records may
 * send a bare string.
 * @typedef {{index: number | null, text: string}} LogEntry */

/** boardroom.core.title.Result.to_json
 * @typedef {{scores: number[], ranking: number[][], winners: number[], tie_rule: string | null}} Result */

/** boardroom.server.store.request_json
 * @typedef {{id: string, seat: number, name: string, actions: string[], accepted: number[],
 *   draws: boolean, waiting: number[]}} UndoRequest */

/** What every title's view has (the page's common code reads these, and `players`:
 * each title's has `name` and `cash`).
 * @typedef {{title: string, seat?: number, to_act: number[], result?: Result,
 *   end_reason?: string}} BaseView */

/** @typedef {AcquireView | LostAtlasView | CongressView} View */

/** GET /api/games/{id} (boardroom.server.store.snapshot_of)
 * @typedef {{id: string, title: string, seat: number | null, view: View, to_act: number[],
 *   legal: LegalAction[], log: (LogEntry | string)[], count: number, result: Result | null,
 *   status: string, seats: {seat: number, name: string, bot: string | null}[],
 *   audit: (string | {text?: string})[], undo_request: UndoRequest | null, undos: number,
 *   seed_chosen: boolean}} GameData */

/** GET /api/games/{id}/history/{count} (boardroom.web.api)
 * @typedef {{count: number, view: View, to_act: number[], log: LogEntry[]}} PastTable */

/** GET /api/games/{id}/check (boardroom.web.api)
 * @typedef {{legal: boolean, rule: string | null, error: string | null}} CheckReply */

/** GET /api/games/{id}/networth (boardroom.web.networth); Lost Atlas adds the runs:
 * `revenues[company][round]` is [revenue, "payout" | "withhold" | "half"].
 * @typedef {{players: string[], counts: number[], worth: number[][], rounds?: number[],
 *   revenues?: Record<string, Record<string, [number, string]>>}} NetWorthSeries */

/** A seat this browser holds (boardroom.web.static.js.seats); seat -1: a link's token
 * whose seat is not known yet.
 * @typedef {{seat: number, name: string, token: string}} HeldSeat */

// -- the lobby --------------------------------------------------------------------------

/** @typedef {{key: string, label: string, kind: "bool" | "choice", default: string | boolean,
 *   choices?: string[], choice_labels?: Record<string, string>, solo_only?: boolean}} TitleOption */

/** GET /api/web/titles (boardroom.web.lobby)
 * @typedef {{name: string, display_name: string, min_players: number, max_players: number,
 *   modes: {id: string, name: string, players: number[], solo?: boolean}[],
 *   options: TitleOption[], default_bot: string, bots: string[]}} TitleInfo */

/** @typedef {{titles: TitleInfo[], bots: string[]}} TitlesMenu */

/** POST /api/games
 * @typedef {{id: string, seats: {seat: number, name: string, token: string, url?: string}[]}} CreatedGame */

// -- accounts ---------------------------------------------------------------------------

/** @typedef {{sound?: boolean, desktop?: boolean, email?: string, email_mode?: string,
 *   email_minutes?: number, webhook_url?: string, webhook_format?: string}} Settings */

/** boardroom.server.account_api.user_json
 * @typedef {{id: number, name: string, admin?: boolean, settings?: Settings}} User */

/** GET /api/account/games (boardroom.server.mygames)
 * @typedef {{id: string, title_name: string, status: string, waiting_on_me: boolean,
 *   players: {name: string, bot?: string | null}[], to_act: string[], winners: string[],
 *   count: number, updated_at: number}} MyGame */

/** An open table (boardroom.server.open_tables.OpenTables.describe)
 * @typedef {{id: string, name: string, title: string, title_name: string, status: string,
 *   creator: string | null, creator_id: number, free: number, password: boolean,
 *   game_id: string | null, updated_at: number,
 *   seats: {seat: number, name: string | null, bot: string | null, free: boolean}[]}} OpenTable */

// -- Acquire (boardroom.titles.acquire.title.AcquireTitle.view) --------------------------

/** @typedef {{name: string, size: number, price: number, safe: boolean, bank_shares: number,
 *   bonuses: number[] | null}} AcquireChain */

/** @typedef {{tile: string, chains: string[], sizes: Record<string, number>,
 *   survivor: string, acquired: string, pending: string[]}} AcquireMerger */

/** @typedef {BaseView & {title: "acquire", mode: string, turn: number, step: string,
 *   board: Record<string, string>, chains: AcquireChain[], tiles_left: number,
 *   placed: string | null, hand?: string[], merger?: AcquireMerger,
 *   players: {name: string, cash: number, shares: Record<string, number>, hand_size: number}[]}} AcquireView */

// -- Railways of the Lost Atlas (boardroom.titles.lost_atlas.view.view_state) ----------

/** @typedef {{name: string, kind: string, price: number, treasury: number, trains: string[],
 *   rusted: string[], president: number | null, shares: Record<string, number>,
 *   treasury_shares: number, pool_shares: number, abilities?: string[],
 *   last_revenue?: number | null}} LaCompany */

/** @typedef {{company: string, step: string, revenue: number,
 *   offer?: {seller: string, train: string, price: number}}} LaOperating */

/** @typedef {{number?: number, proposal: string[] | null, proposer?: number | null,
 *   chooser?: number | null, tally?: {for: number, against: number, left: number},
 *   votes?: Record<string, string>, voters?: number[]}} LaMerger */

/** @typedef {BaseView & {title: "lost_atlas", players: {name: string, cash: number}[],
 *   mode: string, round: string, cycle: number,
 *   operating_round: number, phase: string, priority: number,
 *   companies: Record<string, LaCompany>, stock_track: Record<string, string[]>,
 *   matrix: string[][], trains: {stack: number, top: string | null, pool: string[]},
 *   map: {tiles?: Record<string, {tile: string, rotation: number}>, reserved?: Record<string, string>},
 *   map_building?: {drawn: number | string | null, left: number},
 *   auction?: {bid: number, leader: number, active: number[], won: boolean},
 *   operating?: LaOperating, merger?: LaMerger}} LostAtlasView */

/** GET /api/games/{id}/map (boardroom.web.picture.map_picture)
 * @typedef {{svg: string, phase: string, radius: number, hexes: Record<string, number[]>,
 *   reach: {company: string, hexes: Record<string, number[]>, stops: string[]} | null}} MapPicture */

/** GET /api/games/{id}/piece (boardroom.web.picture.piece_pictures)
 * @typedef {{drawn: number | string | null, kind: string | null, svgs: string[], radius?: number}} PiecePictures */

/** A stop of GET /api/games/{id}/routes (boardroom.web.route_plan)
 * @typedef {{ref: string, xy: [number, number], value: number, hub: boolean, reached: boolean}} RouteStop */

/** @typedef {{train: string, stops: {ref: string, value: number, counted: boolean}[],
 *   points: number[][], revenue: number, error: string | null, rule: string | null}} RouteTrain */

/** @typedef {{company?: string, trains: RouteTrain[], stops: RouteStop[], total: number,
 *   notation: string | null, error: string | null, rule: string | null}} RoutePlan */

/** The position after an action (boardroom.web.outcome._summary)
 * @typedef {{players: {cash: number}[], companies: Record<string, LaCompany>, phase: string,
 *   merger: (LaMerger & {chooser?: number | null}) | null, next: string[]}} OutcomeAfter */

/** An action played on a copy, or the rule it breaks (boardroom.web.outcome.action_outcomes)
 * @typedef {{action: string, legal: true, after: OutcomeAfter}
 *   | {action: string, legal: false, rule: string | null, error: string}} Outcome */

/** GET /api/games/{id}/outcome
 * @typedef {{count: number, outcomes: Outcome[]}} OutcomeReply */

/** GET /api/web/lost_atlas/reference (boardroom.web.lobby)
 * @typedef {{stock_values: number[], launch_windows: Record<string, [number, number]>,
 *   trains: {id: string, name: string, stops: number | null, price: number, rusted_by: string[]}[],
 *   phases: {id: string, opened_by: string[], tile_colours: string[],
 *     limits: {minor: number, major: number | null}[]}[],
 *   abilities: Record<string, string>,
 *   minors: Record<string, {name: string, ability: string, home_at_launch: boolean}>,
 *   majors: Record<string, string>, colours: Record<string, string>,
 *   abbreviations: Record<string, string>}} LaReference */

// -- Congress (boardroom.titles.congress.title.CongressTitle.view) ----------------------

/** @typedef {{id: string, name: string, kind: string, status: string, homes: string[],
 *   income: number, treasury: number, markers: number, pool: number, merger_supply: number,
 *   issued: number, holders: Record<string, number>, face_down: Record<string, number>,
 *   cities: string[]}} CgCompany */

/** `label`: the side its name is drawn on (e, w, n, s, ne, nw, se, sw), where the view
 * gives one.
 * @typedef {{id: string, name: string, value: number, developed: number, kind: string,
 *   x: number, y: number, label?: string}} CgCity */

/** @typedef {{a: string, b: string, cost: number, owner: string | null, foreign: boolean,
 *   income?: number}} CgLink */

/** @typedef {{track: {player: string, month: number, stamp: number}[], cutoff: number,
 *   round_months: number, costs: Record<string, number>, next: number}} CgMonths */

/** @typedef {{company: string, from: string, kind: string, auctioneer: string, high: number,
 *   high_bidder: string | null, bidding: string[]}} CgAuction */

/** @typedef {BaseView & {title: "congress", step: string, round: number,
 *   options: {chaining: string, special_dividend: string},
 *   general_dividends: [number, number], development_markers_left: number,
 *   players: {name: string, cash: number, shares: Record<string, number>}[],
 *   companies: CgCompany[], cities: CgCity[], links: CgLink[],
 *   months?: CgMonths, switch?: {dividend: number, passed: boolean},
 *   income_track?: {max: number, markers: {company: string, income: number}[]},
 *   auction?: CgAuction, merger?: {builder: string, target: string},
 *   expanding?: string, free_link?: string}} CongressView */

/** GET /api/games/{id}/preview (boardroom.web.congress_preview): each pair is [before,
 * after]; a refused action (or a failed request, congress.js) says why instead.
 * @typedef {{legal: true,
 *   players: {name: string, cash: [number, number], months: [number, number]}[],
 *   companies: Record<string, {income: [number, number], treasury: [number, number],
 *     status: [string, string]}>,
 *   cities: Record<string, [number, number]>, log?: string[]}
 *   | {legal: false, rule?: string | null, error: string}} CgPreview */

export {};
