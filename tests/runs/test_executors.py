"""Tasks on another executor give the run they give here: a Dask ``LocalCluster`` of two
worker processes, and a ``concurrent.futures`` pool, against the same run in this process
(every record and every per-pair score equal)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import simeval as se
from simeval.errors import InputError
from simeval.runs.models import executor_from
from simeval.runs.run import Pairs

T1 = ["a cat sits", "a dog runs", "sun is hot", "two men talk", "the bird sings", "cat food",
      "a man eats", "kids play ball", "rain falls", "a car stops"]  # fmt: skip
T2 = ["the cat sat", "a dog walks", "cold rain", "two women talk", "a bird flies", "dog food",
      "a woman eats", "kids play", "snow falls", "the car is red"]  # fmt: skip
GOLD = [4.6, 3.0, 0.4, 2.8, 2.6, 1.2, 2.2, 4.0, 1.8, 1.0]
SETS = [Pairs("a", T1, T2, GOLD, (0, 5)), Pairs("b", T2[::-1], T1, GOLD[::-1], (0, 5))]
MODELS = ["lexical:jaccard", "lexical:char-tfidf"]


def _same(one: se.runs.result.RunResult, other: se.runs.result.RunResult) -> None:
    assert one.records == other.records
    assert one.scores.keys() == other.scores.keys()
    for key in one.scores:
        assert np.array_equal(one.scores[key], other.scores[key])


def test_a_dask_cluster_gives_the_local_run() -> None:
    distributed = pytest.importorskip("distributed", reason="needs the 'dask' extra")
    local = se.run(MODELS, SETS, n_resamples=200, shards=2)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = se.run(MODELS, SETS, n_resamples=200, shards=2, executor=client)
    _same(local, remote)
    unsharded = se.run(MODELS, SETS, n_resamples=200)
    _same(local, unsharded)  # a lexical scorer's pairs do not depend on their shard


def test_a_thread_pool_gives_the_local_run() -> None:
    local = se.run(MODELS, SETS, n_resamples=0, shards=3)
    with ThreadPoolExecutor(2) as pool:
        _same(local, se.run(MODELS, SETS, n_resamples=0, shards=3, executor=pool))


def test_what_is_no_executor_is_one_line() -> None:
    with pytest.raises(InputError, match="the executor is local, dask or dask://HOST:PORT"):
        executor_from("slurm")
    with pytest.raises(InputError, match="an executor needs submit"):
        executor_from(object())
    with pytest.raises(InputError, match="`shards` must be a positive integer"):
        se.run(MODELS, SETS, shards=0)


@pytest.mark.parametrize(
    "address", ["dask://", "dask://127.0.0.1", "dask://127.0.0.1:abc", "dask://:8786", "dask://h:0"]
)
def test_a_malformed_scheduler_address_is_one_line(address: str) -> None:
    # distributed raised ValueError ("missing port number") or int() its own, a traceback
    pytest.importorskip("distributed")
    with pytest.raises(InputError, match=r"give the scheduler as dask://HOST:PORT"):
        executor_from(address)
