"""How word-similarity results are shown: the wordspace-style table with reasons, the
per-pair details, and the plot (the JSON document is :mod:`simeval.report.schema`'s)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .notes import footnotes
from .schema import wordsim_document
from .schema.other_results import wordsim_reason
from .tables import render_table, to_json

if TYPE_CHECKING:
    from ..stats.ceiling import HumanCeiling

__all__ = ["CEILING_COLUMNS", "HEADER", "details_tsv", "format_wordsim", "wordsim_figure"]

HEADER = ("dataset", "n", "missing", "rho", "p_value", "r", "r_lower", "r_upper")
#: Columns added to each data set's row when the raters' ratings are known (CSV).
CEILING_COLUMNS = ("iaa1", "iaa2", "split_half", "share_of_ceiling", "vs_rater", "verdict")
_MEAN_ROW = "the mean over data sets is taken of rho only (Fisher's z)"


def _ceiling_cells(ceiling: HumanCeiling | None) -> list[Any]:
    if ceiling is None:
        return [None] * len(CEILING_COLUMNS)
    a, s = ceiling.agreement, ceiling.systems[0]
    return [
        a.iaa1.statistic,
        a.iaa2.statistic,
        a.split_half.statistic,
        s.share,
        s.difference,
        s.verdict,
    ]


def format_wordsim(
    results: Sequence[Any],
    signature: str,
    vectors: str,
    fmt: str,
    digits: int = 4,
    ceilings: Mapping[str, HumanCeiling] | None = None,
) -> str:
    """The table of wordspace's ``eval.similarity.correlation`` (Evert 2014): per data set
    n, missing pairs, |ρ| with its p-value, |r| with its 95 % interval; with several data
    sets, the Fisher-z mean of ρ; a reason for every undefined value. With ``ceilings``
    (data set → :class:`~simeval.stats.ceiling.HumanCeiling`), the raters' agreement and
    the model beside it: extra columns in CSV, a table per data set otherwise.

    Parameters
    ----------
    results : sequence of WordsimResult
        One per data set.
    signature : str
        The evaluation's signature.
    vectors : str
        The vectors' label.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    digits : int, default 4
        Decimals shown.
    ceilings : mapping of str to HumanCeiling, optional
        The human ceiling of some data sets.

    Returns
    -------
    str

    References
    ----------
    Evert, S. (2014). Distributional semantics in R with the wordspace package. *COLING
    2014: System Demonstrations*, 110–114.

    Examples
    --------
    cat–dog and dog–car are 45° apart, cat–car 90°; the gold 8, 5, 2 ranks the pairs as the
    angles do (tied), so ρ = 0.866:

    >>> from simeval.vectors.read import Vectors
    >>> from simeval.wordsim import evaluate
    >>> v = Vectors(["cat", "dog", "car"], [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> res = evaluate([("cat", "dog", 8.0), ("cat", "car", 2.0), ("dog", "car", 5.0)], v)
    >>> print(format_wordsim([res], "sig", "v.txt", "csv"), end="")
    dataset,n,missing,rho,p_value,r,r_lower,r_upper,reason
    pairs,3,0,0.8660254037844387,0.33333333333333326,0.8660254037844386,,,no interval for r: \
    Fisher's z needs at least 4 pairs
    """
    doc = wordsim_document(results, signature, vectors, ceilings=ceilings)
    if fmt == "json":
        return to_json(doc)
    rows: list[list[Any]] = [
        [r.name, r.n, r.missing, r.rho, r.p_value, r.r, r.r_lower, r.r_upper] for r in results
    ]
    if ceilings and fmt == "csv":
        rows = [[*row, *_ceiling_cells(ceilings.get(r.name))] for row, r in zip(rows, results)]
    reasons = [wordsim_reason(r) for r in results]
    header = list(HEADER)
    if ceilings and fmt == "csv":
        header += CEILING_COLUMNS
    if len(results) > 1:
        mean_row = ["Fisher-z mean of rho", None, None, doc["fisher_z_mean"]]
        rows.append(mean_row + [None] * (len(header) - len(mean_row)))
        reasons.append(_MEAN_ROW)
    notes = ""
    if any(reasons):
        if fmt == "csv":
            header.append("reason")
            rows = [[*row, why] for row, why in zip(rows, reasons)]
        else:
            markers, notes = footnotes(reasons, fmt)
            header.append("note")
            rows = [[*row, m] for row, m in zip(rows, markers)]
    text = render_table(header, rows, fmt, digits=digits, title=f"vectors: {vectors} | {signature}")
    text = (text if text.endswith("\n") else text + "\n") + notes
    if ceilings and fmt != "csv":
        from .ceiling import format_ceiling

        for r in results:
            if r.name in ceilings:
                title = f"human ceiling of {r.name}"
                text += "\n" + format_ceiling(ceilings[r.name], fmt, digits, title=title)
    return text


def details_tsv(results: Sequence[Any]) -> str:
    """The per-pair table (wordspace's ``details=TRUE``): words, gold score, the model's
    distance or similarity, whether a word was missing, and the task's other columns; a
    ``dataset`` column first when there are several data sets.

    Parameters
    ----------
    results : sequence of WordsimResult
        One per data set.

    Returns
    -------
    str

    Examples
    --------
    cat–dog and dog–car are 45° apart, cat–car 90°; the gold 8, 5, 2 ranks the pairs as the
    angles do (tied), so ρ = 0.866:

    >>> from simeval.vectors.read import Vectors
    >>> from simeval.wordsim import evaluate
    >>> v = Vectors(["cat", "dog", "car"], [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> res = evaluate([("cat", "dog", 8.0), ("cat", "car", 2.0), ("dog", "car", 5.0)], v)
    >>> [line.split("\\t") for line in details_tsv([res]).splitlines()[:3]]
    ... # doctest: +NORMALIZE_WHITESPACE
    [['word1', 'word2', 'score', 'distance', 'missing'],
     ['cat', 'dog', '8.0', '45.00000000000001', 'FALSE'],
     ['cat', 'car', '2.0', '90.0', 'FALSE']]
    """
    several = len(results) > 1
    extra = list(dict.fromkeys(k for res in results for k in res.details.extra))
    head = (("dataset",) if several else ()) + ("word1", "word2", "score", "distance", "missing")
    lines = ["\t".join([*head, *extra])]
    for res in results:
        columns = res.details.extra
        for i, (w1, w2, s, d, m) in enumerate(res.details.rows()):
            cells = ([res.name] if several else []) + [
                w1, w2, repr(s), repr(d), "TRUE" if m else "FALSE"
            ]  # fmt: skip
            cells += [str(columns[k][i]) if k in columns else "" for k in extra]
            lines.append("\t".join(cells))
    return "\n".join(lines) + "\n"


def wordsim_figure(results: Sequence[Any]) -> Any:
    """wordspace's plot of each data set (gold against model, missing pairs marked), up to
    three panels a row (needs ``pip install 'simeval[plot]'``).

    Parameters
    ----------
    results : sequence of WordsimResult
        One per data set.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    MissingExtraError
        matplotlib is not installed.

    Examples
    --------
    cat–dog and dog–car are 45° apart, cat–car 90°; the gold 8, 5, 2 ranks the pairs as the
    angles do (tied), so ρ = 0.866:

    >>> from simeval.vectors.read import Vectors
    >>> from simeval.wordsim import evaluate
    >>> v = Vectors(["cat", "dog", "car"], [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> res = evaluate([("cat", "dog", 8.0), ("cat", "car", 2.0), ("dog", "car", 5.0)], v)
    >>> fig = wordsim_figure([res])
    >>> type(fig).__name__, len(fig.axes)
    ('Figure', 1)
    """
    from ..errors import require
    from ..wordsim import plot

    require("matplotlib", "plot")
    from matplotlib.figure import Figure

    k = len(results)
    cols = min(k, 3)
    rows = math.ceil(k / cols)
    fig = Figure(figsize=(6.4 * cols, 4.8 * rows))
    for i, res in enumerate(results):
        plot(res, ax=fig.add_subplot(rows, cols, i + 1))
    return fig
