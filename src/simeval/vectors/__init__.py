"""Word vectors: the :class:`Vectors` matrix and :func:`read_vectors`, which reads
word2vec/GloVe text (plain or gzip), word2vec binary and numpy files.

- :mod:`.matrix` — :class:`Vectors`, the row-normalised matrix with its word index;
- :mod:`.read` — :func:`read_vectors` and the format detection;
- :mod:`.text` — the text reader (parts of a file parsed in threads);
- :mod:`.compiled` — the optional compiled row parser (numba, ``simeval[fast]``).
"""

from __future__ import annotations

from .matrix import Vectors
from .read import VECTOR_FORMATS, read_vectors

__all__ = ["VECTOR_FORMATS", "Vectors", "read_vectors"]
