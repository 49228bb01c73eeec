"""``python -m paxpamir``: the same as the ``pamir`` command."""

import sys

from .clients.cli import main

sys.exit(main())
