"""One list of the game's fields (``engine/fields.FIELDS``): the class's annotations, ``clone_into`` and ``blank``
(``engine/fields.py``, what ``Game.clone``, ``_restore`` and ``_blank`` run), the JSON form and the invariants each
cover exactly those fields, each as the list says it is held.

``clone_into`` and ``blank`` stay explicit, one line per field (a loop over names would be slow in a
compiled build), so these tests read them from the source and fail when a field is missing, assigned twice,
or copied where it should be shared (or shared where it should be copied)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from paxpamir import Game
from paxpamir.agents.bots import RandomBot
from paxpamir.engine.fields import CACHE, FIELDS, FROZEN, LIST, LISTS, TUPLE, VALUE
from paxpamir.engine.invariants import check_invariants

GAME_PY = Path(__file__).resolve().parent.parent / "src" / "paxpamir" / "engine" / "game.py"
FIELDS_PY = GAME_PY.with_name("fields.py")
NAMES = [name for name, _held, _json in FIELDS]
HELD = {name: held for name, held, _json in FIELDS}


def _game_class(tree: ast.Module) -> ast.ClassDef:
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game")


def _tree() -> ast.Module:
    return ast.parse(GAME_PY.read_text(encoding="utf-8"))


def _fields_tree() -> ast.Module:
    return ast.parse(FIELDS_PY.read_text(encoding="utf-8"))


def annotated_fields(tree: ast.Module) -> list[str]:
    """The fields the class ``Game`` annotates, in order (what a compiled build makes its attributes of)."""
    return [
        n.target.id for n in _game_class(tree).body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    ]


def assignments(tree: ast.Module, function: str, obj: str) -> list[tuple[str, str]]:
    """``(field, the expression assigned)`` for every ``obj.field = ...`` in ``function`` of ``engine/fields.py``,
    in order."""
    found = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == function)
    out = []
    for node in ast.walk(found):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == obj:
                    out.append((target.attr, ast.unparse(node.value)))
    return out


#: How ``clone_into`` takes a field of each kind (``X``: the field's name).
CLONED = {
    VALUE: "src.X",
    TUPLE: "src.X",
    FROZEN: "src.X",
    LIST: "src.X[:]",
    LISTS: "[x[:] for x in src.X]",
    CACHE: "None",
}


def clone_problems(tree: ast.Module) -> list[str]:
    problems = _coverage("clone_into", assignments(tree, "clone_into", "g"))
    for name, value in assignments(tree, "clone_into", "g"):
        if name in HELD and value != CLONED[HELD[name]].replace("X", name):
            problems.append(
                f"clone_into: {name} = {value}, but a {HELD[name]} field is taken as {CLONED[HELD[name]]}"
            )
    return problems


def _coverage(method: str, assigned: list[tuple[str, str]]) -> list[str]:
    names = [name for name, _ in assigned]
    problems = [f"{method} does not assign {name}" for name in NAMES if name not in names]
    problems += [f"{method} assigns {name}, which is not in FIELDS" for name in names if name not in HELD]
    problems += [f"{method} assigns {name} twice" for name in sorted(set(names)) if names.count(name) > 1]
    return problems


def test_the_fields_are_the_class_annotations():
    assert annotated_fields(_tree()) == NAMES
    assert len(NAMES) == len(set(NAMES))
    annotations = getattr(Game, "__annotations__", None)  # a compiled build keeps none
    if annotations:
        assert list(annotations) == NAMES


def test_clone_and_blank_take_every_field_as_it_is_held():
    tree = _fields_tree()
    assert clone_problems(tree) == []
    assert _coverage("blank", assignments(tree, "blank", "g")) == []


def test_the_source_checks_see_a_missing_or_wrongly_taken_field():
    text = FIELDS_PY.read_text(encoding="utf-8")
    assert "    g.hands = [x[:] for x in src.hands]\n" in text
    dropped = ast.parse(text.replace("    g.vp = src.vp[:]\n", "", 1))
    assert clone_problems(dropped) == ["clone_into does not assign vp"]
    shared = ast.parse(text.replace("g.hands = [x[:] for x in src.hands]", "g.hands = src.hands", 1))
    assert clone_problems(shared) == [
        "clone_into: hands = src.hands, but a lists field is taken as [x[:] for x in src.X]"
    ]
    twice = ast.parse(text.replace("    g.turn = src.turn\n", "    g.turn = src.turn\n" * 2, 1))
    assert clone_problems(twice) == ["clone_into assigns turn twice"]
    extra = GAME_PY.read_text(encoding="utf-8").replace("    n: int\n", "    n: int\n    extra: int\n", 1)
    assert annotated_fields(ast.parse(extra)) != NAMES


def _games() -> list[Game]:
    """A 3-player game and a Wakhan game in play, and a game loaded from a position (its record starts there)."""
    out = []
    for players, seed, wakhan in ((3, 5, False), (2, 8, True)):
        g = Game.new(players, seed, wakhan=wakhan)
        bot = RandomBot(seed)
        for _ in range(60):
            g.apply(bot.choose(g))
        out.append(g)
    position = out[0].to_json()
    del position["record"], position["log"]
    out.append(Game.from_json(position))
    return out


def _has_path(data: Any, path: list[str]) -> bool:
    """Whether ``data`` holds the key path (in every item of a list on the way)."""
    if not path:
        return True
    if isinstance(data, list):
        return bool(data) and all(_has_path(item, path) for item in data)
    return isinstance(data, dict) and path[0] in data and _has_path(data[path[0]], path[1:])


def test_the_json_form_has_a_place_for_every_field_it_names_and_no_other():
    forms = [g.to_json() for g in _games()]
    places = {json for _name, _held, json in FIELDS if json}
    for place in sorted(places):  # a Wakhan game has "wakhan", a game loaded from a position "record.position"
        assert any(_has_path(data, place.split(".")) for data in forms), f"the JSON form has no {place}"
    heads = {place.split(".")[0] for place in places}
    for data in forms:
        assert set(data) - heads == {"format", "version"}, "a JSON key that no field of FIELDS names"


@pytest.mark.parametrize("game", _games(), ids=["3 players", "Wakhan", "loaded"])
def test_every_field_the_json_form_keeps_survives_it(game):
    loaded = Game.from_json(game.to_json())
    for name, _held, json in FIELDS:
        if not json:
            continue
        if name == "_log":
            assert loaded.events() == game.events()
        else:
            assert getattr(loaded, name) == getattr(game, name), f"{name} does not survive the JSON form"


@pytest.mark.parametrize("game", _games()[:2], ids=["3 players", "Wakhan"])
def test_a_clone_copies_the_lists_and_shares_the_rest(game):
    twin = game.clone()
    for name, held, _json in FIELDS:
        mine, theirs = getattr(game, name), getattr(twin, name)
        if held == CACHE:
            assert theirs is None
        elif held in (LIST, LISTS):
            assert mine == theirs and mine is not theirs, name
            if held == LISTS:
                assert all(a is not b for a, b in zip(mine, theirs, strict=True)), name
        else:
            assert mine is theirs or mine == theirs, name


def test_the_invariants_check_how_each_field_is_held():
    g = _games()[0]
    check_invariants(g)
    twin = g.clone()
    twin.discard = twin.deck
    with pytest.raises(AssertionError, match="fields deck and discard hold the same list"):
        check_invariants(twin)
    try:
        g.loyalty = list(g.loyalty)  # type: ignore[assignment]
    except TypeError:
        return  # a compiled build refuses a list there already
    with pytest.raises(AssertionError, match="loyalty must be an immutable tuple"):
        check_invariants(g)
