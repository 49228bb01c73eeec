"""The tests read English unless a test asks for another language: the locale variables of whoever runs them
(``LANG=de_DE.UTF-8``...) must not change what the terminal game prints, here or in the programs tests start."""

from __future__ import annotations

import os

for _var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"
