"""The embedding cache: warm runs equal cold ones, damaged entries are found and re-encoded,
two writers at once, the umask, and a lookup that reads only the rows asked for.

The scorer here is a fake: its vector of a text is drawn from a generator seeded by the
SHA-256 of its model key and the text, so it needs no model, and it records every text it
embeds. The damaged
files are written by hand from the layout the module documents (magic, header length,
JSON header, BLAKE2b-128 of the header, padding to 64 bytes, keys, vectors, checksums)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import textwrap
import tracemalloc
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest
from numpy.typing import NDArray

from simeval import cli
from simeval.errors import CacheWarning, InputError
from simeval.scorers import cache_format
from simeval.scorers.cache import EmbeddingCache
from simeval.scorers.embedding import EmbeddingScorer

DIM = 6
TEXTS = [f"sentence number {i}, with some words" for i in range(40)]
PAIRS = (TEXTS[:20], TEXTS[20:])


def vector_of(text: str, dim: int = DIM, model: str = "fake-a") -> NDArray[np.float32]:
    seed = hashlib.sha256(f"{model}|{text}".encode()).digest()
    return np.random.default_rng(list(seed)).standard_normal(dim).astype(np.float32)


class FakeScorer(EmbeddingScorer):
    """A deterministic embedding model that records the texts it embeds."""

    def __init__(self, key: str = "fake-a", *, dim: int = DIM, cache: bool = True) -> None:
        super().__init__("fake", similarity="cosine", cache=cache)
        self.key, self.dim = key, dim
        self.embedded: list[str] = []

    @property
    def model_key(self) -> str:
        return self.key

    @property
    def signature(self) -> str:
        return f"model:fake|key:{self.key}"

    def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        self.embedded.extend(texts)
        return np.stack([vector_of(t, self.dim, self.key) for t in texts])


def key_of(text: str, scored: Sequence[str] = TEXTS) -> bytes:
    """A text's key when it was embedded with the texts ``scored``: SHA-256 of the context
    (the first 16 hex digits of the SHA-256 of those texts, sorted, each followed by a NUL
    byte), a NUL byte and the text, as the cache module documents it."""
    context = hashlib.sha256(b"".join(t.encode() + b"\0" for t in sorted(set(scored))))
    return hashlib.sha256(context.hexdigest()[:16].encode() + b"\0" + text.encode()).digest()


def cold() -> NDArray[np.float64]:
    return FakeScorer(cache=False).score(PAIRS)


def segments(home: Path, key: str = "fake-a") -> list[Path]:
    return sorted((home / "embeddings" / key).glob("*.emb"))


# -- the file layout, written out independently of the module -------------------------------


def read_layout(path: Path) -> tuple[dict, bytes, NDArray, bytes]:
    """(header, keys, vectors, checksums) of a segment file."""
    raw = path.read_bytes()
    length = int.from_bytes(raw[16:20], "little")
    head = json.loads(raw[20 : 20 + length])
    start = 20 + length + 16
    start += -start % 64
    n, dim, dtype = head["count"], head["dim"], np.dtype(head["dtype"])
    keys = raw[start : start + 32 * n]
    vec_end = start + 32 * n + n * dim * dtype.itemsize
    vectors = np.frombuffer(raw[start + 32 * n : vec_end], dtype).reshape(n, dim)
    return head, keys, vectors, raw[vec_end:]


def write_layout(path: Path, head: dict, keys: bytes, vectors: NDArray, sums: bytes) -> None:
    """A segment file with a valid header checksum around whatever parts it is given."""
    body = json.dumps(head).encode()
    out = b"simeval-embed/1\n" + len(body).to_bytes(4, "little") + body
    out += hashlib.blake2b(body, digest_size=16).digest()
    out += bytes(-len(out) % 64)
    path.write_bytes(out + keys + np.ascontiguousarray(vectors).tobytes() + sums)


def flip_byte(path: Path, offset: int) -> None:
    raw = bytearray(path.read_bytes())
    raw[offset] ^= 0x40
    path.write_bytes(bytes(raw))


# -- warm runs ---------------------------------------------------------------------------------


def test_warm_run_embeds_nothing_and_equals_the_cold_run(_private_cache: Path) -> None:
    first, second = FakeScorer(), FakeScorer()
    a = first.score(PAIRS)
    b = second.score(PAIRS)
    assert sorted(first.embedded) == sorted(TEXTS) and second.embedded == []
    assert np.array_equal(a, cold()) and np.array_equal(b, cold())
    assert np.array_equal(second.embeddings(TEXTS), np.stack([vector_of(t) for t in TEXTS]))


def test_each_set_of_texts_is_embedded_in_its_own_batches(_private_cache: Path) -> None:
    """A set of texts sharing 20 texts with one cached before is embedded whole, in its own
    batches (a model's vector of a text varies in its last bits with its batch); scored
    again, it embeds nothing."""
    FakeScorer().score((TEXTS[:10], TEXTS[10:20]))
    scorer = FakeScorer()
    assert np.array_equal(scorer.score(PAIRS), cold())
    assert sorted(scorer.embedded) == sorted(TEXTS)
    again = FakeScorer()
    assert np.array_equal(again.score(PAIRS), cold()) and again.embedded == []


# -- damaged entries ---------------------------------------------------------------------------


def truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def half_written(path: Path) -> None:
    """Renamed into place but only half its bytes reached the disk: the rest is zeros."""
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 2] + bytes(len(raw) - len(raw) // 2))


def more_keys_than_vectors(path: Path) -> None:
    head, keys, vectors, sums = read_layout(path)
    write_layout(path, head, keys, vectors[:-1], sums)


def permuted(path: Path) -> None:
    head, keys, vectors, sums = read_layout(path)
    write_layout(path, head, keys, vectors[::-1], sums)


def wrong_dimension(path: Path) -> None:
    """Vectors cut to 3 of 6 components, with a header that says so."""
    head, keys, vectors, sums = read_layout(path)
    write_layout(path, {**head, "dim": 3}, keys, vectors[:, :3], sums)


def flipped_vector_byte(path: Path) -> None:
    sums = read_layout(path)[3]
    flip_byte(path, path.stat().st_size - len(sums) - 5)  # in the last vector


def flipped_checksum_byte(path: Path) -> None:
    flip_byte(path, path.stat().st_size - 1)


def flipped_header_byte(path: Path) -> None:
    flip_byte(path, 25)


def foreign(path: Path) -> None:
    """Another model's file (same texts, other vectors) copied into this model's folder."""
    other = FakeScorer("fake-b")
    other.score(PAIRS)
    path.unlink()
    shutil.copy(segments(path.parents[2], "fake-b")[0], path)


def foreign_in_disguise(path: Path) -> None:
    """Another model's file whose header was edited to name this model."""
    foreign(path)
    head, keys, vectors, sums = read_layout(path)
    write_layout(path, {**head, "model": "fake-a"}, keys, vectors, sums)


def not_a_segment(path: Path) -> None:
    path.write_bytes(b"")


DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "truncated": (truncated, r"is \d+ bytes where its header \(40 entries of 6 × float32\)"),
    "half written": (half_written, r"40 of its 40 entries fail their checksum"),
    "more keys than vectors": (more_keys_than_vectors, r"is \d+ bytes where its header"),
    "permuted": (permuted, r"40 of its 40 entries fail their checksum"),
    "wrong dimension": (wrong_dimension, r"40 of its 40 entries fail their checksum"),
    "flipped vector byte": (flipped_vector_byte, r"1 of its 40 entries fail"),
    "flipped checksum byte": (flipped_checksum_byte, r"1 of its 40 entries fail"),
    "flipped header byte": (flipped_header_byte, r"damaged header \(its checksum fails\)"),
    "foreign": (foreign, r"holds the embeddings of another model \(fake-b\)"),
    "foreign in disguise": (foreign_in_disguise, r"40 of its 40 entries fail their checksum"),
    "empty file": (not_a_segment, r"is not a simeval embedding file"),
}


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_damage_is_reported_in_one_line_and_re_encoded(_private_cache: Path, damage: str) -> None:
    damage_file, reason = DAMAGE[damage]
    FakeScorer().score(PAIRS)
    (path,) = segments(_private_cache)
    damage_file(path)
    scorer = FakeScorer()
    with pytest.warns(CacheWarning, match=reason) as caught:
        got = scorer.score(PAIRS)
    assert np.array_equal(got, cold())
    assert scorer.embedded  # the damaged entries were embedded again
    message = str(caught[0].message)
    assert str(path) in message and "\n" not in message
    # the damage is gone: the next run warns of nothing and embeds nothing
    again = FakeScorer()
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheWarning)
        assert np.array_equal(again.score(PAIRS), cold())
    assert again.embedded == []


def test_one_damaged_entry_costs_one_re_encoding(_private_cache: Path) -> None:
    FakeScorer().score(PAIRS)
    (path,) = segments(_private_cache)
    flipped_vector_byte(path)  # a byte of the last row: the largest key's vector
    scorer = FakeScorer()
    with pytest.warns(CacheWarning, match="1 of its 40 entries"):
        assert np.array_equal(scorer.score(PAIRS), cold())
    largest = max(TEXTS, key=key_of)
    assert scorer.embedded == [largest]


def test_a_half_written_temporary_file_is_never_read(_private_cache: Path) -> None:
    FakeScorer().score(PAIRS)
    (path,) = segments(_private_cache)
    temp = path.with_name(".tmp-0123.emb.part")
    temp.write_bytes(path.read_bytes()[:300])
    scorer = FakeScorer()
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheWarning)
        assert np.array_equal(scorer.score(PAIRS), cold())
    assert scorer.embedded == []


def test_old_npz_shards_are_ignored_and_removed(_private_cache: Path) -> None:
    """A half-truncated shard of the earlier format (keys and vectors in an .npz)."""
    folder = _private_cache / "embeddings" / "fake-a"
    folder.mkdir(parents=True)
    keys = np.frombuffer(b"".join(hashlib.sha256(t.encode()).digest() for t in TEXTS), np.uint8)
    wrong = np.zeros((len(TEXTS), DIM), np.float32)
    np.savez(folder / "old.npz", keys=keys.reshape(-1, 32), vectors=wrong)
    (folder / "old.npz").write_bytes((folder / "old.npz").read_bytes()[:1000])
    scorer = FakeScorer()
    assert np.array_equal(scorer.score(PAIRS), cold())
    assert len(scorer.embedded) == len(TEXTS)
    assert not (folder / "old.npz").exists()


def test_vectors_of_another_shape_replace_the_cached_ones(_private_cache: Path) -> None:
    """The model changed under its key (3 components, now 6): noticed once it embeds a text
    the cache lacks; then everything is embedded again and the old entries go."""
    FakeScorer(dim=3).score((TEXTS[:10], TEXTS[10:20]))
    scorer = FakeScorer()
    with pytest.warns(CacheWarning, match="holds 3-dimensional float32 vectors where the model"):
        assert np.array_equal(scorer.score(PAIRS), cold())
    assert len(scorer.embedded) == len(TEXTS)
    assert [read_layout(p)[0]["dim"] for p in segments(_private_cache)] == [DIM]


def test_store_refuses_a_matrix_of_another_length(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"one row per text; got float64 of shape \(1, 2\)"):
        EmbeddingCache("m", root=tmp_path).store(["a", "b"], np.zeros((1, 2)))


# -- many segments, two writers, file modes ----------------------------------------------------


def test_many_stores_are_merged_and_every_entry_stays(tmp_path: Path) -> None:
    cache = EmbeddingCache("fake-a", root=tmp_path)
    texts = [f"text {i}" for i in range(200)]
    for start in range(0, 200, 5):  # 40 stores of 5 texts, each overlapping the last
        batch = texts[max(start - 2, 0) : start + 5]
        cache.store(batch, np.stack([vector_of(t) for t in batch]))
    assert len(list(cache.folder.glob("*.emb"))) <= EmbeddingCache.max_segments
    vectors, found = cache.lookup(texts)
    assert found.all() and vectors is not None
    assert np.array_equal(vectors, np.stack([vector_of(t) for t in texts]))


WRITER = textwrap.dedent(
    """
    import pathlib, sys, time
    import numpy as np
    sys.path[:0] = sys.argv[3].split({sep!r})
    from test_cache import vector_of
    from simeval.scorers.cache import EmbeddingCache
    EmbeddingCache.max_segments = 4  # merges race with stores and with each other
    cache = EmbeddingCache("fake-a", root=sys.argv[1])
    first = int(sys.argv[2])
    ready = pathlib.Path(sys.argv[1], f"ready-{{first}}")
    ready.touch()
    while len(list(ready.parent.glob("ready-*"))) < 2:  # start together
        time.sleep(0.001)
    for start in range(first, first + 300, 5):
        texts = [f"text {{i}}" for i in range(start, start + 15)]
        cache.store(texts, np.stack([vector_of(t) for t in texts]))
        vectors, found = cache.lookup(texts)  # stored just now, merged away or not
        assert found.all() and np.array_equal(vectors[0], vector_of(texts[0]))
    """
).format(sep=os.pathsep)


def test_two_processes_writing_at_once_leave_the_cache_complete(tmp_path: Path) -> None:
    path = os.pathsep.join([str(Path(__file__).parent), *sys.path])
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), str(first), path],
            stderr=subprocess.PIPE,
            text=True,
        )
        for first in (0, 150)  # overlapping texts 150 … 299
    ]
    for writer in writers:
        _, err = writer.communicate(timeout=300)
        assert writer.returncode == 0 and err == "", err
    texts = [f"text {i}" for i in range(455)]
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheWarning)
        vectors, found = EmbeddingCache("fake-a", root=tmp_path).lookup(texts)
    assert found.all() and vectors is not None
    assert np.array_equal(vectors, np.stack([vector_of(t) for t in texts]))


def test_a_lookup_follows_segments_merged_away_while_it_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = EmbeddingCache("fake-a", root=tmp_path)
    texts = [f"text {i}" for i in range(30)]
    for start in range(0, 30, 10):
        cache.store(texts[start : start + 10], np.stack([vector_of(t) for t in texts[start:][:10]]))
    other = EmbeddingCache("fake-a", root=tmp_path)  # another process, as it were
    real_open = EmbeddingCache._open

    def merge_first(self, path):
        if self is cache:  # once the lookup has listed the segments: merge them all
            monkeypatch.setattr(EmbeddingCache, "_open", real_open)
            other._merge(other._segment_paths())
        return real_open(self, path)

    monkeypatch.setattr(EmbeddingCache, "_open", merge_first)
    vectors, found = cache.lookup(texts)
    assert len(list(cache.folder.glob("*.emb"))) == 1  # the merge did happen
    assert found.all() and vectors is not None
    assert np.array_equal(vectors, np.stack([vector_of(t) for t in texts]))


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
@pytest.mark.parametrize("umask", [0o022, 0o002, 0o077])
def test_files_get_the_users_umask(tmp_path: Path, umask: int) -> None:
    old = os.umask(umask)
    try:
        cache = EmbeddingCache("fake-a", root=tmp_path)
        for i in range(EmbeddingCache.max_segments + 1):  # the last store merges
            cache.store([f"text {i}"], vector_of(f"text {i}")[None])
    finally:
        os.umask(old)
    files = list(cache.folder.iterdir())
    assert files and {f.stat().st_mode & 0o777 for f in files} == {0o666 & ~umask}
    assert cache.folder.stat().st_mode & 0o777 == 0o777 & ~umask


# -- a lookup reads the rows asked for, not the cache -------------------------------------------


def lookup_cost(tmp_path: Path, size: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """(rows checked, peak bytes allocated) of looking up 2 texts in a cache of ``size``."""
    cache = EmbeddingCache(f"fake-{size}", root=tmp_path)
    texts = [f"text {i}" for i in range(size)]
    vectors = np.stack([vector_of(t, 4) for t in texts])
    cache.store(texts, vectors)
    checked: list[int] = []
    real = cache_format.checksums

    def counting(model, keys, rows):
        checked.append(len(keys))
        return real(model, keys, rows)

    monkeypatch.setattr(cache_format, "checksums", counting)
    tracemalloc.start()
    got, found = cache.lookup(["text 7", "not cached"])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert found.tolist() == [True, False] and got is not None
    assert np.array_equal(got[0], vectors[7])
    return sum(checked), peak


def test_lookup_cost_does_not_grow_with_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Loading the keys of 50 000 entries alone would allocate 50 000 × 32 bytes = 1.6 MB."""
    small = lookup_cost(tmp_path, 1000, monkeypatch)
    large = lookup_cost(tmp_path, 50_000, monkeypatch)
    assert small[0] == large[0] == 1  # one row read and checked: the one found
    assert large[1] < 64 * 1024, large
    assert large[1] < small[1] + 16 * 1024, (small, large)


# -- the command line --------------------------------------------------------------------------


@pytest.mark.parametrize("quiet", [False, True])
def test_the_command_line_shows_a_cache_warning_as_one_note(
    _private_cache: Path, monkeypatch: pytest.MonkeyPatch, capsys, quiet: bool
) -> None:
    from simeval.cli import score as score_command

    FakeScorer().score(PAIRS)
    (path,) = segments(_private_cache)
    truncated(path)

    def run(args) -> int:
        FakeScorer().score(PAIRS)
        warnings.warn("another warning", UserWarning, stacklevel=1)
        return 0

    monkeypatch.setattr(score_command, "run", run)
    argv = [
        "score",
        "--model",
        "lexical:jaccard",
        "--dataset",
        "stsb:test",
        "-o",
        "-",
        *(["-q"] if quiet else []),
    ]
    with pytest.warns(UserWarning, match="another warning"):  # passed on as it was
        assert cli.main(argv) == 0
    err = capsys.readouterr().err.splitlines()
    notes = [line for line in err if line.startswith("simeval: note: embedding cache")]
    assert notes == ([] if quiet else [notes[0]])
    assert quiet or f"{path}: is" in notes[0]
    assert not any("another warning" in line for line in err)
