"""Lemma notations of POS-tagged word-similarity sets (wordspace ``convert.lemma``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InputError, listing

__all__ = ["LEMMA_FORMATS", "convert_lemma", "is_tagged"]

LEMMA_FORMATS: tuple[str, ...] = ("CWB", "BNC", "DM", "HW", "HWLC")

_PENN = ("N", "V", "J", "R", "D")
_BNC = ("SUBST", "VERB", "ADJ", "ADV", "ART")


def convert_lemma(lemmas: Sequence[str], format: str) -> list[str]:
    """Convert CWB/Penn-style lemmas ``word_P`` to another notation (wordspace ``convert.lemma``).

    ``CWB`` keeps ``word_P``; ``BNC`` gives ``lowercase(word)_TAG`` with the BNC tag
    (N→SUBST, V→VERB, J→ADJ, R→ADV, D→ART, anything else→UNC); ``DM`` gives
    ``word-p``; ``HW`` the headword ``word``; ``HWLC`` the lower-cased headword.
    ``HW`` is how ``--strip-pos`` turns the POS-tagged wordspace data into plain words.

    Raises
    ------
    InputError
        A lemma that is not ``word_P`` with exactly one ``_`` and a one-letter tag
        (wordspace: "invalid lemma string(s)"), named.

    Parameters
    ----------
    lemmas : sequence of str
        ``word_P`` lemmas (``P`` a one-letter Penn tag).
    format : {"CWB", "BNC", "DM", "HW", "HWLC"}
        The notation to convert to.

    Returns
    -------
    list of str

    References
    ----------
    Evert, S. (2014). Distributional semantics in R with the wordspace package. *COLING
    2014: System Demonstrations*, 110–114 (R package wordspace, ``convert.lemma``).

    Examples
    --------
    >>> convert_lemma(["Bank_N", "walk_V"], "BNC"), convert_lemma(["walk_V"], "HW")
    (['bank_SUBST', 'walk_VERB'], ['walk'])
    """
    if format not in LEMMA_FORMATS:
        raise InputError(f"format must be one of {LEMMA_FORMATS}; got {format!r}")
    parts = [str(lemma).split("_") for lemma in lemmas]
    bad = [lemma for lemma, x in zip(lemmas, parts) if len(x) != 2 or len(x[1]) != 1]
    if bad:
        shown = listing([str(b) for b in bad])
        raise InputError(f"invalid lemma string(s), expected word_P: {shown}")
    if format == "CWB":
        return [str(lemma) for lemma in lemmas]
    if format == "BNC":
        tags = dict(zip(_PENN, _BNC))
        return [f"{hw.lower()}_{tags.get(pos, 'UNC')}" for hw, pos in parts]
    if format == "DM":
        return [f"{hw}-{pos.lower()}" for hw, pos in parts]
    if format == "HW":
        return [hw for hw, _ in parts]
    return [hw.lower() for hw, _ in parts]


def is_tagged(words: Sequence[str], *, sample: int = 1000) -> bool:
    """Whether ``words`` are POS-tagged lemmas ``word_P`` (R wordspace's ``DSM_Vectors``
    and task sets write ``chicken_N``): nine in ten of the first ``sample`` words are.

    Parameters
    ----------
    words : sequence of str
        The words.
    sample : int, default 1000
        How many of the first words are looked at.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_tagged(["chicken_N", "eat_V"]), is_tagged(["chicken", "eat"])
    (True, False)
    """
    shown = [str(w) for w in list(words)[:sample]]
    if not shown:
        return False
    tagged = sum(len(p := w.split("_")) == 2 and len(p[1]) == 1 and bool(p[0]) for w in shown)
    return tagged >= 0.9 * len(shown)
