"""``python -m simeval``: the same as the ``simeval`` command."""

import sys

from .cli import main

sys.exit(main())
