"""Saved games: where they go, how they are listed, written (atomically) and loaded."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from ...content.i18n import gettext as _
from ...engine.errors import PamirError
from ...engine.game import Game

SESSION_FORMAT = "paxpamir-session"
SESSION_VERSION = 1
RECORD_FORMAT = "paxpamir-record"
STATE_FORMAT = "paxpamir-state"


def paxpamir_home() -> Path:
    """``$PAXPAMIR_HOME``, or ``~/.paxpamir``."""
    home = os.environ.get("PAXPAMIR_HOME")
    return Path(home).expanduser() if home else Path.home() / ".paxpamir"


def default_save_path() -> Path:
    """The autosave file of earlier versions, ``<home>/autosave.json`` (still listed and resumable)."""
    return paxpamir_home() / "autosave.json"


def saves_dir() -> Path:
    """Where every new game keeps its own autosave: ``<home>/saves``."""
    return paxpamir_home() / "saves"


def new_save_path(seed: int | None, now: float | None = None) -> Path:
    """A fresh autosave file for a new game, ``<home>/saves/<date>-<time>-seed<seed>.json``: never an existing
    file, so a new game never replaces another."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    base = saves_dir() / f"{stamp}-seed{seed if seed is not None else 'none'}"
    path = base.with_suffix(".json")
    k = 2
    while path.exists():
        path = Path(f"{base}-{k}.json")
        k += 1
    return path


def list_saves() -> list[tuple[Path, dict[str, Any] | None]]:
    """The saved sessions (``<home>/saves/*.json`` and the old ``autosave.json``), newest first, each with its
    document (None when it cannot be read)."""
    files = sorted(saves_dir().glob("*.json")) if saves_dir().is_dir() else []
    legacy = default_save_path()
    if legacy.is_file():
        files.append(legacy)
    out: list[tuple[Path, dict[str, Any] | None]] = []
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
            if not isinstance(doc, dict) or doc.get("format") != SESSION_FORMAT:
                doc = None
        except (OSError, ValueError):
            doc = None
        out.append((path, doc))
    out.sort(key=lambda item: _mtime(item[0]), reverse=True)
    return out


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def save_summary(path: Path, doc: dict[str, Any] | None) -> str:
    """One line about a saved session: when, how many players, which turn, finished or not, the seed."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(_mtime(path)))
    if doc is None:
        return _("{when}  (not a readable game)  {path}").format(when=when, path=path)
    seed = (doc.get("record") or {}).get("seed")
    state = _("finished") if doc.get("over") else _("unfinished")
    if (doc.get("record") or {}).get("wakhan"):
        text = _("{when}  {players} players with Wakhan, turn {turn}, {state}, seed {seed}  {path}")
    else:
        text = _("{when}  {players} players, turn {turn}, {state}, seed {seed}  {path}")
    return text.format(when=when, players=doc.get("players"), turn=doc.get("turn"), state=state, seed=seed, path=path)


def would_lose_decisions(path: Path, game: Game) -> dict[str, Any] | None:
    """The unfinished session saved in ``path`` when writing ``game`` there would lose it (another game, or
    decisions ``game`` does not have); None when the file is absent, finished, not a session, or an earlier
    point of this same game."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != SESSION_FORMAT or doc.get("over"):
        return None
    record = doc.get("record")
    if not isinstance(record, dict):
        return None
    mine = game.record()
    theirs = record.get("choices") or []
    same_start = {k: v for k, v in record.items() if k != "choices"} == {
        k: v for k, v in json.loads(json.dumps(mine)).items() if k != "choices"
    }
    if same_start and json.loads(json.dumps(mine["choices"]))[: len(theirs)] == theirs:
        return None
    return doc


def atomic_write_json(path: str | os.PathLike[str], data: Any, durable: bool = True) -> None:
    """Write ``data`` as JSON to ``path`` so that the file is always either the old or the new document.

    ``durable`` also flushes it to the disk (fsync), so it survives a crash of the machine, not only of
    the program.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, separators=(",", ":"))
            f.write("\n")
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def session_doc(g: Game, humans: Sequence[int], bot_seed: int, bots: str = "random") -> dict[str, Any]:
    """The saved session: the game record plus the seat configuration."""
    return {
        "format": SESSION_FORMAT,
        "version": SESSION_VERSION,
        "players": g.n,
        "humans": sorted(humans),
        "bot_seed": bot_seed,
        "bots": bots,
        "open_hands": bool(g.options.get("open_hands")),
        "turn": g.turn,
        "decisions": len(g.record()["choices"]),
        "state_hash": g.state_hash(),
        "over": g.is_over,
        "record": g.record(),
    }


def load_document(path: str | os.PathLike[str]) -> tuple[Game, dict[str, Any]]:
    """Load a saved session, a game record, or a full state that carries its record.

    Returns the game and the session document (for a bare record or state: a document without seats).
    Raises :class:`PamirError` (or OSError / ValueError for unreadable files) with a readable message.
    """
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict):
        raise PamirError(f"{path}: not a paxpamir session, record or state (a JSON object was expected)")
    fmt = data.get("format")
    if fmt == SESSION_FORMAT:
        record = data.get("record")
    elif fmt == RECORD_FORMAT:
        record, data = data, {"record": data}
    elif fmt == STATE_FORMAT and isinstance(data.get("record"), dict):
        record, data = data["record"], {"record": data["record"]}
    else:
        raise PamirError(f"{path}: not a paxpamir session, record or state (format {fmt!r})")
    if not isinstance(record, dict):
        raise PamirError(f"{path}: the saved session has no game record")
    data = dict(data)
    warnings: list[str] = []
    try:
        g = Game.from_record(record)
    except PamirError as exc:
        # A rules fix can make an old record stop replaying: keep every decision that still replays.
        g = record_start(record)
        choices = record.get("choices") or []
        kept = 0
        for item in choices:
            try:
                who, option, *reason = item  # Wakhan's decisions carry her reason as a third item
                g.apply(option, who, *reason)  # reason and note (see docs/state-format.md)
            except (PamirError, TypeError, ValueError):
                break
            kept += 1
        warnings.append(
            _("the record replays only up to decision {kept} of {n} ({error}); the game goes on from there").format(
                kept=kept, n=len(choices), error=exc
            )
        )
    else:
        saved_hash = data.get("state_hash")
        if saved_hash is not None and saved_hash != g.state_hash():
            warnings.append(_("the record replays to a different state than the one saved (the rules engine changed)"))
    data["warnings"] = warnings
    return g, data


def tupled(value: Any) -> Any:
    """An option read from JSON (lists) as the engine's tuples."""
    if isinstance(value, list):
        return tuple(tupled(v) for v in value)
    return value


def record_start(record: dict[str, Any]) -> Game:
    """The game a record starts from, before any decision."""
    start = dict(record)
    start["choices"] = []
    return Game.from_record(start)


def load_reporting(path: str, command: str, err: TextIO) -> tuple[Game, dict[str, Any]] | None:
    """``load_document`` with its warnings and errors printed for ``pamir <command>``; None if it failed."""
    try:
        game, doc = load_document(path)
    except (OSError, ValueError, PamirError) as exc:
        print(_("pamir {command}: error: cannot load {path}: {error}").format(command=command, path=path, error=exc),
              file=err)
        return None
    for warning in doc["warnings"]:
        print(_("pamir {command}: warning: {path}: {warning}").format(command=command, path=path, warning=warning),
              file=err)
    return game, doc
