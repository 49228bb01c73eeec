"""``python -m paxpamir.clients.terminal play|replay ...``: the terminal game without the ``pamir`` command."""

import sys

from .commands import main

sys.exit(main())
