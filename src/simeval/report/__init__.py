"""Presenting results: plain-text, Markdown, LaTeX and CSV tables, JSON documents."""

from .tables import FORMATS, format_number, render_table, to_json

__all__ = ["FORMATS", "format_number", "render_table", "to_json"]
