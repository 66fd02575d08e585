"""The Lost Atlas's labels: the sentence a person reads for a legal action (a menu entry,
a button), naming the companies and what it costs, from the state it would be played in.

The notation stays the thing that is sent and recorded; a label is only read. A
variant's own actions carry their label (a ``describe(state)`` method, so this module
names no variant); an action with neither is shown by its notation.

>>> import boardroom
>>> game = boardroom.new_game("lost_atlas", ["Ann", "Bob", "Cy"], seed=1)
>>> from boardroom.titles.lost_atlas.actions import Pass
>>> label(game.state, Pass(), 0)
'Pass'
"""

from __future__ import annotations

from boardroom.core.title import Action
from boardroom.map.track import StopRef
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board.hubs import PlaceHub, PlaceSuburb
from boardroom.titles.lost_atlas.board.mapbuild import (
    PlaceCapital,
    PlaceFiller,
    PlacePiece,
    hex_text,
)
from boardroom.titles.lost_atlas.board.track_laying import TileLay, is_yellow_lay
from boardroom.titles.lost_atlas.rounds.merger_round import (
    Accept,
    ChooseMajor,
    Propose,
    Refuse,
)
from boardroom.titles.lost_atlas.rounds.operating_round import (
    POOL,
    Agree,
    BuyTrain,
    Decline,
    ForceTrain,
    Issue,
    Liquidate,
    OfferTrain,
    Payout,
    Redeem,
    Run,
    Withhold,
)
from boardroom.titles.lost_atlas.rounds.stock_round import (
    TREASURY,
    Bid,
    Buy,
    Done,
    Launch,
    Sell,
    StartAuction,
)
from boardroom.titles.lost_atlas.rounds.trains import Discard
from boardroom.titles.lost_atlas.state import LostAtlasState


def company_name(state: LostAtlasState, company: str) -> str:
    """A company's name: a launched or formed one's, else the minor's or major's card."""
    corp = state.corps.get(company)
    if corp is not None:
        return corp.name
    comp = state.components
    card = comp.minors.get(company) or comp.majors.get(company)
    return card.name if card is not None else company


def _operating(state: LostAtlasState) -> str | None:
    """The company whose Operating Round turn it is (None outside one)."""
    company = getattr(state.op, "company", None)
    return company if isinstance(company, str) else None


def _spot(ref: StopRef) -> str:
    h, stop = ref
    return hex_text(h) + (f" (city {stop + 1})" if stop else "")


def _lay(state: LostAtlasState, action: TileLay) -> str:
    where = hex_text(action.hex)
    turn = f" rotated {action.rotation}" if action.rotation else ""
    space = state.board.spaces.get(action.hex)
    if not is_yellow_lay(state.board, action.hex):
        return f"Upgrade {where} to tile {action.tile}{turn}"
    cost = f" (cost {space.cost})" if space is not None and space.cost else ""
    return f"Lay tile {action.tile} at {where}{turn}{cost}"


def _train(state: LostAtlasState, action: BuyTrain) -> str:
    price = state.components.trains[action.train].price if \
        action.train in state.components.trains else None
    where = "from the pool" if action.source == POOL else "from the bank"
    text = f"Buy a {action.train}-train {where}"
    if action.trade is not None:
        return text + f", trading in a {action.trade}"
    return text + (f" for {price}" if price is not None else "")


def _stock(state: LostAtlasState, action: Action, seat: int) -> str | None:
    if isinstance(action, StartAuction):
        return f"Start an auction for the available minor, bidding {action.bid}"
    if isinstance(action, Bid):
        return f"Bid {action.amount}"
    if isinstance(action, Launch):
        at = f" at {hex_text(action.home)}" if action.home is not None else ""
        return f"Launch {company_name(state, action.minor)}{at}"
    if isinstance(action, Sell):
        price = state.stock.price(action.company) if action.company in state.corps else 0
        shares = "share" if action.count == 1 else "shares"
        worth = f" for {price * action.count}" if price else ""
        return (f"Sell {action.count} {company_name(state, action.company)} "
                f"{shares}{worth}")
    if isinstance(action, Buy):
        price = state.stock.price(action.company) if action.company in state.corps else 0
        where = "from its treasury" if action.source == TREASURY else "from the pool"
        cost = f" for {price}" if price else ""
        return f"Buy one {company_name(state, action.company)} share {where}{cost}"
    if isinstance(action, Done):
        return "End your turn"
    return None


def _operating_round(state: LostAtlasState, action: Action) -> str | None:
    company = _operating(state)
    name = company_name(state, company) if company else "the company"
    if isinstance(action, TileLay):
        return _lay(state, action)
    if isinstance(action, PlaceHub):
        costs: list[int] = (state.corps[company].hub_costs
                            if company is not None and company in state.corps else [])
        cheapest = min(costs, default=0)
        cost = f" (cost {cheapest})" if cheapest else ""
        return f"Place a hub at {_spot(action.spot)}{cost}"
    if isinstance(action, PlaceSuburb):
        return f"Place a suburb on {hex_text(action.hex)}"
    if isinstance(action, BuyTrain):
        return _train(state, action)
    if isinstance(action, OfferTrain):
        return (f"Offer {action.price} for {company_name(state, action.seller)}'s "
                f"{action.train} train")
    if isinstance(action, Agree):
        return "Agree to the train sale"
    if isinstance(action, Decline):
        return "Decline the train sale"
    if isinstance(action, Issue):
        return f"Issue one {name} share"
    if isinstance(action, Redeem):
        return f"Redeem one {name} share"
    if isinstance(action, Run):
        return f"Run the trains for {action.revenue}"
    if isinstance(action, Payout):
        return "Pay the revenue out to the shareholders"
    if isinstance(action, Withhold):
        return f"Withhold the revenue in {name}'s treasury"
    if isinstance(action, ForceTrain):
        where = " from the pool" if action.source == POOL else ""
        return f"Buy a {action.train} train{where} with your own money"
    if isinstance(action, Liquidate):
        return f"Liquidate {company_name(state, action.company)}"
    if isinstance(action, Discard):
        return (f"{company_name(state, action.company)} puts its {action.train} train in "
                "the pool")
    return None


def _merger_round(state: LostAtlasState, action: Action) -> str | None:
    if isinstance(action, Propose):
        return (f"Propose merging {company_name(state, action.minor)} with "
                f"{company_name(state, action.other)}")
    if isinstance(action, Accept):
        return "Accept the merger"
    if isinstance(action, Refuse):
        return "Refuse the merger"
    if isinstance(action, ChooseMajor):
        return f"Form {company_name(state, action.major)}"
    return None


def _map(action: Action) -> str | None:
    if isinstance(action, PlacePiece):
        turn = f" rotated {action.rotation}" if action.rotation else ""
        return f"Put the drawn piece's hex A at {hex_text(action.anchor)}{turn}"
    if isinstance(action, PlaceCapital):
        return f"Put the capital project on {hex_text(action.hex)}"
    if isinstance(action, PlaceFiller):
        return f"Put a blank hex on {hex_text(action.hex)}"
    return None


def label(state: LostAtlasState, action: Action, seat: int) -> str:
    """What ``action`` of ``seat`` does, in words, in ``state``."""
    if isinstance(action, Pass):
        return "Pass"
    for text in (_map(action), _stock(state, action, seat),
                 _operating_round(state, action), _merger_round(state, action)):
        if text is not None:
            return text
    describe = getattr(action, "describe", None)
    if callable(describe):
        return str(describe(state))
    return str(action)
