"""Presenting results: plain-text, Markdown, LaTeX and CSV tables, JSON documents.

Every presentation of simeval lives here; the command line only calls these functions.
The modules for whole results (``evaluation``, ``comparison``) import the library's
result types and are loaded on first use.
"""

from .tables import FORMATS, format_number, render_table, to_json

__all__ = ["FORMATS", "format_number", "render_table", "to_json"]
