"""Gold-standard datasets: registries, loaders with a download cache and checksums.

Modules:

- :mod:`simeval.datasets.wordsim`: word-similarity sets (RG65, WordSim353, SimLex-999 …)
  for :mod:`simeval.wordsim`.
"""
