"""The layout of a word-vector text file: word2vec's optional ``"<rows> <dim>"`` header
line, the field separator, and :class:`IrregularFileError`, which hands a file the fast
reader of :mod:`simeval.vectors.text` does not take to the line-by-line reader of
:mod:`simeval.vectors.read`."""

from __future__ import annotations

__all__ = ["IrregularFileError", "separator", "split_header"]


class IrregularFileError(Exception):
    """The file is not in the regular layout: the line-by-line reader takes over.

    Parameters
    ----------
    message : str
        What is irregular (for debugging; users never see it).

    Examples
    --------
    >>> issubclass(IrregularFileError, Exception), str(IrregularFileError("byte-order mark"))
    (True, 'byte-order mark')
    """


def split_header(lines: list[str]) -> tuple[int, int | None, int | None]:
    """(first data line, declared rows, declared dim): a first line of two integers is
    word2vec's header ``"<rows> <dim>"``.

    Parameters
    ----------
    lines : list of str
        The file's first lines.

    Returns
    -------
    tuple
        ``(start, rows, dim)``; ``(0, None, None)`` without a header.

    References
    ----------
    Mikolov, T. et al. (2013). Distributed representations of words and phrases and their
    compositionality. *NIPS 2013* (word2vec's text format).

    Examples
    --------
    >>> split_header(["3 2", "cat 0.1 0.2"]), split_header(["cat 0.1 0.2"])
    ((1, 3, 2), (0, None, None))
    """
    head = lines[0].split() if lines else []
    if len(head) == 2 and head[0].isdigit() and head[1].isdigit():
        return 1, int(head[0]), int(head[1])
    return 0, None, None


def separator(first: str) -> str:
    """The field separator, from the first data line: a tab if it has one, else a space.

    Parameters
    ----------
    first : str
        The first data line.

    Returns
    -------
    str

    Examples
    --------
    >>> separator("cat\\t0.1\\t0.2"), separator("cat 0.1 0.2")
    ('\\t', ' ')
    """
    return "\t" if "\t" in first else " "
