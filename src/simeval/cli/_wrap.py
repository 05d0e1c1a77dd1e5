"""Kept for the command modules that still import it: the notes under a table now live
in :mod:`simeval.report.notes`."""

from __future__ import annotations

from ..report.notes import WIDTH, footnotes, table_with_notes

__all__ = ["WIDTH", "footnotes", "table_with_notes"]
