"""The game record: a game *is* this record, and its state is what replaying it gives.

A record is JSON::

    {"format": "boardroom-record", "version": 1, "title": "acquire",
     "rules_version": "2", "options": {"mode": "classic"},
     "players": ["Ann", "Bob"], "seed": 7, "actions": ["5D", "found Tower", ...],
     "digest": "sha256:..."}

Actions are stored in their notation, the same text the CLI accepts and the log shows.

Reading is strict: ``version`` must be the integer 1 (not ``true``, not ``1.0``), and a key
this format does not know is refused rather than dropped, so that nothing a file says is
silently lost. ``digest`` is optional: Boardroom always writes it, a file without it (older
files, hand-written ones) still loads, and a file whose digest does not match what it holds
is reported as damaged instead of loading as a different game. The digest covers
everything that makes the game (title, rules version, options, players, seed, actions):

>>> rec = Record("acquire", "2", {"mode": "classic"}, ["Ann", "Bob"], 7, ["5D"])
>>> data = rec.to_json()
>>> data["digest"] == digest_of(data)
True
>>> data["seed"] = 8
>>> Record.from_json(data)
Traceback (most recent call last):
...
boardroom.core.errors.RecordError: record is damaged: its digest does not match its content
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardroom.core.errors import RecordError

FORMAT = "boardroom-record"
VERSION = 1
DIGESTED = ("title", "rules_version", "options", "players", "seed", "actions")
"""The fields the integrity digest covers, in this order."""
KEYS = frozenset({"format", "version", *DIGESTED, "digest"})


def digest_of(data: dict[str, Any]) -> str:
    """The integrity digest of a record's content: SHA-256 of its canonical JSON.

    ASCII-only canonical JSON, so any name or option (even one holding a lone surrogate)
    hashes the same on every machine.
    """
    content = [data.get(key) for key in DIGESTED]
    text = json.dumps(content, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()


@dataclass
class Record:
    title: str
    rules_version: str
    options: dict[str, Any]
    players: list[str]
    seed: int
    actions: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "title": self.title,
            "rules_version": self.rules_version,
            "options": dict(self.options),
            "players": list(self.players),
            "seed": self.seed,
            "actions": list(self.actions),
        }
        data["digest"] = digest_of(data)
        return data

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
        if type(version) is not int or version != VERSION:
            raise RecordError(f"unknown record version {version!r}; this Boardroom reads {VERSION}")
        unknown = sorted(str(k) for k in data if k not in KEYS)
        if unknown:
            raise RecordError(f"record has unknown field(s) {', '.join(map(repr, unknown))}; "
                              f"a record holds only {', '.join(sorted(KEYS))}")
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
        if "digest" in data:
            if not isinstance(data["digest"], str):
                raise RecordError("record field 'digest' has the wrong type")
            if data["digest"] != digest_of(data):
                raise RecordError("record is damaged: its digest does not match its content")
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
        return cls.from_json(parse_json(text, "record"))

    @classmethod
    def read(cls, path: str | Path) -> Record:
        return cls.loads(read_text(path, "record"))

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


def parse_json(text: str, what: str) -> Any:
    """Read JSON text; :class:`RecordError` (never a bare traceback) if it is not JSON.

    Nesting deeper than Python's recursion limit is refused, not crashed on:

    >>> parse_json("[" * 100_000, "record")
    Traceback (most recent call last):
    ...
    boardroom.core.errors.RecordError: record is not valid JSON: nested too deeply
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{what} is not valid JSON: {exc}") from exc
    except RecursionError as exc:
        raise RecordError(f"{what} is not valid JSON: nested too deeply") from exc


def read_text(path: str | Path, what: str) -> str:
    """A UTF-8 text file's content; :class:`RecordError` if unreadable or not UTF-8."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{what} {path} is not UTF-8 text (byte {exc.start})") from exc
    except OSError as exc:
        raise RecordError(f"cannot read {what} {path}: {exc.strerror or exc}") from exc


def _file_mode(target: Path) -> int:
    """The permissions a record gets: those it had, else what the umask allows."""
    if target.exists():
        return target.stat().st_mode & 0o777
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask
