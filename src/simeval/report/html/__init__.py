"""A self-contained HTML report of simeval results (see :mod:`.page` for why inline SVG)."""

from .build import KINDS, build_page, document_kind
from .page import Figure, Page, Section, svg_of
from .tables import html_table

__all__ = [
    "KINDS",
    "Figure",
    "Page",
    "Section",
    "build_page",
    "document_kind",
    "html_table",
    "svg_of",
]
