"""Lexical diversity D of each paraphrase: Algorithm 1 of Shima & Mitamura (2011).

D is 1 for a pattern with no content word or one that repeats a word already seen,
2 for one whose words are new but whose stems are not, 3 for one with new stems. The
histories start with the source term's words and stems and grow only in the ``else``
branch (lines 14–15), so a redundant pattern's other words never enter them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import InputTypeError
from .text import Analyzer, default_analyzer

__all__ = ["DiversityStep", "diversity", "diversity_steps"]

#: Why a pattern got its D, keyed by D (and ``0`` for "no content words", which is D = 1).
REASONS = {
    0: "no content words",
    1: "word already seen",
    2: "only the stem seen",
    3: "new word",
}


@dataclass(frozen=True)
class DiversityStep:
    """One iteration of Algorithm 1: the pattern's W1 (content words), W2 (stems), D and
    the branch taken (:data:`REASONS`).

    Attributes
    ----------
    paraphrase : str
        The pattern.
    content_words, stems : tuple of str
        W1 and W2.
    d : int
        The lexical diversity, 1, 2 or 3.
    reason : str
        The branch taken, in words.

    Examples
    --------
    >>> step = diversity_steps("killed", ["slain"])[0]
    >>> step.content_words, step.d, step.reason
    (('slain',), 3, 'new word')
    """

    paraphrase: str
    content_words: tuple[str, ...]
    stems: tuple[str, ...]
    d: int
    reason: str


def diversity_steps(
    source: str, paraphrases: Iterable[str], *, analyzer: Analyzer | None = None
) -> tuple[DiversityStep, ...]:
    """Run Algorithm 1 of Shima & Mitamura (2011) and return every step.

    ``history1`` starts as the source's content words, ``history2`` as their stems. For
    each paraphrase, with W1 its content words and W2 their Porter stems::

        if W1 == ∅ or W1 ∩ history1 ≠ ∅:  D = 1          (word already seen)
        else:
            D = 2 if W2 ∩ history2 ≠ ∅ else 3          (root seen / unseen word)
            history1 ∪= W1;  history2 ∪= W2

    The loop is sequential by nature (each D depends on the histories before it).

    Parameters
    ----------
    source : str
        The source term (its words start the histories).
    paraphrases : iterable of str
        Its paraphrases, in rank order.
    analyzer : Analyzer, optional
        Tokens, stop words and stems (default: :func:`~simeval.paraphrase.text.default_analyzer`).

    Returns
    -------
    tuple of DiversityStep
        One per paraphrase.

    References
    ----------
    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39.

    Examples
    --------
    >>> [s.d for s in diversity_steps("killed", ["killing", "slain", "slain by"])]
    [2, 3, 1]
    """
    if isinstance(paraphrases, str):  # a text is no list of paraphrases (its letters)
        raise InputTypeError(
            f"`paraphrases` must be a list of texts; got the text {paraphrases!r} (give "
            f"[{paraphrases!r}])"
        )
    an = analyzer if analyzer is not None else default_analyzer()
    history1 = set(an.content_words(source))
    history2 = set(an.stems(history1))
    steps = []
    for text in paraphrases:
        w1 = an.content_words(text)
        w2 = an.stems(w1)
        if not w1:
            d, why = 1, REASONS[0]
        elif history1.intersection(w1):
            d, why = 1, REASONS[1]
        else:
            d = 2 if history2.intersection(w2) else 3
            why = REASONS[d]
            history1.update(w1)
            history2.update(w2)
        steps.append(DiversityStep(text, w1, w2, d, why))
    return tuple(steps)


def diversity(
    source: str, paraphrases: Iterable[str], *, analyzer: Analyzer | None = None
) -> tuple[int, ...]:
    """D of each paraphrase of ``source``, in rank order (Algorithm 1 of Shima &
    Mitamura 2011; see :func:`diversity_steps`). D is always 1, 2 or 3.

    The paper's example: "killed" → ⟨"shot and killed", "reported killed", "killed in",
    "assassinated"⟩ gives D = 1, 1, 1, 3.

    Parameters
    ----------
    source : str
        The source term.
    paraphrases : iterable of str
        Its paraphrases, in rank order.
    analyzer : Analyzer, optional
        As :func:`diversity_steps`.

    Returns
    -------
    tuple of int

    References
    ----------
    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39.

    Examples
    --------
    >>> diversity("killed", ["shot and killed", "reported killed", "killed in", "assassinated"])
    (1, 1, 1, 3)
    """
    return tuple(s.d for s in diversity_steps(source, paraphrases, analyzer=analyzer))
