"""How stable a run's leaderboard is, in the text, CSV, Markdown and LaTeX outputs: each
system's rank interval and P(best) on every data set (the bootstrap of each data set's
comparison), and who is best over the data sets (the stratified bootstrap of the aggregate
and Friedman's test with the Nemenyi critical difference; Demšar 2006). Everything is read
from the run's saved document (:func:`simeval.report.schema.run_document`), so that
``simeval report`` of it shows the same."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from .tables import format_number, render_table

__all__ = [
    "collection_block",
    "leaderboard_csv_rows",
    "protocol_blocks",
    "rank_block",
    "sentences",
]

Doc = Mapping[str, Any]
#: How the aggregate of a collection is named in a table.
AGGREGATES = {"fisher_z": "Fisher-z mean", "mean": "mean", "weighted_mean": "weighted mean"}


def _percent(share: float | None) -> str | None:
    return None if share is None else f"{share * 100:.0f}%"


def _rank_cell(row: Mapping[str, Any], with_best: bool = True) -> str | None:
    """``2 [1–3] 12%``: the observed rank, its interval and P(best) (None: not ranked)."""
    if row.get("rank_low") is None:
        return None
    cell = f"{row['rank']:g} [{row['rank_low']:g}–{row['rank_high']:g}]"
    best = _percent(row.get("p_best"))
    return f"{cell} {best}" if with_best and best else cell


def _set_ranks(doc: Doc) -> dict[str, Doc]:
    """Data set → the rank intervals of its comparison under the run's headline."""
    out = {}
    for s in doc.get("sets") or []:
        for ranks in (s.get("comparison") or {}).get("ranks") or []:
            if ranks["metric"] == doc.get("headline"):
                out[s["dataset"]] = ranks
    return out


def _order(doc: Doc, ranks: Mapping[str, Doc]) -> list[str]:
    """The systems best first over the collection, else on the first data set."""
    collection = doc.get("collection") or {}
    boot, friedman = collection.get("bootstrap"), collection.get("friedman")
    if boot:
        return [r["system"] for r in boot["ranks"]["systems"]]
    if friedman:
        return [r["system"] for r in friedman["systems"]]
    first = next(iter(ranks.values()))
    return [r["system"] for r in first["systems"]]


def _separable_neighbours(ranks: Doc) -> str:
    systems = [r["system"] for r in ranks["systems"]]
    pairs = {tuple(p) for p in ranks.get("separable_pairs") or []}
    hits = sum((a, b) in pairs for a, b in itertools.pairwise(systems))
    return f"{hits} of {len(systems) - 1}"


def rank_block(doc: Doc, fmt: str) -> str:
    """Systems in rows (best first over the collection), one column per data set: the
    rank under the headline measure, its bootstrap rank interval and P(best), and how
    many neighbours of each data set's ranking are in a separable order. Empty without
    rank intervals (one model, or no bootstrap).

    Parameters
    ----------
    doc : mapping
        A run's document (:func:`simeval.report.schema.run_document`).
    fmt : {"table", "markdown", "latex", "csv"}
        The format (:func:`simeval.report.tables.render_table`).

    Returns
    -------
    str

    Examples
    --------
    Two lexical baselines on two data sets of six pairs: on so few pairs neither rank is
    separable (the last row):

    >>> from simeval.report.schema import run_document
    >>> from simeval.runs.run import Pairs, run
    >>> a = Pairs("a", ["a cat", "a dog", "the sun", "red car", "big house", "old tree"],
    ...           ["a cat sat", "a cat", "rain", "red cars", "a home", "tree"],
    ...           [4.5, 2.0, 0.0, 4.0, 1.5, 3.0], scale=(0, 5))
    >>> b = Pairs("b", ["one fish", "two fish", "blue sky", "hot tea", "cold milk", "a pen"],
    ...           ["one fish swam", "red fish", "grey sky", "tea", "warm milk", "pens"],
    ...           [4.0, 2.5, 2.0, 3.5, 1.0, 3.0], scale=(0, 5))
    >>> doc = run_document(run(["lexical:jaccard", "lexical:edit"], [a, b], n_resamples=200))
    >>> print(rank_block(doc, "markdown").splitlines()[-1])
    | separable neighbours (Holm, alpha = 0.05) | 0 of 1 | 0 of 1 |
    """
    ranks = _set_ranks(doc)
    if not ranks:
        return ""
    sets = list(ranks)
    cell = {(d, r["system"]): r for d, rk in ranks.items() for r in rk["systems"]}
    rows: list[list[Any]] = [
        [s, *(_rank_cell(cell.get((d, s), {})) for d in sets)] for s in _order(doc, ranks)
    ]
    first = next(iter(ranks.values()))
    test = "Holm" if first.get("correction", "holm") == "holm" else "no correction"
    rows.append(
        [f"separable neighbours ({test}, alpha = {first['alpha']:g})",
         *(_separable_neighbours(ranks[d]) for d in sets)]
    )  # fmt: skip
    level = f"{first['confidence_level'] * 100:g}%"
    title = (
        f"rank under {doc['headline']} on each data set (1 = best) [{level} interval over "
        f"{first['n_resamples']} bootstrap resamples] and P(best)"
    )
    return render_table(["system", *sets], rows, fmt, title=title)


def _collection_rows(collection: Doc, digits: int) -> tuple[list[str], list[list[Any]]]:
    boot, friedman = collection.get("bootstrap"), collection.get("friedman")
    average = {r["system"]: r["average_rank"] for r in (friedman or {}).get("systems", [])}
    header = ["system"]
    if boot:
        level = f"{boot['confidence_level'] * 100:g}%"
        how = AGGREGATES.get(boot["aggregate"], boot["aggregate"])
        header += [f"{how} [{level}]", "cluster", f"rank [{level}]", "P(best)"]
        value = {r["system"]: r for r in boot["systems"]}
        rank = {r["system"]: r for r in boot["ranks"]["systems"]}
        order = list(rank)
    else:
        order = list(average)
    if friedman:
        header.append("average rank")
    rows = []
    for s in order:
        row: list[Any] = [s]
        if boot:
            v = value[s]
            interval = " ".join(
                [format_number(v.get("value"), digits),
                 f"[{format_number(v.get('ci_low'), digits)}, "
                 f"{format_number(v.get('ci_high'), digits)}]"]
            )  # fmt: skip
            row += [interval, v.get("cluster"), _rank_cell(rank[s], False),
                    _percent(rank[s].get("p_best"))]  # fmt: skip
        if friedman:
            row.append(format_number(average.get(s), 2))
        rows.append(row)
    return header, rows


def _sentences(collection: Doc) -> list[str]:
    """The verdicts of the bootstrap and of Friedman–Nemenyi, or why one is missing."""
    out = []
    reasons = collection.get("reasons") or {}
    for part, what in (("bootstrap", "stratified bootstrap"), ("friedman", "Friedman test")):
        found = collection.get(part)
        if found and found.get("summary"):
            out.append(str(found["summary"]))
        elif not found and reasons.get(part):
            out.append(f"No {what} over the data sets: {reasons[part]}.")
    return out


def collection_block(doc: Doc, fmt: str, digits: int = 4) -> str:
    """Who is best over the run's data sets: per system (best first) the aggregate with
    its stratified bootstrap interval and significance cluster, the rank interval and
    P(best) over the same resamples, and the average rank of Friedman's test; then the
    verdict sentences (who is best, whether significantly; the Friedman p-value and the
    Nemenyi critical difference). Empty without a collection (one model or one data set).

    Parameters
    ----------
    doc : mapping
        A run's document (:func:`simeval.report.schema.run_document`).
    fmt : {"table", "markdown", "latex", "csv"}
        The format.
    digits : int, default 4
        Decimals of the aggregates.

    Returns
    -------
    str

    Examples
    --------
    Each model ranks first on one of the two data sets: average ranks 1.5 and 1.5,
    Friedman's χ²_F = 0 (by hand: ΣR² − k(k+1)²/4 = 4.5 − 4.5):

    >>> from simeval.report.schema import run_document
    >>> from simeval.runs.run import Pairs, run
    >>> a = Pairs("a", ["a cat", "a dog", "the sun", "red car", "big house", "old tree"],
    ...           ["a cat sat", "a cat", "rain", "red cars", "a home", "tree"],
    ...           [4.5, 2.0, 0.0, 4.0, 1.5, 3.0], scale=(0, 5))
    >>> b = Pairs("b", ["one fish", "two fish", "blue sky", "hot tea", "cold milk", "a pen"],
    ...           ["one fish swam", "red fish", "grey sky", "tea", "warm milk", "pens"],
    ...           [4.0, 2.5, 2.0, 3.5, 1.0, 3.0], scale=(0, 5))
    >>> doc = run_document(run(["lexical:jaccard", "lexical:edit"], [a, b], n_resamples=200))
    >>> collection_block(doc, "table").splitlines()[-1].split(":")[:2]
    ['Friedman test over 2 data sets', ' F_F = 0 on (1, 1) df, p = 1']
    """
    collection = doc.get("collection")
    if not collection:
        return ""
    lines = sentences(_sentences(collection), fmt)
    if not (collection.get("bootstrap") or collection.get("friedman")):
        return lines
    title = (
        f"over the {len(collection['datasets'])} data sets ({collection['metric']}): the "
        "aggregate [stratified bootstrap interval], cluster (1 = not significantly worse "
        "than the best), rank and P(best) on the same resamples; average rank (Friedman)"
    )
    header, rows = _collection_rows(collection, digits)
    return render_table(header, rows, fmt, title=title) + lines


def sentences(said: list[str], fmt: str) -> str:
    """Sentences under a table: LaTeX comments, Markdown paragraphs, or plain lines.

    Parameters
    ----------
    said : list of str
        The sentences.
    fmt : {"table", "markdown", "latex", "csv"}
        The format.

    Returns
    -------
    str

    Examples
    --------
    >>> print(sentences(["One.", "Two."], "latex"), end="")
    % One.
    % Two.
    """
    if not said:
        return ""
    if fmt == "latex":
        return "".join(f"% {s}\n" for s in said)
    if fmt == "markdown":
        return "\n" + "".join(f"{s}\n\n" for s in said)
    return "".join(f"{s}\n" for s in said)


def leaderboard_csv_rows(doc: Doc) -> list[dict[str, Any]]:
    """The rows the run's CSV adds to its records (same columns): per data set each
    system's ``rank`` under the headline (``ci_low``/``ci_high``: its rank interval) and
    ``p_best``; over the collection (``dataset`` the aggregate, e.g. ``fisher_z_mean``)
    each system's aggregate with its interval, ``rank`` and ``p_best``, and (``dataset``
    ``friedman``) its ``average_rank``, with the test's ``friedman_p`` and
    ``critical_difference`` (``system`` empty).

    Parameters
    ----------
    doc : mapping
        A run's document (:func:`simeval.report.schema.run_document`).

    Returns
    -------
    list of dict

    Examples
    --------
    The last row is Nemenyi's critical difference for k = 2 models over N = 2 data sets,
    q₀.₀₅ · √(k(k + 1)/(6N)) = 1.960 · √(6/12) = 1.386 (Demšar 2006, eq. 5 and Table 5a):

    >>> from simeval.report.schema import run_document
    >>> from simeval.runs.run import Pairs, run
    >>> a = Pairs("a", ["a cat", "a dog", "the sun", "red car", "big house", "old tree"],
    ...           ["a cat sat", "a cat", "rain", "red cars", "a home", "tree"],
    ...           [4.5, 2.0, 0.0, 4.0, 1.5, 3.0], scale=(0, 5))
    >>> b = Pairs("b", ["one fish", "two fish", "blue sky", "hot tea", "cold milk", "a pen"],
    ...           ["one fish swam", "red fish", "grey sky", "tea", "warm milk", "pens"],
    ...           [4.0, 2.5, 2.0, 3.5, 1.0, 3.0], scale=(0, 5))
    >>> doc = run_document(run(["lexical:jaccard", "lexical:edit"], [a, b], n_resamples=200))
    >>> last = leaderboard_csv_rows(doc)[-1]
    >>> last["dataset"], last["metric"], round(last["value"], 3)
    ('friedman', 'critical_difference', 1.386)
    """
    rows: list[dict[str, Any]] = []
    for dataset, ranks in _set_ranks(doc).items():
        rows += _rank_rows(dataset, ranks)
    collection = doc.get("collection") or {}
    boot, friedman = collection.get("bootstrap"), collection.get("friedman")
    if boot:
        where = (
            f"{boot['aggregate']}_mean" if boot["aggregate"] == "fisher_z" else boot["aggregate"]
        )
        for r in boot["systems"]:
            rows.append(
                {"dataset": where, "system": r["system"], "metric": collection["metric"],
                 "value": r.get("value"), "ci_low": r.get("ci_low"), "ci_high": r.get("ci_high"),
                 "ci_method": "percentile", "main": False}
            )  # fmt: skip
        rows += _rank_rows(where, boot["ranks"])
    if friedman:
        n = friedman["n_datasets"]
        for r in friedman["systems"]:
            rows.append(_plain("friedman", r["system"], "average_rank", r["average_rank"], n))
        rows.append(_plain("friedman", "", "friedman_p", friedman.get("f_pvalue"), n))
        rows.append(
            _plain("friedman", "", "critical_difference", friedman["critical_difference"], n)
        )
    return rows


def _plain(dataset: str, system: str, metric: str, value: Any, n: int) -> dict[str, Any]:
    return {"dataset": dataset, "system": system, "metric": metric, "value": value, "n": n,
            "main": False}  # fmt: skip


def _rank_rows(dataset: str, ranks: Doc) -> list[dict[str, Any]]:
    n = int(ranks["n_resamples"]) - int(ranks.get("n_undefined") or 0)
    out: list[dict[str, Any]] = []
    for r in ranks["systems"]:
        out.append(
            {"dataset": dataset, "system": r["system"], "metric": "rank", "value": r["rank"],
             "n": n, "ci_low": r.get("rank_low"), "ci_high": r.get("rank_high"),
             "ci_method": "percentile", "main": False}
        )  # fmt: skip
        out.append(_plain(dataset, r["system"], "p_best", r.get("p_best"), n))
    return out


def protocol_blocks(table: Doc, fmt: str, digits: int = 4) -> str:
    """The protocols side by side: one table per model (data sets in rows, a column per
    number a convention publishes, the mean over the data sets last), then one line per
    column saying what that convention does differently.

    Parameters
    ----------
    table : mapping
        The run document's ``protocol_table`` (:meth:`simeval.runs.run.RunResult.side_by_side`).
    fmt : {"table", "markdown", "latex", "csv"}
        The format.
    digits : int, default 4
        Decimals shown.

    Returns
    -------
    str

    Examples
    --------
    On a set without subsets every convention reports the same pooled Spearman:

    >>> from simeval.report.schema import run_document
    >>> from simeval.runs.run import Pairs, run
    >>> a = Pairs("a", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...           [4.5, 2.0, 0.0], scale=(0, 5))
    >>> doc = run_document(run(["lexical:jaccard"], [a], protocol="all", n_resamples=0))
    >>> print(protocol_blocks(doc["protocol_table"], "table").splitlines()[3])
    a         1.0000         1.0000          1.0000  1.0000                 1.0000
    """
    labels = [c["label"] for c in table["columns"]]
    means = {m["system"]: m["values"] for m in table.get("means") or []}
    systems = list(dict.fromkeys(r["system"] for r in table["rows"]))
    blocks = []
    for system in systems:
        rows: list[list[Any]] = [
            [r["dataset"], *r["values"]] for r in table["rows"] if r["system"] == system
        ]
        if system in means:
            rows.append([f"mean of {len(rows)}", *means[system]])
        title = f"{system}: Spearman under each protocol (each convention's main score)"
        blocks.append(render_table(["data set", *labels], rows, fmt, digits=digits, title=title))
    said = [f"{c['label']}: {c['differs']}" for c in table["columns"]]
    return "\n".join(blocks) + "\n" + sentences(said, fmt)
