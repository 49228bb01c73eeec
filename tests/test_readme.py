"""The README's Python examples run as doctests, and its Quick start matches .ci/run."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def python_blocks(text: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)


def test_readme_examples_pass():
    text = README.read_text(encoding="utf-8")
    blocks = python_blocks(text)
    assert len(blocks) >= 3
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    # The blocks continue one another, like one interactive session.
    test = parser.get_doctest("\n".join(blocks), {}, "README.md", str(README), 0)
    examples = len(test.examples)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert examples >= 15
    assert result.failed == 0, f"{result.failed} README example(s) failed (details above)"


def test_ci_script_runs_the_readme_test_command():
    text = README.read_text(encoding="utf-8")
    commands = re.findall(r"^```sh\n(.*?)\n```", text, re.S | re.M)
    test_command = [c for c in commands if "pytest" in c]
    assert len(test_command) == 1
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_command[0] in script
    assert "set -euo pipefail" in script


def test_docs_examples_pass():
    """The ``>>>`` examples of the pages in docs/ run too, each page as one session."""
    parser = doctest.DocTestParser()
    checked = 0
    for page in sorted((ROOT / "docs").glob("*.md")):
        blocks = [b for b in python_blocks(page.read_text(encoding="utf-8")) if ">>>" in b]
        if not blocks:
            continue
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        test = parser.get_doctest("\n".join(blocks), {}, page.name, str(page), 0)
        runner.run(test)
        result = runner.summarize(verbose=False)
        assert result.failed == 0, f"{result.failed} example(s) of docs/{page.name} failed (details above)"
        checked += result.attempted
    assert checked >= 2
