"""One self-contained HTML page: inline CSS, inline SVG figures, no request leaves the file.

Why this stack: the figures are matplotlib's (the same as ``.plot()`` in the library), saved
as SVG and inlined, and the page is assembled with the standard library (``html.escape``),
so the report needs no JavaScript, no template engine and nothing from the network; SVG
stays sharp on screen and in print and is small (a scatter beyond 20 000 pairs is a hexbin,
not 20 000 circles). A chart library with inlined JavaScript would add interactivity but
also 0.5–3 MB of code per report and a second way of drawing every figure.

The page reads top down: the title (what was compared), the verdict, one summary figure,
then a section per data set headed by its name (a table of contents when there are
several), and the signatures once, in a collapsible footer the sections link to.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .css import CSS
from .text import Html, attribute, name

__all__ = ["RASTER_ABOVE", "Details", "Figure", "Page", "Part", "Section", "svg_of"]

#: Collections with more markers or cells than this are drawn as an embedded bitmap.
RASTER_ABOVE = 300


def svg_of(fig: Any) -> str:
    """A matplotlib figure as an inline ``<svg>`` element (no XML prolog; ids prefixed by
    a digest of the figure, so that figures on one page do not share clip paths and the
    same figure gets the same ids every time) at its own size in points, so that its text
    is as large as drawn; CSS shrinks it to a narrower screen.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure.

    Returns
    -------
    str

    Examples
    --------
    >>> from simeval.report.figures._base import new_figure, offscreen
    >>> with offscreen():
    ...     fig = new_figure((2.0, 1.5))
    >>> svg = svg_of(fig)
    >>> svg.startswith("<svg"), svg == svg_of(fig)  # the same ids every time
    (True, True)
    """
    # thousands of points as SVG paths weigh megabytes: scatters and hexbins with many
    # elements are embedded as a bitmap inside the SVG; axes, labels and text stay vector
    for ax in fig.get_axes():
        for artist in ax.collections:
            offsets = getattr(artist, "get_offsets", lambda: ())()
            if len(offsets) > RASTER_ABOVE or len(artist.get_paths()) > RASTER_ABOVE:
                artist.set_rasterized(True)
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "simeval"}):  # the same ids every time
        fig.savefig(buf, format="svg", bbox_inches="tight", dpi=110)
    svg = buf.getvalue()
    svg = svg[svg.index("<svg") :]
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.S)  # creator, date: bloat
    prefix = "f" + hashlib.sha1(svg.encode()).hexdigest()[:10]
    svg = re.sub(r'id="([^"]+)"', rf'id="{prefix}-\1"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}-\1)", svg)
    return re.sub(r'((?:xlink:)?href)="#([^"]+)"', rf'\1="#{prefix}-\2"', svg)


def _labelled(svg: str, label: str) -> str:
    """The SVG as an image with an accessible name: ``role="img"``, ``aria-label`` and a
    ``<title>`` (names in ``label`` already isolated)."""
    text = attribute(label)
    head, rest = svg.split(">", 1)
    return f'{head} role="img" aria-label="{text}"><title>{text}</title>{rest}'


@dataclass
class Figure:
    """A figure of the page: its heading, its caption (HTML), what it shows in one plain
    sentence (its accessible name) and the inline SVG.

    Attributes
    ----------
    title : Html
        Its heading.
    caption : Html
        Its caption.
    label : str
        What it shows, in plain text (names isolated).
    svg : str
        The inline SVG (:func:`svg_of`).

    Examples
    --------
    >>> fig = Figure(name("r per bin"), Html("one bar per bin"), "r per bin", "<svg></svg>")
    >>> fig.render()[:60]
    '<figure class="figure"><h3><bdi>r per bin</bdi></h3><svg rol'
    """

    title: Html
    caption: Html
    label: str
    svg: str

    def render(self) -> str:
        return (
            f'<figure class="figure"><h3>{self.title}</h3>{_labelled(self.svg, self.label)}'
            f"<figcaption>{self.caption}</figcaption></figure>"
        )


@dataclass
class Details:
    """A collapsible part of a section (secondary figures and tables).

    Attributes
    ----------
    summary : Html
        What the closed part says.
    figures : list of Figure
        Its figures.
    tables : list of str
        Its tables (HTML).

    Examples
    --------
    >>> more = Details(Html("more"), tables=["<table/>"])
    >>> section = Section(name("sts12"), "sts12", details=[more])
    >>> "<details><summary>more</summary>" in section.render()
    True
    """

    summary: Html
    figures: list[Figure] = field(default_factory=list)
    tables: list[str] = field(default_factory=list)


@dataclass
class Section:
    """A part of the page headed by ``title`` (HTML, names isolated): facts about the data
    (``meta``), findings in sentences, figures, tables, collapsible details, and the
    numbers of the signatures its results carry.

    Attributes
    ----------
    title : Html
        Its heading.
    anchor : str
        Its id, for links.
    meta : list of Html
        Facts about the data.
    findings : list of Html
        Sentences.
    figures : list of Figure
        Figures.
    tables : list of str
        Tables (HTML).
    details : list of Details
        Collapsible parts.
    signatures : list of int
        The numbers of the signatures its results carry.

    Examples
    --------
    >>> section = Section(name("sts12"), "sts12", findings=[Html("a is best")], signatures=[1])
    >>> print(section.render())
    <section class="part" id="sts12"><h2><bdi>sts12</bdi></h2>
    <p class="meta">signature <a href="#signature-1">[1]</a></p>
    <ul class="findings">
    <li>a is best</li>
    </ul>
    </section>
    """

    title: Html
    anchor: str
    meta: list[Html] = field(default_factory=list)
    findings: list[Html] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    tables: list[str] = field(default_factory=list)
    details: list[Details] = field(default_factory=list)
    signatures: list[int] = field(default_factory=list)

    def render(self) -> str:
        parts = [f'<section class="part" id="{self.anchor}"><h2>{self.title}</h2>']
        meta = list(self.meta)
        if self.signatures:
            links = ", ".join(f'<a href="#signature-{i}">[{i}]</a>' for i in self.signatures)
            meta.append(Html(f"signature {links}"))
        if meta:
            parts.append(f'<p class="meta">{" · ".join(meta)}</p>')
        if self.findings:
            parts.append('<ul class="findings">')
            parts += [f"<li>{f}</li>" for f in self.findings]
            parts.append("</ul>")
        parts += [f.render() for f in self.figures]
        parts += [f'<div class="table-wrap">{t}</div>' for t in self.tables]
        for d in self.details:
            parts.append(f"<details><summary>{d.summary}</summary>")
            parts += [f.render() for f in d.figures]
            parts += [f'<div class="table-wrap">{t}</div>' for t in d.tables]
            parts.append("</details>")
        parts.append("</section>")
        return "\n".join(parts)


@dataclass
class Part:
    """What the documents of one kind give the page: verdict sentences, an optional
    summary section, their sections, and for the title what they compare (``compared``,
    counted as ``noun`` when they are many, after ``what``) on which data (``on``).

    Attributes
    ----------
    verdict : list of Html
        Sentences for the verdict.
    summary : Section or None
        A summary section.
    sections : list of Section
        The sections.
    compared : list of str
        What is compared, for the title.
    on : list of str
        On which data.
    noun : str, default "systems"
        What the compared are called when they are many.
    what : str
        What comes before the noun.

    Examples
    --------
    >>> part = Part(verdict=[Html("a is best.")], compared=["a", "b"], on=["sts12"])
    >>> part.noun, len(part.sections)
    ('systems', 0)
    """

    verdict: list[Html] = field(default_factory=list)
    summary: Section | None = None
    sections: list[Section] = field(default_factory=list)
    compared: list[str] = field(default_factory=list)
    on: list[str] = field(default_factory=list)
    noun: str = "systems"
    what: str = ""


@dataclass
class Page:
    """The whole report; :meth:`render` gives the HTML text. ``title`` is plain text
    (names isolated) for the window title, ``heading`` its HTML for the page.

    Attributes
    ----------
    title : str
        The window title (names isolated).
    heading : Html
        The page's heading.
    subtitle : str
        Under the heading.
    verdict, verdict_note : sequence of Html
        The verdict's sentences and notes.
    summary : Section or None
        The summary section.
    sections : list of Section
        A section per data set.
    signatures : sequence of str
        Every signature, numbered in the footer.
    footer : str
        The footer's text.

    Examples
    --------
    >>> page = Page("a vs b", Html("<bdi>a</bdi> vs <bdi>b</bdi>"), verdict=[Html("a is best.")],
    ...             signatures=["simeval:0.1|evaluate"])
    >>> html = page.render()
    >>> html.startswith("<!DOCTYPE html>"), '<p class="verdict-text">a is best.</p>' in html
    (True, True)
    """

    title: str
    heading: Html
    subtitle: str = ""
    verdict: Sequence[Html] = ()
    verdict_note: Sequence[Html] = ()
    summary: Section | None = None
    sections: list[Section] = field(default_factory=list)
    signatures: Sequence[str] = ()
    footer: str = ""

    def _contents(self) -> str:
        if len(self.sections) < 2:
            return ""
        items = "".join(f'<li><a href="#{s.anchor}">{s.title}</a></li>' for s in self.sections)
        return (
            f'<nav class="contents" aria-label="Contents"><h2>Contents</h2><ol>{items}</ol></nav>'
        )

    def _footer(self) -> str:
        parts = ["<footer>"]
        if self.signatures:
            parts.append(
                f"<details><summary>Signatures ({len(self.signatures)}): every number is "
                'reproducible from them</summary><ol class="signatures">'
            )
            parts += [
                f'<li id="signature-{i}"><code>{name(s)}</code></li>'
                for i, s in enumerate(self.signatures, start=1)
            ]
            parts.append("</ol></details>")
        parts.append(f"<p>{self.footer}</p></footer>")
        return "\n".join(parts)

    def render(self) -> str:
        parts = [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{attribute(self.title)}</title>",
            f"<style>{CSS}</style></head><body>",
            f"<header><h1>{self.heading}</h1>",
        ]
        if self.subtitle:
            parts.append(f'<p class="subtitle">{self.subtitle}</p>')
        parts.append("</header><main>")
        if self.verdict:
            parts.append('<section class="verdict" id="verdict" aria-labelledby="verdict-h">')
            parts.append('<h2 id="verdict-h">Verdict</h2>')
            parts.append(f'<p class="verdict-text">{" ".join(self.verdict)}</p>')
            parts += [f'<p class="verdict-note">{n}</p>' for n in self.verdict_note]
            parts.append("</section>")
        if self.summary is not None:
            parts.append(self.summary.render())
        parts.append(self._contents())
        parts += [s.render() for s in self.sections]
        parts.append("</main>")
        parts.append(self._footer())
        parts.append("</body></html>")
        return "\n".join(p for p in parts if p) + "\n"
