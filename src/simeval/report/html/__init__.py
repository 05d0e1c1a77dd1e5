"""A self-contained HTML report of simeval results (see :mod:`.page` for why inline SVG):
:func:`build_page` of saved documents (:mod:`simeval.report.schema`)."""

from .build import build_page
from .page import Figure, Page, Section, svg_of
from .tables import html_table

__all__ = ["Figure", "Page", "Section", "build_page", "html_table", "svg_of"]
