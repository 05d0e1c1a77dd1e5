"""Evaluating systems against gold scores.

- :mod:`.evaluate` — :func:`~.evaluate.evaluate` and its :class:`~.evaluate.Evaluation`:
  every metric of every system, with reasons for undefined values and a signature;
- :mod:`.compare` — :func:`~.compare.compare` and its :class:`~.compare.Comparison`:
  bootstrap intervals, paired tests and clusters of systems;
- :mod:`.aggregate` — every way simeval combines a metric across data sets.
"""
