"""One self-contained HTML page: inline CSS, inline SVG figures, no request leaves the file.

Why this stack: the figures are matplotlib's (the same as ``.plot()`` in the library), saved
as SVG and inlined, and the page is assembled with the standard library (``html.escape``),
so the report needs no JavaScript, no template engine and nothing from the network; SVG
stays sharp on screen and in print and is small (a scatter beyond 20 000 pairs is a hexbin,
not 20 000 circles). A chart library with inlined JavaScript would add interactivity but
also 0.5–3 MB of code per report and a second way of drawing every figure.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["RASTER_ABOVE", "Figure", "Page", "Section", "svg_of"]

#: Collections with more markers or cells than this are drawn as an embedded bitmap.
RASTER_ABOVE = 300

_CSS = """
:root { --ink: #1b1b1b; --muted: #5f5f5f; --rule: #d6d6d6; --accent: #0b5cad; --bg: #ffffff; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem 1.25rem 3rem; color: var(--ink);
  background: var(--bg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto,
  "Helvetica Neue", Arial, sans-serif; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--rule);
  padding-bottom: .2rem; }
h3 { font-size: 1rem; margin: 1.25rem 0 .4rem; }
p, li { max-width: 60rem; }
.signature { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  color: var(--muted); word-break: break-all; background: #f6f6f6; padding: .4rem .6rem;
  border-radius: 4px; }
.verdict { border-left: 4px solid var(--accent); padding: .2rem 0 .2rem .9rem; margin: 1rem 0; }
.verdict li { margin: .25rem 0; }
figure { margin: 1rem 0 1.5rem; }
figure svg { width: 100%; height: auto; max-width: 60rem; display: block; }
figcaption { color: var(--muted); font-size: .9rem; margin-top: .3rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .9rem; }
caption { caption-side: top; text-align: left; color: var(--muted); padding: .2rem 0; }
th, td { padding: .25rem .6rem; border-bottom: 1px solid var(--rule); text-align: right;
  white-space: nowrap; }
th { border-bottom: 2px solid var(--ink); }
th:first-child, td:first-child { text-align: left; }
td.undefined { color: var(--muted); }
.table-wrap { overflow-x: auto; }
.notes { font-size: .85rem; color: var(--muted); }
footer { margin-top: 3rem; font-size: .8rem; color: var(--muted); }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  h2 { break-after: avoid; }
  figure, table { break-inside: avoid; }
  .table-wrap { overflow: visible; }
}
"""


def svg_of(fig: Any) -> str:
    """A matplotlib figure as an inline ``<svg>`` element (no XML prolog, no fixed size,
    unique ids so that several figures on one page do not share clip paths)."""
    # thousands of points as SVG paths weigh megabytes: scatters and hexbins with many
    # elements are embedded as a bitmap inside the SVG; axes, labels and text stay vector
    for ax in fig.get_axes():
        for artist in ax.collections:
            offsets = getattr(artist, "get_offsets", lambda: ())()
            if len(offsets) > RASTER_ABOVE or len(artist.get_paths()) > RASTER_ABOVE:
                artist.set_rasterized(True)
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", dpi=110)
    svg = buf.getvalue()
    svg = svg[svg.index("<svg") :]
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.S)  # creator, date: bloat
    prefix = f"f{id(fig):x}"
    svg = re.sub(r'id="([^"]+)"', rf'id="{prefix}-\1"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}-\1)", svg)
    svg = re.sub(r'((?:xlink:)?href)="#([^"]+)"', rf'\1="#{prefix}-\2"', svg)
    # let CSS size it: drop the fixed width/height in points, keep the viewBox
    svg = re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', r"<svg\1", svg, count=1)
    return svg


@dataclass
class Figure:
    """A figure of the page: its title, what it shows, and the inline SVG."""

    title: str
    caption: str
    svg: str


@dataclass
class Section:
    """A titled part of the page: paragraphs (already HTML), figures and tables (HTML)."""

    title: str
    paragraphs: list[str] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    tables: list[str] = field(default_factory=list)


@dataclass
class Page:
    """The whole report; :meth:`render` gives the HTML text."""

    title: str
    signatures: Sequence[str] = ()
    verdict: Sequence[str] = ()
    sections: list[Section] = field(default_factory=list)
    footer: str = ""

    def render(self) -> str:
        e = html.escape
        parts = [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{e(self.title)}</title>",
            f"<style>{_CSS}</style></head><body>",
            f"<h1>{e(self.title)}</h1>",
        ]
        for sig in self.signatures:
            parts.append(f'<p class="signature">{e(sig)}</p>')
        if self.verdict:
            parts.append('<section class="verdict" id="verdict"><h2>Verdict</h2><ul>')
            parts.extend(f"<li>{v}</li>" for v in self.verdict)
            parts.append("</ul></section>")
        for i, s in enumerate(self.sections):
            parts.append(f'<section id="section-{i + 1}"><h2>{e(s.title)}</h2>')
            parts.extend(f"<p>{p}</p>" for p in s.paragraphs)
            for f in s.figures:
                parts.append(
                    f'<figure class="figure"><h3>{e(f.title)}</h3>{f.svg}'
                    f"<figcaption>{e(f.caption)}</figcaption></figure>"
                )
            parts.extend(f'<div class="table-wrap">{t}</div>' for t in s.tables)
            parts.append("</section>")
        if self.footer:
            parts.append(f"<footer>{self.footer}</footer>")
        parts.append("</body></html>")
        return "\n".join(parts) + "\n"
