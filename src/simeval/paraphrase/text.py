"""Content words and Porter stems of a paraphrase, as Algorithm 1 of DIMPLE needs them.

An :class:`Analyzer` lower-cases a text, splits it into word tokens, drops stop-words
(by default the NLTK English list, shipped as ``simeval/data/stopwords_en.txt``) and stems
what is left with the Porter stemmer of ``snowballstemmer`` (the ``paraphrase`` extra).
Both choices change D, so both are written into the :attr:`Analyzer.signature`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import metadata, resources
from pathlib import Path

from ..errors import DataError, require
from ..io import read_text

__all__ = ["Analyzer", "default_analyzer", "nltk_stopwords", "read_stopwords", "tokenize"]

#: A token: letters/digits, with inner apostrophes kept ("don't" stays one token, so it
#: meets the stop-word "don't"). Hyphens, slashes and other punctuation split tokens.
_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def tokenize(text: str) -> tuple[str, ...]:
    """Lower-cased word tokens of ``text``; a typographic apostrophe counts as ``'``.

    Parameters
    ----------
    text : str

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> tokenize("Shot-and-KILLED, didn’t he?")
    ('shot', 'and', 'killed', "didn't", 'he')
    """
    return tuple(t.replace("’", "'") for t in _TOKEN.findall(text.lower()))


def _parse_stopwords(text: str) -> frozenset[str]:
    return frozenset(
        w for line in text.splitlines() if (w := line.strip().lower()) and not w.startswith("#")
    )


def read_stopwords(path: str | Path) -> frozenset[str]:
    """Read a stop-word list: one word per line, blank lines and ``#`` comments ignored.

    Parameters
    ----------
    path : str or pathlib.Path
        A UTF-8 text file.

    Returns
    -------
    frozenset of str
        The lower-cased words.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "stop.txt"
    >>> _ = path.write_text("# mine\\nThe\\n\\nof\\n")
    >>> sorted(read_stopwords(path))
    ['of', 'the']
    """
    text = read_text(path)  # one-line errors: missing, not UTF-8 (line and byte named)
    words = _parse_stopwords(text)
    if not words:
        raise DataError(f"{path}: the stop-word list is empty; give one word per line")
    return words


@lru_cache(maxsize=1)
def nltk_stopwords() -> frozenset[str]:
    """The NLTK English stop-word list (179 words), shipped with simeval.

    Returns
    -------
    frozenset of str

    References
    ----------
    Bird, S., Klein, E. & Loper, E. (2009). *Natural Language Processing with Python*.
    O'Reilly (NLTK's ``stopwords`` corpus, English).

    Examples
    --------
    >>> words = nltk_stopwords()
    >>> len(words), "and" in words, "killed" in words
    (179, True, False)
    """
    ref = resources.files("simeval").joinpath("data/stopwords_en.txt")
    return _parse_stopwords(ref.read_text(encoding="utf-8"))


def _list_id(words: Iterable[str]) -> str:
    digest = hashlib.sha1("\n".join(sorted(words)).encode("utf-8")).hexdigest()
    return digest[:8]


@dataclass(frozen=True)
class Analyzer:
    """Turns a paraphrase into its content words and their stems.

    ``stopwords`` is the set of words dropped; ``stem`` maps a word to its stem;
    ``stopwords_name`` and ``stemmer_name`` go into :attr:`signature`. Stems are cached.

    Attributes
    ----------
    stopwords : frozenset of str
        Words dropped.
    stem : callable
        Word → stem.
    stopwords_name, stemmer_name : str
        Names for :attr:`signature`.

    Examples
    --------
    >>> a = Analyzer(frozenset({"and"}), str.upper, "toy", "upper")
    >>> a.content_words("shot and killed"), a.stems(("shot", "killed"))
    (('shot', 'killed'), ('SHOT', 'KILLED'))
    """

    stopwords: frozenset[str]
    stem: Callable[[str], str]
    stopwords_name: str = "custom"
    stemmer_name: str = "custom"
    _cache: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)

    def content_words(self, text: str) -> tuple[str, ...]:
        """Tokens of ``text`` that are not stop-words, in order, duplicates kept."""
        return tuple(t for t in tokenize(text) if t not in self.stopwords)

    def stems(self, words: Iterable[str]) -> tuple[str, ...]:
        """The stem of each word."""
        cache = self._cache
        out = []
        for w in words:
            s = cache.get(w)
            if s is None:
                s = cache[w] = self.stem(w)
            out.append(s)
        return tuple(out)

    @property
    def signature(self) -> str:
        """``stop:<name>/<n words>/<sha1 prefix>|stem:<name>`` — enough to reproduce D."""
        n = len(self.stopwords)
        return f"stop:{self.stopwords_name}/{n}/{_list_id(self.stopwords)}|stem:{self.stemmer_name}"


def _porter() -> tuple[Callable[[str], str], str]:
    snowball = require("snowballstemmer", "paraphrase")
    stemmer = snowball.stemmer("porter")
    try:
        version = metadata.version("snowballstemmer")
    except metadata.PackageNotFoundError:  # pragma: no cover - vendored copies
        version = "unknown"
    return stemmer.stemWord, f"snowballstemmer-porter-{version}"


@lru_cache(maxsize=1)
def _default() -> Analyzer:
    stem, name = _porter()
    return Analyzer(nltk_stopwords(), stem, "nltk-english", name)


def default_analyzer(stopwords: Iterable[str] | str | Path | None = None) -> Analyzer:
    """The analyzer of Shima & Mitamura (2011, §2.2): stop-words out, Porter stems.

    ``stopwords``: ``None`` for the NLTK English list, a path to a list (one word a line),
    or the words themselves. The stemmer is ``snowballstemmer``'s ``porter`` (Porter 1980
    as published in Snowball; NLTK's ``PorterStemmer`` in its default ``NLTK_EXTENSIONS``
    mode differs from it on a few rare words).

    Parameters
    ----------
    stopwords : iterable of str, str or pathlib.Path, optional
        See above.

    Returns
    -------
    Analyzer

    References
    ----------
    Porter, M. F. (1980). An algorithm for suffix stripping. *Program* 14(3), 130–137.

    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39.

    Examples
    --------
    >>> a = default_analyzer()
    >>> a.content_words("shot and killed"), a.stems(("killed", "assassinated"))
    (('shot', 'killed'), ('kill', 'assassin'))
    """
    if stopwords is None:
        return _default()
    stem, name = _porter()
    if isinstance(stopwords, (str, Path)):
        words, label = read_stopwords(stopwords), Path(stopwords).name
    else:
        words, label = frozenset(w.lower() for w in stopwords), "custom"
    return Analyzer(words, stem, label, name)
