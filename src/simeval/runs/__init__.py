"""Running models on data sets: :func:`~.run.run` scores every model on every registered
data set and reports under a protocol (:mod:`.protocols`: MTEB, SentEval, SimCSE,
sentence-transformers, simeval); :mod:`.semeval` reads SemEval STS directories of system
runs."""
