"""The examples in the core packages' docstrings run as doctests (python-chess style: docs that are tests)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import paxpamir

CORE = ["paxpamir", "paxpamir.engine", "paxpamir.rules", "paxpamir.content", "paxpamir.presentation", "paxpamir.agents"]


def core_modules() -> list[str]:
    names = ["paxpamir"]
    for package in CORE[1:]:
        module = importlib.import_module(package)
        names.append(package)
        names += [m.name for m in pkgutil.walk_packages(module.__path__, f"{package}.")]  # subpackages too
    return names


def test_core_modules_are_found():
    names = core_modules()
    assert "paxpamir.agents.runner" in names and "paxpamir.engine.game" in names


@pytest.mark.parametrize("name", core_modules())
def test_docstring_examples(name: str):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in finder.find(module, name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name} (details above)"


def test_package_is_importable():
    assert paxpamir.Game is not None
