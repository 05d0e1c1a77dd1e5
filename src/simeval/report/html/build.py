"""The HTML report of saved results: any of the documents of :mod:`simeval.report.schema`,
one page for any number of them; ``simeval report`` of a command's saved JSON gives the
page its ``--html`` gave."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..._version import __version__
from ...errors import DataError, InputError
from ..schema import read_document
from .leads import better
from .others import PARTS
from .page import Page, Part
from .sections import study_section, summary_section
from .studies import gather
from .text import Html, isolated, name, strong
from .verdict import verdict
from .words import wordsim_part

__all__ = ["PAGE_KINDS", "build_page", "page_document"]

Doc = Mapping[str, Any]
#: Up to this many names are listed in the title; more are counted.
TITLE_NAMES = 5


def _listed(items: Sequence[str], noun: str, html: bool) -> str:
    if len(items) > TITLE_NAMES:
        return f"{len(items)} {noun}"
    return ", ".join(str(name(x)) if html else isolated(x) for x in items)


def _title(parts: Sequence[Part], given: str | None) -> tuple[str, Html]:
    """The window title (plain, names isolated) and the page heading (HTML): what each
    kind of result compares, on which data."""
    if given:
        return given, name(given)
    plain: list[str] = []
    heading: list[str] = []
    for p in parts:
        if not p.compared:
            continue
        for out, html in ((plain, False), (heading, True)):
            on = f" on {_listed(p.on, 'data sets', html)}" if p.on else ""
            out.append(f"{p.what}{_listed(p.compared, p.noun, html)}{on}")
    if not plain:
        return "simeval report", Html("simeval report")
    return "; ".join(plain), Html("; ".join(heading))


#: The kinds of saved document a page shows: every result. A ``scores`` document (from
#: ``simeval score`` or ``merge``) holds a model's scores of the pairs, not a result.
PAGE_KINDS = frozenset({"evaluation", "comparison", "run", "wordsim", *PARTS})


def page_document(doc: Any, source: str) -> dict[str, Any]:
    """``doc`` read back (:func:`~simeval.report.schema.read_document`) when the page
    shows its kind, else :class:`~simeval.errors.DataError` naming ``source``.

    Parameters
    ----------
    doc : object
        Parsed JSON.
    source : str
        Where it comes from (the file), for the message.

    Returns
    -------
    dict

    Examples
    --------
    >>> page_document({"kind": "scores", "schema": 1, "signature": "s", "model": "m",
    ...                "dataset": "d", "similarity": "cosine", "set_pairs": 0,
    ...                "shard": None, "records": []}, "m.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    simeval.errors.DataError: m.json is a scores document ... evaluate it first: ...
    """
    read = read_document(doc, source)
    if read["kind"] not in PAGE_KINDS:
        raise DataError(
            f"{source} is a {read['kind']} document (a model's scores of the pairs), which "
            "has no report; evaluate it first: simeval evaluate --dataset NAME --system "
            f"NAME={source} -o result.json"
        )
    return read


def build_page(docs: Sequence[Doc], *, title: str | None = None, figures: bool = True) -> str:
    """The report of ``docs`` (saved documents of simeval results, see
    :mod:`simeval.report.schema`) as one HTML page: a title saying what was compared, the
    verdict in at most three sentences, one summary figure, a section per data set (and
    per other result), the signatures in the footer. ``title`` replaces the heading;
    ``figures=False`` leaves out the figures (no matplotlib needed).

    Parameters
    ----------
    docs : sequence of dict
        Saved documents.
    title : str, optional
        The heading (default: what was compared).
    figures : bool, default True
        Whether to draw the figures (needs matplotlib).

    Returns
    -------
    str

    Raises
    ------
    InputError
        No document.
    DataError
        A document that is not a saved simeval result of this schema.

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> from simeval.report.schema import comparison_document
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> page = build_page([comparison_document(cmp)], figures=False)
    >>> page.startswith("<!DOCTYPE html>"), "<bdi>good</bdi>" in page
    (True, True)
    """
    if not docs:
        raise InputError("a report needs at least one result document")
    docs = [page_document(d, f"document {i}") for i, d in enumerate(docs, start=1)]
    signatures: list[str] = []

    def number(signature: str) -> int:
        if signature not in signatures:
            signatures.append(signature)
        return signatures.index(signature) + 1

    contents = gather(docs)
    said = verdict(contents)
    studies = contents.studies
    summary = summary_section(contents, said, figures=figures, number=number)
    sections = [
        study_section(s, said, forest=len(studies) > 1, figures=figures, number=number)
        for s in studies
    ]
    parts = [Part([], None, [], contents.systems, [s.name for s in studies])]
    words = [d for d in contents.others if d["kind"] == "wordsim"]
    if words:
        parts.append(wordsim_part(words, figures=figures))
        for d in words:
            parts[-1].sections[0].signatures.append(number(d["signature"]))
    for i, d in enumerate(contents.others, start=1):
        if d["kind"] != "wordsim":
            part = PARTS[d["kind"]](d, i, figures)
            part.sections[0].signatures.append(number(d["signature"]))
            parts.append(part)
    sentences = list(said.sentences)
    # without sentence-pair results, the verdict is the other results': up to three
    # sentences on top, the first of each; the rest go to their sections
    top = 3 if len(parts) == 2 else 1
    for part in parts[1:]:
        k = top if not studies and len(sentences) < 3 else 0
        sentences += part.verdict[:k]
        part.sections[0].findings = part.verdict[k:] + part.sections[0].findings
        if summary is None and part.summary is not None:
            summary = part.summary
        sections += part.sections
    plain, heading = _title(parts, title)
    subtitle = Html("")
    if studies:
        m = contents.headline
        protocols = ", ".join(name(r["protocol"]) for r in contents.runs)
        subtitle = Html(
            f"Headline measure {strong(m)} ({better(m)})"
            + (f" · protocol {protocols}" if protocols else "")
            + f" · {len(contents.systems)} systems on {len(studies)} data "
            + ("set" if len(studies) == 1 else "sets")
        )
    page = Page(
        plain,
        heading,
        subtitle=subtitle,
        verdict=sentences,
        verdict_note=said.note,
        summary=summary,
        sections=sections,
        signatures=signatures,
        footer=Html(
            f"Made with simeval {__version__}; every number is reproducible from its "
            "signature above."
        ),
    )
    return page.render()
