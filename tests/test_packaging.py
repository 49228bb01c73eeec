"""The package's metadata and distributions (issue 33): licences, one version, the extras, what the sdist holds,
the pure wheel's tag, the notice of a pure-Python engine, and the paths the documents give."""

from __future__ import annotations

import ast
import importlib.metadata
import io
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import paxpamir

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]


def _requirement_names(requirements: list[str]) -> dict[str, str]:
    """``{"mypy": "mypy==2.4.1", ...}``: each requirement by its (lower-case) project name."""
    return {re.split(r"[\[<>=!~; ]", r, maxsplit=1)[0].lower(): r for r in requirements}


# ---------------------------------------------------------------------------- licences and metadata


def test_the_licence_files_exist_and_the_metadata_names_them():
    assert PROJECT["license"] == "MIT AND CC-BY-NC-SA-4.0"
    assert PROJECT["license-files"] == ["LICENSE", "LICENSE-cards"]
    code = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert code.startswith("MIT License") and "the paxpamir authors" in code
    cards = (ROOT / "LICENSE-cards").read_text(encoding="utf-8")
    assert "Cole Wehrle" in cards and "Wehrlegig Games" in cards
    assert "https://creativecommons.org/licenses/by-nc-sa/4.0/" in cards
    assert "src/paxpamir/content/data/cards.json" in cards and (ROOT / "src/paxpamir/content/data/cards.json").exists()


def test_the_project_has_authors_classifiers_and_urls():
    assert PROJECT["authors"] and PROJECT["urls"]
    assert all(url.startswith("https://") for url in PROJECT["urls"].values())
    assert "Programming Language :: Python :: 3 :: Only" in PROJECT["classifiers"]
    # PEP 639: a licence expression replaces the licence classifiers (setuptools refuses both).
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]


def test_the_version_is_written_in_one_place():
    assert "version" not in PROJECT and PROJECT["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "paxpamir.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", paxpamir.__version__)
    assert importlib.metadata.version("paxpamir") == paxpamir.__version__


def test_pamir_version_prints_the_version(capsys: pytest.CaptureFixture[str]):
    from paxpamir.clients.cli import main

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"pamir {paxpamir.__version__}"


def test_the_changelog_has_an_unreleased_section_and_the_current_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[0] == "Unreleased"
    assert any(h.split()[0] == paxpamir.__version__ for h in headings[1:])
    unreleased = text.split("\n## ", 2)[1]
    assert re.findall(r"^### (\w+)", unreleased, re.M) == ["Added", "Changed", "Fixed", "Security"]


def test_the_installed_metadata_carries_the_licences():
    metadata = importlib.metadata.metadata("paxpamir")
    if metadata.get("License-Expression") is None:
        pytest.skip("the installed metadata predates pyproject.toml's licence: reinstall (pip install -e '.[test]')")
    assert metadata["License-Expression"] == PROJECT["license"]
    assert sorted(metadata.get_all("License-File") or []) == sorted(PROJECT["license-files"])


def test_the_paths_the_documents_give_exist():
    """Every ``src/...`` path named in the README, the changelog, the card licence and docs/ exists."""
    pages = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "LICENSE-cards", *sorted((ROOT / "docs").glob("*.md"))]
    missing = []
    for page in pages:
        for path in re.findall(r"(?<![\w/.])(src/paxpamir[\w/.\-]*\w/?)", page.read_text(encoding="utf-8")):
            if not (ROOT / path).exists():
                missing.append(f"{page.name}: {path}")
    assert not missing, missing


# ---------------------------------------------------------------------------- dependencies


def test_a_sqlite_server_installs_no_postgresql_driver_and_no_unused_server_packages():
    extras = PROJECT["optional-dependencies"]
    server = _requirement_names(extras["server"])
    assert "psycopg" not in server and "psycopg2" not in server
    assert server["uvicorn"].startswith("uvicorn>")  # not uvicorn[standard] (uvloop, httptools, watchfiles...)
    assert "websockets" in server  # uvicorn's websocket implementation, and pamir loadtest's client
    assert _requirement_names(extras["postgres"])["psycopg"].startswith("psycopg[binary]")


def test_serve_on_postgresql_without_the_driver_names_the_extra(monkeypatch: pytest.MonkeyPatch):
    pytest.importorskip("uvicorn")
    import importlib.util

    from paxpamir.server.run import serve

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "psycopg" else real(name, *a))
    out, err = io.StringIO(), io.StringIO()
    assert serve("127.0.0.1", 8000, "postgresql://pamir@127.0.0.1:1/db", None, "warning", out, err) == 1
    assert err.getvalue() == (
        "pamir serve: error: psycopg is missing, which a PostgreSQL database needs; install the extra: "
        "pip install 'paxpamir[server,postgres]'\n"
    )
    assert out.getvalue() == ""


def test_the_test_extra_brings_every_part_and_pins_the_linters():
    extras = PROJECT["optional-dependencies"]
    test = _requirement_names(extras["test"])
    parts = re.search(r"\[(.*)\]", test["paxpamir"])
    assert parts is not None and set(parts.group(1).split(",")) == set(extras) - {"test"}
    ruff_pin, mypy_pin = test["ruff"], test["mypy"]
    assert re.fullmatch(r"ruff==[\d.]+", ruff_pin) and re.fullmatch(r"mypy==[\d.]+", mypy_pin)
    # The build compiles with the mypyc of the mypy the suite type-checks with.
    assert _requirement_names(PYPROJECT["build-system"]["requires"])["mypy"] == mypy_pin
    assert "setuptools>=77" in PYPROJECT["build-system"]["requires"]  # PEP 639 licence metadata


# ---------------------------------------------------------------------------- distributions


def test_the_sdist_holds_what_the_suite_reads():
    """MANIFEST.in takes in the tests with their data, the docs, tools and examples the tests read, the CI
    script whose test command must be the README's, the licences and the changelog."""
    lines = {line.strip() for line in (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()}
    for folder in ("tests", "docs", "tools", "examples"):
        assert f"graft {folder}" in lines
    assert "include .ci/run" in lines
    assert "include README.md CHANGELOG.md LICENSE LICENSE-cards" in lines
    for path in ("tests/data/golden_games.json", ".ci/run", "tools/catalogs.py", "examples/train_tiny_policy.py"):
        assert (ROOT / path).exists(), path


def _setup_function(name: str):
    """A function of setup.py with the constants it reads, without running setup() (which would build)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    constants = [n for n in tree.body if isinstance(n, ast.Assign | ast.AnnAssign)]
    function = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name]
    namespace: dict[str, object] = {"__file__": str(ROOT / "setup.py"), "Path": Path}
    exec(compile(ast.Module(body=[*constants, *function], type_ignores=[]), "setup.py", "exec"), namespace)
    return namespace[name]


def test_the_compiled_build_takes_in_the_modules_of_subpackages_too():
    modules = _setup_function("_modules")()
    src = ROOT / "src"
    expected = sorted(
        f"src/{path.relative_to(src).as_posix()}"
        for package in paxpamir.COMPILED_PACKAGES
        for path in (src / "paxpamir" / package).rglob("*.py")
    )
    pure = {f"src/paxpamir/{name.replace('.', '/')}.py" for name in paxpamir.PURE_MODULES}
    assert sorted(modules) == [m for m in expected if m not in pure]


def test_a_pure_build_makes_a_py3_none_any_wheel_with_the_licences(tmp_path: Path):
    """``PAXPAMIR_BUILD=pure`` builds a wheel any platform installs, whose metadata names both licences (the
    build runs in a copy of the source, in pip's isolated build environment: setuptools>=77 and mypy)."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "CHANGELOG.md", "LICENSE", "LICENSE-cards"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "src", source / "src", ignore=shutil.ignore_patterns(
        "__pycache__", "*.so", "*.pyd", "*.egg-info"))
    out = tmp_path / "wheels"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out), str(source)],
        env={**os.environ, "PAXPAMIR_BUILD": "pure", "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = out.glob("*.whl")
    assert wheel.name == f"paxpamir-{paxpamir.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        dist_info = f"paxpamir-{paxpamir.__version__}.dist-info"
        metadata = archive.read(f"{dist_info}/METADATA").decode("utf-8")
        wheel_file = archive.read(f"{dist_info}/WHEEL").decode("utf-8")
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
    assert "Root-Is-Purelib: true" in wheel_file and "Tag: py3-none-any" in wheel_file
    assert f"{dist_info}/licenses/LICENSE" in names and f"{dist_info}/licenses/LICENSE-cards" in names
    assert "License-Expression: MIT AND CC-BY-NC-SA-4.0" in metadata
    assert f"Version: {paxpamir.__version__}" in metadata
    assert "paxpamir/content/data/cards.json" in names


# ---------------------------------------------------------------------------- the pure-Python notice


def test_a_pure_engine_is_announced_in_one_line(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(paxpamir, "compiled_modules", lambda: [])
    notice = paxpamir.engine_notice()
    assert notice is not None and "\n" not in notice
    assert notice.startswith("paxpamir: the pure-Python engine is running")
    monkeypatch.setattr(paxpamir, "compiled_modules", lambda: ["paxpamir.engine.game"])
    assert paxpamir.engine_notice() is None


def test_the_readme_run_command_is_a_regular_install_of_the_server():
    """The Quick start's run command compiles the engine where it can: a regular install, not an editable one."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    run = [c for c in re.findall(r"^```sh\n(.*?)\n```", text, re.S | re.M) if "pamir serve" in c]
    assert run and all("pip install '.[server]'" in c and " -e " not in c for c in run)
