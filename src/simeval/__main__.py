"""``python -m simeval``: the same as the ``simeval`` command."""

import sys

from .cli import main

if __name__ == "__main__":  # not when a worker process imports this module (Dask, spawn)
    sys.exit(main())
