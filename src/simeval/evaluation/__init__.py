"""Evaluating systems against gold scores.

- :mod:`.evaluate` — :func:`~.evaluate.evaluate` and its :class:`~.evaluate.Evaluation`:
  every metric of every system, with reasons for undefined values and a signature;
- :mod:`.records` — its tidy rows, :class:`~.records.Record`;
- :mod:`.compare` — :func:`~.compare.compare` and its :class:`~.compare.Comparison`:
  bootstrap intervals, paired tests, clusters and rank intervals of systems;
- :mod:`.pairwise` — :class:`~.pairwise.PairwiseComparison`: the tests of one pair;
- :mod:`.collection` — :func:`~.collection.compare_collection`: who is best over several
  data sets (Friedman–Nemenyi, the stratified bootstrap of the aggregate);
- :mod:`.aggregate` — every way simeval combines a metric across data sets.
"""
