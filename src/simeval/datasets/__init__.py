"""Gold-standard datasets: registries, loaders with a download cache and checksums.

- :func:`load` (``se.datasets.load("stsb:test")``): a registered sentence-pair data set
  (STS Benchmark, SICK, SemEval STS 2012–2016) as :class:`SentencePairs`;
- :mod:`simeval.datasets.wordsim`: word-similarity sets (RG65, WordSim353, SimLex-999 …)
  for :mod:`simeval.wordsim`;
- :mod:`simeval.datasets.files`: the one checksummed store both use.
"""

from .sentences import SENTENCE_DATASETS, SentencePairs, get_sentences, load

__all__ = ["SENTENCE_DATASETS", "SentencePairs", "get_sentences", "load"]
