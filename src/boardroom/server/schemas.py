"""The request and response bodies of the API (pydantic models; they make the OpenAPI)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(Strict):
    name: str = Field(min_length=1, max_length=64)
    bot: str | None = Field(default=None, description="a bot's name: random, greedy, heuristic")
    webhook: str | None = Field(default=None, max_length=2000,
                                description="URL sent a JSON POST when this seat must act")


class CreateGame(Strict):
    title: str = Field(max_length=64, examples=["acquire"])
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    seats: list[SeatIn] = Field(min_length=1, max_length=16)


class ImportGame(Strict):
    record: dict[str, Any] = Field(description="a Boardroom record (the JSON of a record file)")
    seats: list[SeatIn] | None = Field(
        default=None, description="who sits where (default: the record's players, all people)")


class SeatOut(BaseModel):
    seat: int
    name: str
    bot: str | None
    token: str = Field(description="the seat's secret; send it as Authorization: Bearer")
    url: str


class CreatedOut(BaseModel):
    id: str
    seats: list[SeatOut]
    spectator_url: str
    admin_token: str


class SeatPublic(BaseModel):
    seat: int
    name: str
    bot: str | None


class LegalAction(BaseModel):
    notation: str
    label: str


class LogLine(BaseModel):
    index: int = Field(description="the action that caused it (-1: the setup)")
    text: str


class UndoRequestOut(BaseModel):
    id: int
    seat: int
    name: str
    actions: list[str]
    accepted: list[int]
    waiting: list[int]
    draws: bool = False
    """Taking the actions back un-draws a hidden draw (asked even if nobody acted since)."""


class GameOut(BaseModel):
    id: str
    title: str
    seat: int | None = Field(description="the seat the token belongs to (null: spectator)")
    view: Any
    to_act: list[int]
    legal: list[LegalAction]
    log: list[LogLine]
    count: int
    result: dict[str, Any] | None
    status: str = Field(description="play, over, or ended (by the admin)")
    seats: list[SeatPublic]
    audit: list[str] = Field(description="the take-backs, as sentences")
    undo_request: UndoRequestOut | None
    undos: int
    seed_chosen: bool = Field(description="the seed was chosen by the game's maker, who can "
                                          "compute every draw: the game is never rated")


class GameSummary(BaseModel):
    id: str
    title: str
    status: str
    count: int
    seats: list[SeatPublic]
    open_seats: list[int]
    seed_chosen: bool
    created_at: float
    updated_at: float


class GameList(BaseModel):
    games: list[GameSummary]


class ActionIn(Strict):
    action: str = Field(max_length=100_000, description="the action's notation")
    after: int = Field(ge=0, description="the number of actions the client has seen")
    key: str | None = Field(default=None, min_length=1, max_length=128,
                            description="a client id: the same key is applied once")


class ActionOut(BaseModel):
    index: int
    count: int
    notation: str
    seat: int
    log: list[str]


class UndoIn(Strict):
    after: int = Field(ge=0)


class AnswerIn(Strict):
    accept: bool


class UndoOut(BaseModel):
    undone: bool
    count: int | None = None
    audit: str | None = None
    request: UndoRequestOut | None = None
    declined: bool = False


class BotIn(Strict):
    bot: str | None = Field(description="the bot to play the seat; null gives it back")


class Done(BaseModel):
    ok: bool = True


class TitleOut(BaseModel):
    name: str
    display_name: str
    min_players: int
    max_players: int


class CatalogOut(BaseModel):
    titles: list[TitleOut]
    bots: list[str]


class ErrorOut(BaseModel):
    error: str
    message: str
    rule: str | None = None
    count: int | None = None
