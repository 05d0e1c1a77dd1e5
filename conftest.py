"""Doctest collection of the package: the compiled vector parser imports numba, an
optional dependency (``simeval[fast]``); without it that module is not collected."""

from importlib.util import find_spec

collect_ignore = [] if find_spec("numba") else ["src/simeval/vectors/compiled.py"]
