"""How a run (every model on every data set under a protocol) is shown: the main score of
each model on each data set, with its interval where the protocol has one (or, under
several protocols, each model's numbers side by side), then how stable the leaderboard is
(:mod:`simeval.report.leaderboard`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .leaderboard import collection_block, leaderboard_csv_rows, protocol_blocks, rank_block
from .notes import CI_NAMES, footnotes
from .tables import format_number, render_table, to_json

__all__ = ["RUN_COLUMNS", "format_run", "run_table"]

#: The columns of a run's CSV (JSON records have the same keys).
RUN_COLUMNS = [
    "protocol", "dataset", "subset", "system", "metric", "value", "n", "pvalue", "ci_low",
    "ci_high", "ci_method", "main", "reason",
]  # fmt: skip


def _column(r: Mapping[str, Any]) -> str:
    return r["dataset"] if r.get("subset") in (None, "all") else f"{r['dataset']} {r['subset']}"


def run_table(
    records: Sequence[Mapping[str, Any]], digits: int = 4
) -> tuple[list[str], list[list[Any]], list[str | None]]:
    """Systems in rows, one column per data set (and SentEval average) with the main score
    ``value [low, high]`` when there is an interval; the reasons of undefined cells.

    Parameters
    ----------
    records : sequence of mapping
        The run's records.
    digits : int, default 4
        Decimals shown.

    Returns
    -------
    header : list of str
    rows : list of list
    reasons : list of str or None
        Why a row holds an undefined cell.

    Examples
    --------
    >>> from simeval.report.schema import run_document
    >>> from simeval.runs.run import Pairs, run
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0], scale=(0, 5))
    >>> res = run(["lexical:jaccard"], [pairs], protocol="mteb")
    >>> run_table(run_document(res)["records"])
    (['system', 'toy'], [['lexical:jaccard', 1.0]], [None])
    """
    main = [r for r in records if r.get("main")]
    columns = list(dict.fromkeys(_column(r) for r in main))
    systems = list(dict.fromkeys(r["system"] for r in records))
    cell = {(r["system"], _column(r)): r for r in main}
    rows: list[list[Any]] = []
    reasons: list[str | None] = []
    for s in systems:
        row: list[Any] = [s]
        why = None
        for c in columns:
            r = cell.get((s, c), {})
            v = r.get("value")
            if v is None:
                row.append(None)
                why = why or r.get("reason")
            elif r.get("ci_low") is not None:
                lo, hi = format_number(r["ci_low"], digits), format_number(r["ci_high"], digits)
                row.append(f"{format_number(v, digits)} [{lo}, {hi}]")
            else:
                row.append(v)
        rows.append(row)
        reasons.append(why)
    return ["system", *columns], rows, reasons


def format_run(doc: Mapping[str, Any], fmt: str, digits: int = 4) -> str:
    """A run's document (:func:`simeval.report.schema.run_document`) in one of the output
    formats: the main score per model and data set (the protocol's: MTEB's cosine
    Spearman, SentEval's mean …; under several protocols one table per model with a
    column per convention), the rank intervals on each data set and who is best over the
    data sets, then the signature. The CSV holds the records, then the ranks and the
    collection in the same columns (:func:`~simeval.report.leaderboard.leaderboard_csv_rows`).

    Parameters
    ----------
    doc : mapping
        The run's document.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    digits : int, default 4
        Decimals shown.

    Returns
    -------
    str

    Examples
    --------
    >>> from simeval.report.schema import run_document
    >>> from simeval.runs.run import Pairs, run
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0], scale=(0, 5))
    >>> res = run(["lexical:jaccard"], [pairs], protocol="mteb")
    >>> print("\\n".join(format_run(run_document(res), "table").splitlines()[:4]))
    spearman (mteb protocol)
    system              toy
    ---------------  ------
    lexical:jaccard  1.0000
    """
    if fmt == "json":
        return to_json(doc)
    records = doc["records"]
    if fmt == "csv":
        rows = [*records, *leaderboard_csv_rows(doc)]
        return render_table(RUN_COLUMNS, [[r.get(c) for c in RUN_COLUMNS] for r in rows], "csv")
    blocks = [_main_block(doc, fmt, digits)]
    blocks += [b for b in (rank_block(doc, fmt), collection_block(doc, fmt, digits)) if b]
    tail = f"signature: {doc['signature']}\n"
    if fmt == "latex":
        tail = f"% {tail}"
    return "\n".join(blocks) + tail


def _main_block(doc: Mapping[str, Any], fmt: str, digits: int) -> str:
    """The protocols side by side, or the protocol's main score per model and data set."""
    if doc.get("protocol_table"):
        return protocol_blocks(doc["protocol_table"], fmt, digits)
    records = doc["records"]
    header, rows, reasons = run_table(records, digits)
    mains = list(dict.fromkeys(r["metric"] for r in records if r.get("main")))
    if len(mains) > 1:  # st: each model's main score uses its own similarity function
        title = f"{' / '.join(mains)} ({doc['protocol']} protocol; each model's own function)"
    else:
        title = f"{mains[0] if mains else 'main score'} ({doc['protocol']} protocol)"
    title += _interval_kind(doc, records)
    notes = ""
    if any(reasons):
        markers, notes = footnotes(reasons, fmt)
        header = [*header, "note"]
        rows = [[*row, m] for row, m in zip(rows, markers)]
    return render_table(header, rows, fmt, digits=digits, title=title) + notes


def _interval_kind(doc: Mapping[str, Any], records: list[dict[str, Any]]) -> str:
    """``; value [95% Fisher z interval]``: which intervals the main scores carry (the
    comparison's bootstrap under the simeval protocol, else the analytical interval), or
    nothing when they carry none."""
    methods = dict.fromkeys(
        r.get("ci_method") for r in records if r.get("main") and r.get("ci_low") is not None
    )
    if not methods:
        return ""
    levels = [s["comparison"]["confidence_level"] for s in doc["sets"] if s.get("comparison")]
    level = levels[0] if levels else 0.95
    names = " / ".join(CI_NAMES.get(str(m), str(m)) for m in methods)
    return f"; value [{level:.0%} {names} interval]"
