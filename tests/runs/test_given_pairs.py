"""Pairs given to ``se.run`` are checked before any scoring: each wrong field is named.

Before, 4 gold values for 5 text pairs dropped the fifth pair without a word, 7 raised an
IndexError from the planner, and a lone surrogate a UnicodeEncodeError from the cache."""

from __future__ import annotations

import pytest

import simeval as se
from simeval.errors import InputError
from simeval.runs.run import Pairs

T1 = ["a cat", "a dog", "the sun", "rain falls", "a man"]
T2 = ["a cat sat", "a cat", "rain", "it rains", "a woman"]


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (Pairs("gs", T1, T2, [1, 2, 3, 4]), "gold has 4 values for 5 pairs"),
        (Pairs("gs", T1, T2, [1, 2, 3, 4, 5, 1, 1]), "gold has 7 values for 5 pairs"),
        (Pairs("gs", T1, T2[:3], [1, 2, 3, 4, 5]), "texts2 has 3 values for 5 pairs"),
        (Pairs("gs", T1, T2, [1, 2, 3, 4, 5], ids=["a"]), "ids has 1 values for 5 pairs"),
        (Pairs("gs", T1, [*T2[:4], "x\udcff"], [1, 2, 3, 4, 5]), r"texts2\[4\] is not valid"),
        (Pairs("gs", T1, [*T2[:4], 3], [1, 2, 3, 4, 5]), r"texts2\[4\] is int, not a text"),
        (Pairs("gs", [], [], []), "no pairs"),
    ],
)
def test_a_wrong_field_of_given_pairs_is_named(pairs: Pairs, message: str) -> None:
    with pytest.raises(InputError, match=message):
        se.run("lexical:jaccard", [pairs])


def test_the_signature_names_each_files_digest(shared_data) -> None:
    # sts13:FNWN is read from two files; the signature cut "b48…;8ca…" to its first 12
    # characters, naming the first file only. The digests by hashlib, from the files.
    import hashlib

    files = ["semeval-sts/2013/STS.input.FNWN.txt", "semeval-sts/2013/STS.gs.FNWN.txt"]
    digests = [hashlib.sha256((shared_data / f).read_bytes()).hexdigest()[:12] for f in files]
    result = se.run("lexical:jaccard", "sts13:FNWN", data_dir=str(shared_data), n_resamples=0)
    assert f"datasets:sts13:FNWN={'+'.join(digests)}|" in result.signature
