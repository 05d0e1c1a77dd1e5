"""Sentence-pair gold standards (STS Benchmark, SICK, SemEval STS 2012–2016): a registry
on the same checksummed store as the word-similarity sets (:mod:`simeval.datasets.files`)
and one reader per release format. See :mod:`.registry` for the names."""

from .registry import (
    SENTENCE_DATASETS,
    STS_SUBSETS,
    SentenceDataset,
    SentencePairs,
    get_sentences,
    inputs,
    load,
)

__all__ = [
    "SENTENCE_DATASETS",
    "STS_SUBSETS",
    "SentenceDataset",
    "SentencePairs",
    "get_sentences",
    "inputs",
    "load",
]
