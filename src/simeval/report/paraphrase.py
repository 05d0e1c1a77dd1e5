"""How paraphrase patterns are shown: EP, EPR and DIMPLE per set and source term, the
meta-evaluation of Shima & Mitamura (2011, Tables 2–3), and Algorithm 1 step by step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .notes import footnotes
from .schema import explanation_document, paraphrase_document
from .schema.other_results import recognition_entry
from .tables import format_number, render_table, to_json

__all__ = [
    "STAR_P",
    "csv_signature",
    "format_explanation",
    "format_patterns",
    "format_recognition",
    "task_scores_tsv",
]

#: p-values below this are starred in the Tables 2–3 layout (the paper's bold).
STAR_P = 0.01


def csv_signature(scores: Any, meta: Any) -> str:
    """The signature of a CSV output (which has no line for it).

    Parameters
    ----------
    scores : PatternScores
        The scores.
    meta : MetaEvaluation or None
        The meta-evaluation, when there is one.

    Returns
    -------
    str

    Examples
    --------
    >>> from simeval.paraphrase import score_patterns
    >>> patterns = {"killed": [("shot and killed", 1.0), ("assassinated", 1.0)]}
    >>> scores = score_patterns(patterns, ks=[2], metrics=["epr"])
    >>> csv_signature(scores, None) == scores.signature
    True
    """
    return str((meta if meta is not None else scores).signature)


def _tail(fmt: str, signature: str) -> str:
    if fmt == "latex":
        return f"% signature: {signature}\n"
    if fmt == "markdown":
        return f"\n`{signature}`\n"
    return f"signature: {signature}\n"


def format_explanation(
    rows: Sequence[Any], term: str, judgment: str, signature: str, fmt: str, digits: int = 4
) -> str:
    """Algorithm 1 of Shima & Mitamura (2011) step by step for one source term: each
    paraphrase's content words, stems, D and why, Q, the DIMPLE gain and the EPR credit.

    Parameters
    ----------
    rows : sequence of PatternExplanation
        The steps (:func:`simeval.paraphrase.explain`).
    term : str
        The source term.
    judgment : str
        Whose Q.
    signature : str
        The signature.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    digits : int, default 4
        Decimals shown.

    Returns
    -------
    str

    References
    ----------
    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39, Algorithm 1.

    Examples
    --------
    "slain" brings a new content word: D = 3, and with Q = 1 a DIMPLE gain of 2³ − 1 = 7:

    >>> from simeval.paraphrase import explain
    >>> rows = explain({"killed": [("slain", 1)]}, "killed")
    >>> print(format_explanation(rows, "killed", "strict", "sig", "csv"), end="")
    set,rank,paraphrase,content words,stems,D,why,Q,2^(QD)-1,EPR credit
    set,1,slain,slain,slain,3,new word,1.0,7.0,1.0
    """
    if fmt == "json":
        return to_json(explanation_document(rows, term, judgment, signature))
    header = [
        "set",
        "rank",
        "paraphrase",
        "content words",
        "stems",
        "D",
        "why",
        "Q",
        "2^(QD)-1",
        "EPR credit",
    ]
    body = [
        [
            r.set,
            r.rank,
            r.paraphrase,
            " ".join(r.content_words) or "∅",
            " ".join(r.stems) or "∅",
            r.d,
            r.reason,
            r.q,
            r.gain,
            r.epr_credit,
        ]
        for r in rows
    ]
    title = f"Algorithm 1 for source {term!r} (Q from {judgment} judgments)"
    text = render_table(header, body, fmt, digits=digits, title=title, align_left=7)
    return text if fmt == "csv" else text + _tail(fmt, signature)


def format_patterns(scores: Any, meta: Any, fmt: str, digits: int = 4) -> str:
    """EP, EPR and DIMPLE per set and source term (``meta`` None), or the meta-evaluation
    against task scores laid out as Shima & Mitamura (2011), Tables 2–3, with a detail
    table; every undefined value carries its reason. CSV has no room for the signature:
    :func:`csv_signature` says which one the caller should print beside it.

    Parameters
    ----------
    scores : PatternScores
        EP, EPR and DIMPLE of the patterns.
    meta : MetaEvaluation or None
        Their meta-evaluation against task scores.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    digits : int, default 4
        Decimals shown.

    Returns
    -------
    str

    References
    ----------
    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39, Tables 2–3.

    Examples
    --------
    "shot and killed" repeats the source term, so only "assassinated" earns EPR credit:
    EPR@2 = 1/2.

    >>> from simeval.paraphrase import score_patterns
    >>> patterns = {"killed": [("shot and killed", 1.0), ("assassinated", 1.0)]}
    >>> scores = score_patterns(patterns, ks=[2], metrics=["epr"])
    >>> print(format_patterns(scores, None, "csv"), end="")
    set,source,metric,k,value
    set,killed,epr,2,0.5
    set,,epr,2,0.5
    """
    if fmt == "json":
        return to_json(paraphrase_document(scores, meta))
    if fmt == "csv":
        if meta is None:
            header = ["set", "source", "metric", "k", "value"]
            return render_table(header, [list(r.values()) for r in scores.records()], "csv")
        header = [
            "judgment",
            "dataset",
            "metric",
            "k",
            "r",
            "pvalue",
            "ci_low",
            "ci_high",
            "n",
            "reason",
        ]
        rows = [[getattr(c, h) for h in header] for c in meta.cells]
        return render_table(header, rows, "csv")
    if meta is None:
        return _score_table(scores, fmt, digits) + _tail(fmt, scores.signature)
    return _meta_tables(meta, fmt, digits) + _tail(fmt, meta.signature)


def _score_table(scores: Any, fmt: str, digits: int) -> str:
    import numpy as np

    from ..paraphrase.metrics import METRIC_LABELS

    keys = list(scores.term_values)
    header = ["set", "source"] + [f"{METRIC_LABELS[m]}@{k}" for m, k in keys]
    rows: list[list[Any]] = []
    for si, set_name in enumerate(scores.sets):
        for t, (s, source) in enumerate(scores.terms):
            if s == set_name:
                rows.append([s, source] + [float(scores.term_values[key][t]) for key in keys])
        if np.count_nonzero(scores.term_set == si) > 1:  # a one-term set's mean is its term
            rows.append([set_name, "(mean)"] + [float(scores.set_values[key][si]) for key in keys])
    title = f"EP, EPR and DIMPLE per set and source term (Q from {scores.judgment} judgments)"
    return render_table(header, rows, fmt, digits=digits, title=title, align_left=2)


def _meta_tables(meta: Any, fmt: str, digits: int) -> str:
    n = meta.cells[0].n if meta.cells else 0
    markers, notes = footnotes([c.reason for c in meta.cells], fmt)
    marker = {(c.judgment, c.dataset, c.metric, c.k): m for c, m in zip(meta.cells, markers)}
    parts = []
    for j in meta.judgments:
        header, rows = meta.table(j)
        starred = [
            [row[0]]
            + [
                format_number(r, digits)
                + ("*" if meta.cell(j, row[0], m, k).pvalue < STAR_P else "")
                + marker[(j, row[0], m, k)]
                for r, (m, k) in zip(
                    row[1:], [(m, k) for m in meta.metrics for k in meta.ks], strict=True
                )
            ]
            for row in rows
        ]
        title = (
            f"Pearson r between intrinsic metrics ({j} judgments) and task scores "
            f"over {n} sets; * p < {STAR_P}"
        )
        parts.append(render_table(header, starred, fmt, digits=digits, title=title))
    level = f"{meta.confidence_level:.0%}"
    detail_header = [
        "judgment",
        "data set",
        "metric",
        "k",
        "r",
        "p",
        f"{level} low",
        f"{level} high",
        "n",
    ]
    detail = [
        [c.judgment, c.dataset, c.metric, c.k, c.r, c.pvalue, c.ci_low, c.ci_high, c.n]
        for c in meta.cells
    ]
    if notes:
        detail_header.append("note")
        detail = [[*row, m] for row, m in zip(detail, markers)]
    title = f"Detail: t-test p-values, percentile bootstrap intervals over sets (B = {meta.n_boot})"
    parts.append(
        render_table(detail_header, detail, fmt, digits=digits, title=title, align_left=3) + notes
    )
    return "\n".join(parts)


def format_recognition(
    text: str, recognitions: Sequence[Any], measure: str, fmt: str, digits: int = 4
) -> str:
    """``text`` (the output of :func:`format_patterns`) with the recognition counts of
    Shima & Mitamura (2011, §3.4) per set and source term: a ``recognition`` list in JSON,
    a table per corpus in the text formats; CSV keeps its one table (the scores go to
    ``--task-scores``).

    Parameters
    ----------
    text : str
        The output of :func:`format_patterns`.
    recognitions : sequence of Recognition
        One per corpus.
    measure : str
        The recognition measure shown.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    digits : int, default 4
        Decimals shown.

    Returns
    -------
    str

    References
    ----------
    Shima, H. & Mitamura, T. (2011). Diversity-aware evaluation for paraphrase patterns.
    *Proceedings of the TextInfer 2011 Workshop on Textual Entailment*, 35–39, §3.4.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> from simeval.paraphrase import recognize
    >>> corpus = SimpleNamespace(name="toy", texts1=("He was killed.", "He was killed."),
    ...                          texts2=("He was assassinated.", "He left."), gold=[1, 0])
    >>> rec = recognize({"killed": [("assassinated", 1)]}, corpus)
    >>> text = format_recognition("", [rec], "recall", "table")
    >>> "Paraphrase recognition on toy (top 10 paraphrases per set" in text
    True
    """
    if fmt == "csv":
        return text
    if fmt == "json":
        import json

        doc = json.loads(text)
        doc["recognition"] = [recognition_entry(r, measure) for r in recognitions]
        return to_json(doc)
    header = ["set", "source", "pos", "TP", "FN", "FP", "TN", "TP unigram", measure]
    parts = [text]
    for r in recognitions:
        values = r.scores(measure, per="term")
        rows = [
            [s, src, int(c[0] + c[1]), *(int(x) for x in c), int(u[0]), float(v)]
            for (s, src), c, u, v in zip(
                r.terms, r.term_counts, r.term_unigram, values, strict=True
            )
        ]
        title = (
            f"Paraphrase recognition on {r.corpus} (top {r.k} paraphrases per set; "
            "pos = positive pairs with the source on a side)"
        )
        table = render_table(header, rows, fmt, digits=digits, title=title, align_left=2)
        parts.append(table + _tail(fmt, r.signature))
    return "\n".join(parts)


def task_scores_tsv(recognitions: Sequence[Any], measure: str) -> str:
    """Per-set task scores, one column per corpus, as ``--extrinsic`` reads them.

    Parameters
    ----------
    recognitions : sequence of Recognition
        One per corpus.
    measure : str
        The recognition measure.

    Returns
    -------
    str

    Examples
    --------
    The one positive pair is recognized and the negative one is not: recall 1.

    >>> from types import SimpleNamespace
    >>> from simeval.paraphrase import recognize
    >>> corpus = SimpleNamespace(name="toy", texts1=("He was killed.", "He was killed."),
    ...                          texts2=("He was assassinated.", "He left."), gold=[1, 0])
    >>> rec = recognize({"killed": [("assassinated", 1)]}, corpus)
    >>> task_scores_tsv([rec], "recall").splitlines()[1:]
    ['set\\ttoy', 'set\\t1.0']
    """
    sets = recognitions[0].sets
    cols = [r.task_scores(measure) for r in recognitions]
    lines = [f"# {measure} of paraphrase recognition (Shima & Mitamura 2011, section 3.4)"]
    lines.append("\t".join(["set", *(r.corpus for r in recognitions)]))
    lines += ["\t".join([s, *(repr(c[s]) for c in cols)]) for s in sets]
    return "\n".join(lines) + "\n"
