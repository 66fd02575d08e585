"""Issue 27's layer over the game server: accounts, open tables, my games, chat, ratings
and turn notifications. :func:`install` wires it into the app made by
:func:`boardroom.server.app.create_app`; the app keeps it as ``app.state.community``.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import FastAPI
from sqlalchemy import Engine

from boardroom.server import account_api, chat, mygames, open_tables, ratings
from boardroom.server.accounts import Accounts
from boardroom.server.chat import Chat
from boardroom.server.config import Settings
from boardroom.server.live import Broadcaster, Hub
from boardroom.server.notify import Presence, TurnNotifier
from boardroom.server.open_tables import OpenTables
from boardroom.server.ratings import Ratings
from boardroom.server.store import GameStore
from boardroom.server.webhooks import Notifier


@dataclass
class Community:
    engine: Engine
    accounts: Accounts
    tables: OpenTables
    chat: Chat
    ratings: Ratings
    presence: Presence
    notifier: TurnNotifier

    def close(self) -> None:
        self.notifier.close()


def install(app: FastAPI, engine: Engine, store: GameStore, hub: Hub,
            broadcaster: Broadcaster, webhooks: Notifier, settings: Settings) -> Community:
    accounts = Accounts(engine, store)
    tables = OpenTables(engine, store)
    presence = Presence()
    community = Community(
        engine, accounts, tables, Chat(engine, store, hub, broadcaster),
        Ratings(engine, store), presence,
        TurnNotifier(engine, store, settings, webhooks, presence))
    store.seat_resolvers.append(accounts.resolve_delegate)
    store.listeners.append(community.ratings.on_change)
    store.listeners.append(community.notifier.on_change)
    tables.started.append(community.notifier.game_started)
    accounts.holders_changed.append(community.notifier.forget)
    app.state.accounts = accounts
    app.state.community = community
    app.include_router(account_api.router)
    app.include_router(mygames.install_routes(engine, store, tables))
    app.include_router(open_tables.install_routes(tables))
    app.include_router(chat.install_routes(community.chat))
    app.include_router(ratings.install_routes(community.ratings))
    return community
