"""The game record: a game *is* this record, and its state is what replaying it gives.

A record is JSON::

    {"format": "boardroom-record", "version": 1, "title": "acquire",
     "rules_version": "1", "options": {"mode": "classic"},
     "players": ["Ann", "Bob"], "seed": 7, "actions": ["5D", "found Tower", ...]}

Actions are stored in their notation, the same text the CLI accepts and the log shows.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardroom.core.errors import RecordError

FORMAT = "boardroom-record"
VERSION = 1


@dataclass
class Record:
    title: str
    rules_version: str
    options: dict[str, Any]
    players: list[str]
    seed: int
    actions: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "title": self.title,
            "rules_version": self.rules_version,
            "options": dict(self.options),
            "players": list(self.players),
            "seed": self.seed,
            "actions": list(self.actions),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Validate and read a record; :class:`RecordError` says what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a Boardroom record (format is {data.get('format')!r})")
        version = data.get("version")
        if version != VERSION:
            raise RecordError(f"unknown record version {version!r}; this Boardroom reads {VERSION}")
        expected: dict[str, type | tuple[type, ...]] = {
            "title": str,
            "rules_version": str,
            "options": dict,
            "players": list,
            "seed": int,
            "actions": list,
        }
        for key, kind in expected.items():
            if key not in data:
                raise RecordError(f"record has no {key!r}")
            if not isinstance(data[key], kind) or isinstance(data[key], bool):
                raise RecordError(f"record field {key!r} has the wrong type")
        if not all(isinstance(p, str) for p in data["players"]):
            raise RecordError("record players must be names (strings)")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise RecordError("record actions must be notation strings")
        return cls(
            title=data["title"],
            rules_version=data["rules_version"],
            options=dict(data["options"]),
            players=list(data["players"]),
            seed=data["seed"],
            actions=list(data["actions"]),
        )

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from exc
        return cls.from_json(data)

    @classmethod
    def read(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc}") from exc
        return cls.loads(text)

    def write(self, path: str | Path) -> None:
        """Write atomically: a reader never sees half a record, and a failed write
        leaves the old file as it was. Raises OSError."""
        target = Path(path)
        handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                        dir=target.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(self.dumps() + "\n")
            os.chmod(temp, _file_mode(target))
            os.replace(temp, target)
        except BaseException:
            if os.path.exists(temp):
                os.unlink(temp)
            raise


def _file_mode(target: Path) -> int:
    """The permissions a record gets: those it had, else what the umask allows."""
    if target.exists():
        return target.stat().st_mode & 0o777
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask
