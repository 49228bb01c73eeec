"""``python -m paxpamir``: the same as the ``pamir`` command."""

import sys

from .cli import main

sys.exit(main())
