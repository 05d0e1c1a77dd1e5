"""Running models on data sets: :func:`~.run.run` scores every model on every registered
data set and reports under a protocol (:mod:`.protocols`: MTEB, SentEval, SimCSE,
sentence-transformers, simeval) and gives a :class:`~.result.RunResult` (:mod:`.result`).
Each model on each data set (or each shard of it) is one task (:mod:`.tasks`) that runs
here or on any executor, a Dask cluster included (:mod:`.execution`, :mod:`.models`);
:mod:`.shards` merges the shards that separate jobs scored, and
:mod:`.mteb_layout` places results in MTEB's layout. :mod:`.semeval` evaluates SemEval STS
system runs, which :mod:`.semeval_files` reads from their directories."""
