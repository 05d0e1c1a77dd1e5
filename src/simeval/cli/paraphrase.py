"""``simeval paraphrase``: EP, EPR and DIMPLE of paraphrase patterns (Shima & Mitamura 2011).

::

    simeval paraphrase patterns.tsv --k 1 --k 5 --k 10 --judgment strict
    simeval paraphrase patterns.tsv --explain killed
    simeval paraphrase patterns.tsv --extrinsic task_scores.tsv   # Shima & Mitamura 2011 Tables 2–3
"""

from __future__ import annotations

import argparse
from typing import Any

from ..report import format_number, render_table, to_json
from ._common import (
    CommandLineError,
    add_output_options,
    declare_files,
    emit,
    non_negative_int,
    note,
)
from ._options import add_bootstrap_option, level, positive_int
from ._wrap import footnotes

__all__ = ["register", "run"]

DEFAULT_KS = (1, 5, 10)
#: p-values below this are starred in the Tables 2–3 layout (the paper's bold).
STAR_P = 0.01


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "paraphrase",
        help="EP, EPR and DIMPLE of ranked paraphrase patterns; meta-evaluation",
        description=(
            "Score ranked paraphrases of source terms with EP_k, EPR_k and DIMPLE_k "
            "(Shima & Mitamura 2011) per set and source term, explain a term's D, or "
            "correlate the metrics with extrinsic task scores per set (Tables 2-3)."
        ),
    )
    parser.add_argument("file", metavar="FILE", help="patterns: TSV, CSV or JSONL")
    parser.add_argument(
        "--k",
        type=positive_int,
        action="append",
        metavar="K",
        help="cut-off: score the top K patterns of each term; repeat for several "
        "(default: 1, 5 and 10)",
    )
    parser.add_argument(
        "--judgment",
        choices=("strict", "lenient"),
        help="which Q to use when the file has both (default: strict for the scores; "
        "both for --extrinsic)",
    )
    parser.add_argument(
        "--column",
        action="append",
        default=[],
        metavar="NAME=COL",
        help="read logical column NAME (set, source, rank, paraphrase, labels, q, "
        "labels_strict, …) from file column COL",
    )
    parser.add_argument(
        "--stopwords",
        metavar="FILE",
        help="stop-word list, one word a line (default: the NLTK English list shipped with "
        "simeval)",
    )
    parser.add_argument(
        "--explain",
        metavar="TERM",
        help="instead of scores, show each pattern of source term TERM with its content "
        "words, stems and lexical diversity D (Algorithm 1)",
    )
    parser.add_argument("--set", dest="set_name", metavar="NAME", help="with --explain: one set")
    parser.add_argument(
        "--extrinsic",
        metavar="FILE",
        help="also correlate the metrics with per-set task scores from FILE: a set "
        "column and one column per task data set",
    )
    add_bootstrap_option(parser, "the sets, for the interval of each r (with --extrinsic)")
    parser.add_argument(
        "--seed",
        type=non_negative_int,
        default=0,
        help="seed of the bootstrap resampling (default: 0; 0 is a seed)",
    )
    parser.add_argument(
        "--confidence",
        type=level,
        default=0.95,
        help="level of the bootstrap interval of each r (default: 0.95)",
    )
    add_output_options(parser)
    declare_files(parser, inputs=("file", "stopwords", "extrinsic"))
    parser.set_defaults(func=run)


def _columns(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        name, sep, col = pair.partition("=")
        if not sep or not name.strip() or not col.strip():
            raise CommandLineError(
                f"--column takes NAME=COL (e.g. paraphrase=pattern); got {pair!r}"
            )
        out[name.strip()] = col.strip()
    return out


def _tail(fmt: str, signature: str) -> str:
    if fmt == "latex":
        return f"% signature: {signature}\n"
    if fmt == "markdown":
        return f"\n`{signature}`\n"
    return f"signature: {signature}\n"


def run(args: argparse.Namespace) -> int:
    from .. import paraphrase as pp

    if args.set_name is not None and args.explain is None:
        raise CommandLineError("--set only applies with --explain TERM")
    patterns = pp.read_patterns(args.file, columns=_columns(args.column))
    analyzer = pp.default_analyzer(args.stopwords)
    ks = tuple(args.k) if args.k else DEFAULT_KS
    judgment = args.judgment
    if judgment is None and len(patterns.judgments) > 1:
        judgment = "strict" if "strict" in patterns.judgments else patterns.judgments[-1]
        if args.explain is None and (args.extrinsic is None or args.format == "json"):
            note(
                args,
                f"{args.file} has {' and '.join(patterns.judgments)} judgments; "
                f"scores use {judgment} (choose with --judgment)",
            )
    if args.explain is not None:
        text = _explain(pp, patterns, args, judgment, analyzer)
    else:
        scores = pp.score_patterns(patterns, ks=ks, judgment=judgment, analyzer=analyzer)
        meta = None
        if args.extrinsic:
            meta = pp.meta_evaluate(
                patterns,
                pp.read_extrinsic(args.extrinsic),
                ks=ks,
                judgments=[args.judgment] if args.judgment else None,
                n_boot=args.bootstrap,
                confidence_level=args.confidence,
                seed=args.seed,
                analyzer=analyzer,
            )
        text = _report(scores, meta, args)
    emit(text, args.output)
    return 0


def _explain(
    pp: Any, patterns: Any, args: argparse.Namespace, judgment: str | None, analyzer: Any
) -> str:
    rows = pp.explain(
        patterns, args.explain, set=args.set_name, judgment=judgment, analyzer=analyzer
    )
    # the signature alone: no need to score the whole file for it
    j = patterns.resolve_judgment(judgment)
    signature = pp.metrics.signature(j, analyzer)
    if args.format == "json":
        return to_json({"signature": signature, "explain": [r.as_dict() for r in rows]})
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
    title = f"Algorithm 1 for source {args.explain!r} (Q from {j} judgments)"
    text = render_table(header, body, args.format, digits=args.digits, title=title, align_left=7)
    return text if args.format == "csv" else text + _tail(args.format, signature)


def _report(scores: Any, meta: Any, args: argparse.Namespace) -> str:
    fmt, digits = args.format, args.digits
    if fmt == "json":
        doc: dict[str, Any] = {"signature": scores.signature, "results": scores.records()}
        if meta is not None:
            doc["meta"] = {"signature": meta.signature, "cells": [c.as_dict() for c in meta.cells]}
        return to_json(doc)
    if fmt == "csv":
        if meta is None:
            note(args, f"signature: {scores.signature}")
            header = ["set", "source", "metric", "k", "value"]
            return render_table(header, [list(r.values()) for r in scores.records()], "csv")
        note(args, f"signature: {meta.signature}")
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
