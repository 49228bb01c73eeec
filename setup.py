"""Build script: the engine compiled with mypyc where possible, pure Python otherwise.

``PAXPAMIR_BUILD`` chooses:

- ``auto`` (the default): a regular install (``pip install .``, a wheel) compiles the engine when a C compiler
  is present and falls back to pure Python when not, or when compiling fails; an editable install
  (``pip install -e .``) stays pure, so that an edited ``.py`` file is never shadowed by a stale compiled module;
- ``compiled``: compile, also in an editable install, and fail loudly if that is impossible;
- ``pure``: never compile.

A compiled build makes a wheel for its platform and Python (``cp311-cp311-linux_x86_64``, ...); a build that
compiles nothing makes a wheel that any platform can install (``py3-none-any``).

``paxpamir.build_info()`` and ``pamir bench`` say which build is running.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import Distribution as _Distribution
from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel as _bdist_wheel
from setuptools.command.build_ext import build_ext as _build_ext

#: The packages compiled with mypyc: everything but the clients (terminal, command line, server).
COMPILED_PACKAGES = ("engine", "rules", "content", "presentation", "agents")
#: Modules left in Python inside those packages: mypyc cannot compile a subclass of str (engine/reason.py).
PURE_MODULES: tuple[str, ...] = ("paxpamir/engine/reason.py",)


def _has_c_compiler() -> bool:
    cc = sysconfig.get_config_var("CC") or os.environ.get("CC") or "cc"
    words = shlex.split(cc)
    return bool(words) and shutil.which(words[0]) is not None


def _editable() -> bool:
    return any(arg in ("editable_wheel", "develop") for arg in sys.argv)


def _modules() -> list[str]:
    """The modules mypyc compiles: every module of the compiled packages and of their subpackages."""
    root = Path(__file__).resolve().parent / "src"
    found = []
    for package in COMPILED_PACKAGES:
        for path in sorted((root / "paxpamir" / package).rglob("*.py")):
            relative = path.relative_to(root).as_posix()
            if relative not in PURE_MODULES:
                found.append(f"src/{relative}")
    return found


def _mode() -> str:
    mode = os.environ.get("PAXPAMIR_BUILD", "auto").strip().lower() or "auto"
    if mode not in ("auto", "compiled", "pure"):
        raise SystemExit(f"PAXPAMIR_BUILD must be auto, compiled or pure, not {mode!r}")
    return mode


class build_ext(_build_ext):
    """Compiles the engine with mypyc at build time (not when pip merely asks for the requirements).

    The extensions are chosen in ``finalize_options``, before setuptools prepares each of them for building."""

    def finalize_options(self) -> None:
        self.distribution.ext_modules = self.extensions = self._mypyc_extensions()
        super().finalize_options()

    def run(self) -> None:
        if not self.extensions:
            # A pure build must not ship compiled modules an earlier build left behind (in build/, or next to
            # the sources after a compiled editable install): they would shadow the .py files.
            _remove_compiled(Path(self.build_lib))
            if self.inplace:
                _remove_compiled(Path(__file__).resolve().parent / "src")
        super().run()
        # What was really built: in the default mode a failed C compile leaves an extension out.
        built = [ext for ext in self.extensions if Path(self.get_ext_fullpath(ext.name)).exists()]
        _decided(self.distribution, bool(built))

    def _mypyc_extensions(self) -> list:
        extensions = self._choose()
        _decided(self.distribution, bool(extensions))
        return extensions

    def _choose(self) -> list:
        mode = _mode()
        editable = bool(getattr(self, "editable_mode", False)) or bool(self.inplace)
        if mode == "pure" or (mode == "auto" and editable):
            return []
        if not _has_c_compiler():
            if mode == "compiled":
                raise SystemExit("PAXPAMIR_BUILD=compiled, but no C compiler was found")
            print("paxpamir: no C compiler found; installing the pure-Python engine", file=sys.stderr)
            return []
        try:
            from mypyc.build import mypycify

            extensions = mypycify(_modules(), opt_level="3")
        except (Exception, SystemExit) as exc:
            if mode == "compiled":
                raise
            print(f"paxpamir: mypyc failed ({exc!r}); installing the pure-Python engine", file=sys.stderr)
            return []
        if mode == "auto":
            for ext in extensions:  # a failed C compile falls back to the .py files, which are always installed
                ext.optional = True
        return list(extensions)


def _remove_compiled(root: Path) -> None:
    """Delete the compiled modules of an earlier build under ``root`` (the engine's and mypyc's runtime)."""
    for pattern in ("paxpamir/**/*.so", "paxpamir/**/*.pyd", "*__mypyc*.so", "*__mypyc*.pyd"):
        for path in root.glob(pattern):
            print(f"paxpamir: removing {path} (left by a compiled build)", file=sys.stderr)
            path.unlink()


#: The commands that only write metadata or the source distribution: they never compile, so mypyc must not run.
_NO_BUILD = frozenset({"egg_info", "dist_info", "sdist"})


class Distribution(_Distribution):
    """Has extension modules while a build command runs, until build_ext has decided; then if it compiled."""

    compiles: bool | None = None

    def has_ext_modules(self) -> bool:
        if self.compiles is not None:
            return self.compiles
        # Undecided: a build answers yes, so that build_ext runs and decides for itself; the metadata and the
        # sdist answer no (they would have build_ext run mypyc to list its generated C files).
        return not set(self.commands) <= _NO_BUILD


def _decided(distribution: _Distribution, compiles: bool) -> None:
    if isinstance(distribution, Distribution):
        distribution.compiles = compiles


class bdist_wheel(_bdist_wheel):
    """A wheel tagged by what was built: the platform's tags if the engine was compiled, ``py3-none-any`` if not.

    ``root_is_pure`` is read after the build (to choose the install scheme and the tags), not fixed before it."""

    @property  # type: ignore[override]
    def root_is_pure(self) -> bool:
        return not (self.distribution.has_ext_modules() or self.distribution.has_c_libraries())

    @root_is_pure.setter
    def root_is_pure(self, value: bool | None) -> None:
        pass  # set by bdist_wheel.finalize_options before the build has decided: the property answers instead


setup(distclass=Distribution, cmdclass={"build_ext": build_ext, "bdist_wheel": bdist_wheel})
