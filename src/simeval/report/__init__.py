"""Presenting results: plain-text, Markdown, LaTeX and CSV tables, the saved JSON
documents (:mod:`.schema`, one versioned layout for every command), figures
(:mod:`.figures`) and the HTML page (:mod:`.html`).

Every presentation of simeval lives here; the command line only calls these functions.
The modules for whole results (``evaluation``, ``comparison``) import the library's
result types and are loaded on first use.
"""

from .tables import FORMATS, format_number, render_table, to_json

__all__ = ["FORMATS", "format_number", "render_table", "to_json"]
