"""Word-similarity gold standards: a registry, a checksummed download cache, loaders.

Each :class:`WordsimDataset` records the citation, licence, score scale, download URL
and SHA-256 of one public file, and how to parse it. :func:`load` returns the pairs as
:class:`WordPairs`; the file comes from, in this order,

1. ``data_dir`` (or ``--data-dir``), searched directly and one folder deep,
2. the cache ``$SIMEVAL_HOME/wordsim/`` (default: the user's cache folder, e.g.
   ``~/.cache/simeval``), or
3. the URL, downloaded into the cache (``file://`` URLs work, for mirrors and tests).

Every file is checked against its SHA-256 before it is used; a mismatch is an error that
names both digests. :func:`read_pairs` reads a user's own pairs file (TSV/CSV/space
separated, with or without a header).
"""

from .cache import cache_dir, cached_path, fetch, inputs, load
from .pairs import WordPairs, pairs_from, read_pairs
from .registry import DATASETS, WordsimDataset, describe, get

__all__ = [
    "DATASETS",
    "WordPairs",
    "WordsimDataset",
    "cache_dir",
    "cached_path",
    "describe",
    "fetch",
    "get",
    "inputs",
    "load",
    "pairs_from",
    "read_pairs",
]
