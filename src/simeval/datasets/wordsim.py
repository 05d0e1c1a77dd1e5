"""Word-similarity gold standards: a registry, a checksummed download cache, loaders.

Each :class:`WordsimDataset` records the citation, licence, score scale, download URL
and SHA-256 of one public file, and how to parse it. :func:`load` returns the pairs as
:class:`WordPairs`; the file comes from, in this order,

1. ``data_dir`` (or ``--data-dir``), searched directly and one folder deep,
2. the cache ``$SIMEVAL_HOME/wordsim/`` (default: the user's cache folder, e.g.
   ``~/.cache/simeval``), or
3. the URL, downloaded into the cache (``file://`` URLs work, for mirrors and tests).

Every file is checked against its SHA-256 before it is used; a mismatch is an error that
names both digests. :func:`read_pairs` reads a user's own pairs file (TSV/CSV/space
separated, with or without a header).
"""

from __future__ import annotations

import csv
import hashlib
import io
import math
import os
import sys
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError, InputError
from ..io import read_text

__all__ = [
    "DATASETS",
    "WordPairs",
    "WordsimDataset",
    "cache_dir",
    "cached_path",
    "fetch",
    "get",
    "load",
    "pairs_from",
    "read_pairs",
]

_FARUQUI = (
    "https://raw.githubusercontent.com/mfaruqui/eval-word-vectors/"
    "94b3dd9fdbac7ed08dbee7179cd5ee464acf0594/data/word-sim/"
)
_SIMCROSS = "https://raw.githubusercontent.com/mrmechko/simcross/"


@dataclass(frozen=True)
class WordPairs:
    """Word pairs with gold similarity scores (the ``task`` of wordspace).

    ``word1``, ``word2`` and ``score`` have one entry per pair; ``scale`` is the declared
    rating scale ``(lo, hi)`` when known.

    >>> wp = WordPairs.from_columns(["cat"], ["dog"], [3.5], name="toy")
    >>> len(wp), wp.word1[0], float(wp.score[0])
    (1, 'cat', 3.5)
    """

    name: str
    word1: tuple[str, ...]
    word2: tuple[str, ...]
    score: NDArray[np.float64]
    scale: tuple[float, float] | None = None

    @classmethod
    def from_columns(
        cls,
        word1: Iterable[object],
        word2: Iterable[object],
        score: Iterable[float],
        *,
        name: str = "pairs",
        scale: tuple[float, float] | None = None,
    ) -> WordPairs:
        """Validate three columns of equal length into :class:`WordPairs`."""
        w1 = tuple(str(w) for w in word1)
        w2 = tuple(str(w) for w in word2)
        try:
            s = np.asarray(list(score), dtype=np.float64)
        except (TypeError, ValueError) as exc:
            raise InputError(f"{name}: scores must be numbers; {exc}") from None
        if not len(w1) == len(w2) == s.size:
            raise InputError(
                f"{name}: word1, word2 and score must have the same length; "
                f"got {len(w1)}, {len(w2)} and {s.size}"
            )
        if s.size == 0:
            raise InputError(f"{name}: no word pairs")
        if not np.isfinite(s).all():
            i = int(np.argmax(~np.isfinite(s)))
            raise InputError(f"{name}: pair {i + 1} ({w1[i]}, {w2[i]}) has no finite score")
        return cls(name, w1, w2, s, scale)

    def __len__(self) -> int:
        return len(self.word1)


def pairs_from(
    pairs: object,
    *,
    word1: str = "word1",
    word2: str = "word2",
    score: str = "score",
    name: str | None = None,
) -> WordPairs:
    """Coerce ``pairs`` into :class:`WordPairs`.

    Accepts :class:`WordPairs`, a pandas DataFrame or a mapping of columns (named by
    ``word1``/``word2``/``score``, as wordspace's ``word1.name`` …), or a sequence of
    ``(word1, word2, score)`` rows.

    >>> pairs_from([("cat", "dog", 3.0), ("cat", "car", 0.5)]).word2
    ('dog', 'car')
    """
    if isinstance(pairs, WordPairs):
        return pairs
    label = name or "pairs"
    columns = getattr(pairs, "columns", None)
    if columns is not None or isinstance(pairs, Mapping):
        keys = list(columns if columns is not None else pairs)  # type: ignore[arg-type]
        for col in (word1, word2, score):
            if col not in keys:
                raise InputError(
                    f"{label}: no column {col!r} (columns: {', '.join(map(str, keys))}); "
                    "name the columns with word1=/word2=/score="
                )
        table = pairs  # a DataFrame or a mapping of columns
        return WordPairs.from_columns(
            table[word1],  # type: ignore[index]
            table[word2],  # type: ignore[index]
            table[score],  # type: ignore[index]
            name=label,
        )
    try:
        rows = [tuple(r) for r in pairs]  # type: ignore[attr-defined]
    except TypeError:
        raise InputError(
            f"{label}: expected WordPairs, a DataFrame, a mapping of columns or "
            f"(word1, word2, score) rows; got {type(pairs).__name__}"
        ) from None
    bad = [i for i, r in enumerate(rows) if len(r) < 3]
    if bad:
        raise InputError(f"{label}: row {bad[0] + 1} has fewer than 3 fields (word1, word2, score)")
    return WordPairs.from_columns(
        [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows], name=label
    )


# --------------------------------------------------------------------------- reading


def _is_number(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


def _split(line: str) -> list[str]:
    return line.split("\t") if "\t" in line else line.split()


def read_pairs(
    path: str | os.PathLike[str],
    *,
    word1: str | int = "word1",
    word2: str | int = "word2",
    score: str | int = "score",
    name: str | None = None,
    scale: tuple[float, float] | None = None,
    header: bool | None = None,
) -> WordPairs:
    """Read word pairs from a delimited text file.

    Fields are split on tabs when a line has one, else on commas for ``.csv`` files, else
    on runs of spaces. ``header=None`` detects a header (a first line whose score field
    is not a number). Columns are chosen by name (with a header) or by 0-based position;
    without a header the defaults are positions 0, 1, 2. CRLF endings, a missing final
    newline and blank lines are accepted.

    Raises
    ------
    DataError
        Missing file, a named column that is absent, a row with too few fields or a
        score that is not a number (file and line named).

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "p.tsv"
    >>> _ = p.write_text("word1\\tword2\\tscore\\ncat\\tdog\\t3.5\\r\\n")
    >>> read_pairs(p).score.tolist()
    [3.5]
    """
    p = Path(path)
    text = read_text(p)
    numbered = [(i + 1, ln) for i, ln in enumerate(text.splitlines()) if ln.strip()]
    if not numbered:
        raise DataError(f"{p}: the file is empty")
    if p.suffix.lower() == ".csv" and "\t" not in numbered[0][1]:
        reader = csv.reader(io.StringIO("\n".join(ln for _, ln in numbered)))
        fields = [[f.strip() for f in row] for row in reader]
    else:
        fields = [[f.strip() for f in _split(ln)] for _, ln in numbered]
    line_no = [n for n, _ in numbered]
    names = [word1, word2, score]
    if header is None:
        first = fields[0]
        pos = score if isinstance(score, int) else 2
        header = any(isinstance(c, str) and c in first for c in names) or not (
            len(first) > pos and _is_number(first[pos])
        )
    if header:
        head, fields, line_no = fields[0], fields[1:], line_no[1:]
        idx = []
        for c, default in zip(names, (0, 1, 2)):
            if isinstance(c, int):
                idx.append(c)
            elif c in head:
                idx.append(head.index(c))
            elif c == ("word1", "word2", "score")[default]:
                idx.append(default)  # default names, unnamed header: use positions
            else:
                raise DataError(f"{p}: no column {c!r} in the header ({', '.join(head)})")
    else:
        idx = [c if isinstance(c, int) else d for c, d in zip(names, (0, 1, 2))]
    need = max(idx) + 1
    short = [i for i, f in enumerate(fields) if len(f) < need]
    if short:
        i = short[0]
        raise DataError(
            f"{p}, line {line_no[i]}: {len(fields[i])} fields, expected at least {need}"
        )
    scores = []
    for f, ln in zip(fields, line_no):
        try:
            scores.append(float(f[idx[2]]))
        except ValueError:
            raise DataError(f"{p}, line {ln}: score {f[idx[2]]!r} is not a number") from None
    return WordPairs.from_columns(
        [f[idx[0]] for f in fields],
        [f[idx[1]] for f in fields],
        scores,
        name=name or p.stem,
        scale=scale,
    )


# --------------------------------------------------------------------------- registry


@dataclass(frozen=True)
class WordsimDataset:
    """One registered word-similarity gold standard and how to read its file."""

    name: str
    title: str
    citation: str
    licence: str
    scale: tuple[float, float]
    n_pairs: int
    url: str
    sha256: str
    filename: str
    columns: tuple[int, int, int] = (0, 1, 2)
    header: bool = False
    kind: str = "similarity"
    aliases: tuple[str, ...] = field(default=())

    def load(self, path: str | os.PathLike[str]) -> WordPairs:
        """Parse this dataset's file at ``path``."""
        w1, w2, sc = self.columns
        pairs = read_pairs(
            path,
            word1=w1,
            word2=w2,
            score=sc,
            name=self.name,
            scale=self.scale,
            header=self.header,
        )
        if len(pairs) != self.n_pairs:
            raise DataError(
                f"{path}: {len(pairs)} pairs, but {self.name} has {self.n_pairs}; "
                "the file is not the registered one"
            )
        return pairs


DATASETS: dict[str, WordsimDataset] = {
    d.name: d
    for d in (
        WordsimDataset(
            "rg65",
            "RG-65",
            "Rubenstein, H., Goodenough, J. B. (1965). Contextual correlates of synonymy. "
            "Communications of the ACM 8(10), 627-633.",
            "not stated",
            (0.0, 4.0),
            65,
            _FARUQUI + "EN-RG-65.txt",
            "c243f3a91c3f5d8cf67f21a67f6fb80bde8b6bb060851a6a48e6f2d68ec98c9f",
            "EN-RG-65.txt",
        ),
        WordsimDataset(
            "mc30",
            "MC-30",
            "Miller, G. A., Charles, W. G. (1991). Contextual correlates of semantic "
            "similarity. Language and Cognitive Processes 6(1), 1-28.",
            "not stated",
            (0.0, 4.0),
            30,
            _FARUQUI + "EN-MC-30.txt",
            "33ee05911496ff83d95cac351d0746c6f63b9181b605cb7d307f4daa8864511b",
            "EN-MC-30.txt",
        ),
        WordsimDataset(
            "ws353",
            "WordSim-353 (all)",
            "Finkelstein, L. et al. (2002). Placing search in context: the concept revisited. "
            "ACM TOIS 20(1), 116-131.",
            "not stated",
            (0.0, 10.0),
            353,
            _FARUQUI + "EN-WS-353-ALL.txt",
            "ce12919b240af45bdf46d243601eaca2b6212b159b5e7e9b435ee7ee40c5619c",
            "EN-WS-353-ALL.txt",
            kind="relatedness",
            aliases=("ws353-all", "wordsim353"),
        ),
        WordsimDataset(
            "ws353-sim",
            "WordSim-353 similarity subset",
            "Agirre, E. et al. (2009). A study on similarity and relatedness using "
            "distributional and WordNet-based approaches. NAACL-HLT 2009, 19-27.",
            "not stated",
            (0.0, 10.0),
            203,
            _FARUQUI + "EN-WS-353-SIM.txt",
            "f1da938998863c94e53f72f984a5c6e215f0b46c323aae8f0f4930703a339107",
            "EN-WS-353-SIM.txt",
        ),
        WordsimDataset(
            "ws353-rel",
            "WordSim-353 relatedness subset",
            "Agirre, E. et al. (2009). A study on similarity and relatedness using "
            "distributional and WordNet-based approaches. NAACL-HLT 2009, 19-27.",
            "not stated",
            (0.0, 10.0),
            252,
            _FARUQUI + "EN-WS-353-REL.txt",
            "66a7c88100624d0a391605ff61ce84e11d11ee620d51ec0298da49592838f8fa",
            "EN-WS-353-REL.txt",
            kind="relatedness",
        ),
        WordsimDataset(
            "simlex999",
            "SimLex-999",
            "Hill, F., Reichart, R., Korhonen, A. (2015). SimLex-999: Evaluating semantic "
            "models with (genuine) similarity estimation. Computational Linguistics 41(4).",
            "not stated (cite the paper)",
            (0.0, 10.0),
            999,
            _SIMCROSS + "ffc5c7598185be00260d81fd71274db32e6bceda/SimLex-999/SimLex-999.txt",
            "ca00ff8515a36cde32d13c2b83def23f5a167b67db93ebfcfb7dae039ba22c0b",
            "SimLex-999.txt",
            columns=(0, 1, 3),
            header=True,
        ),
        WordsimDataset(
            "simverb3500",
            "SimVerb-3500",
            "Gerz, D., Vulic, I., Hill, F., Reichart, R., Korhonen, A. (2016). SimVerb-3500: "
            "A large-scale evaluation set of verb similarity. EMNLP 2016.",
            "not stated",
            (0.0, 10.0),
            3500,
            _SIMCROSS + "58185235a7eed0cbe31a0c2d102506ca484926fd/SimLex-3500/SimVerb-3500.txt",
            "b58f68454cf9354b94ecd8bfd778ff2cc784a25fc7dca02bc695319ad2b4157e",
            "SimVerb-3500.txt",
            columns=(0, 1, 3),
        ),
        WordsimDataset(
            "men",
            "MEN (natural form)",
            "Bruni, E., Tran, N. K., Baroni, M. (2014). Multimodal distributional semantics. "
            "JAIR 49, 1-47.",
            "CC BY 2.0",
            (0.0, 50.0),
            3000,
            _FARUQUI + "EN-MEN-TR-3k.txt",
            "888b13580faa362c7b11da0a670258cf1b1eb4bf0ecbcd418918729a3bd3f43a",
            "EN-MEN-TR-3k.txt",
            kind="relatedness",
        ),
        WordsimDataset(
            "mturk287",
            "MTurk-287",
            "Radinsky, K., Agichtein, E., Gabrilovich, E., Markovitch, S. (2011). A word at a "
            "time: computing word relatedness using temporal semantic analysis. WWW 2011.",
            "not stated",
            (1.0, 5.0),
            287,
            _FARUQUI + "EN-MTurk-287.txt",
            "a9ae3a9decb75a9700fe0cf18b048c1344774d9f40e0196baf8e34d4cd9d1ce5",
            "EN-MTurk-287.txt",
            kind="relatedness",
        ),
        WordsimDataset(
            "mturk771",
            "MTurk-771",
            "Halawi, G., Dror, G., Gabrilovich, E., Koren, Y. (2012). Large-scale learning of "
            "word relatedness with constraints. KDD 2012.",
            "not stated",
            (1.0, 5.0),
            771,
            _FARUQUI + "EN-MTurk-771.txt",
            "04dc297c9e86b6fa7cf8ef0e4ba2e2c8d3399ec68d92fb7a53c0b4aae27198b5",
            "EN-MTurk-771.txt",
            kind="relatedness",
        ),
        WordsimDataset(
            "rw",
            "Stanford Rare Words",
            "Luong, M.-T., Socher, R., Manning, C. D. (2013). Better word representations "
            "with recursive neural networks for morphology. CoNLL 2013.",
            "not stated",
            (0.0, 10.0),
            2034,
            _FARUQUI + "EN-RW-STANFORD.txt",
            "5108d54dfc746f44f9c3d7e31d2857c37cf71430bc1594175a61a3b89bb0ae1f",
            "EN-RW-STANFORD.txt",
        ),
        WordsimDataset(
            "yp130",
            "YP-130",
            "Yang, D., Powers, D. M. W. (2006). Verb similarity on the taxonomy of WordNet. "
            "GWC 2006.",
            "not stated",
            (0.0, 4.0),
            130,
            _FARUQUI + "EN-YP-130.txt",
            "7643fdbc6158c3424061e2cba450c71285767266ff9f3db947bfc1f1f5ce67ab",
            "EN-YP-130.txt",
        ),
        WordsimDataset(
            "verb143",
            "Verb-143 (144 pairs as distributed)",
            "Baker, S., Reichart, R., Korhonen, A. (2014). An unsupervised model for instance "
            "level subcategorization acquisition. EMNLP 2014.",
            "not stated",
            (0.0, 1.0),
            144,
            _FARUQUI + "EN-VERB-143.txt",
            "7259e19961c81912aa4c72de0102e480b2ad2bb9f4ce97d036fbde8e1a403001",
            "EN-VERB-143.txt",
        ),
    )
}


def get(name: str) -> WordsimDataset:
    """The registered dataset called ``name`` (case-insensitive; aliases accepted).

    >>> get("WordSim353").name
    'ws353'
    """
    key = name.strip().lower()
    for d in DATASETS.values():
        if key == d.name or key in d.aliases:
            return d
    raise InputError(f"unknown dataset {name!r}; known: {', '.join(DATASETS)}")


# --------------------------------------------------------------------------- cache


def cache_dir() -> Path:
    """``$SIMEVAL_HOME/wordsim``, else the user's cache folder (``$XDG_CACHE_HOME`` or
    ``~/.cache`` on Linux, ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows)
    plus ``simeval/wordsim``."""
    home = os.environ.get("SIMEVAL_HOME")
    if home:
        return Path(home).expanduser() / "wordsim"
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "simeval" / "wordsim"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _verify(ds: WordsimDataset, path: Path) -> Path:
    got = _sha256(path)
    if got != ds.sha256:
        raise DataError(
            f"{path}: SHA-256 {got} does not match {ds.name}'s registered {ds.sha256}; "
            "the file is corrupt or a different version — delete it and download again"
        )
    return path


def _find_in(ds: WordsimDataset, data_dir: Path) -> Path | None:
    direct = data_dir / ds.filename
    if direct.is_file():
        return direct
    if data_dir.is_dir():
        for sub in sorted(data_dir.iterdir()):
            candidate = sub / ds.filename
            if candidate.is_file():
                return candidate
    return None


def cached_path(name: str, *, data_dir: str | os.PathLike[str] | None = None) -> Path | None:
    """Where ``name``'s file is available locally (``data_dir`` or the cache), else None."""
    ds = get(name)
    if data_dir is not None:
        return _find_in(ds, Path(data_dir))
    path = cache_dir() / ds.filename
    return path if path.is_file() else None


def fetch(
    name: str,
    *,
    data_dir: str | os.PathLike[str] | None = None,
    url: str | None = None,
    download: bool = True,
) -> Path:
    """Return a verified local copy of dataset ``name``'s file, downloading it if needed.

    With ``data_dir`` the file must be there (or one folder deeper); nothing is
    downloaded. Otherwise the cache is used, and a missing file is downloaded from
    ``url`` (default: the registered URL; ``file://`` works) to a temporary file,
    checked against the registered SHA-256 and only then moved into the cache.
    """
    ds = get(name)
    if data_dir is not None:
        found = _find_in(ds, Path(data_dir))
        if found is None:
            raise DataError(
                f"{ds.filename} ({ds.name}) not found in {data_dir} or its subfolders; "
                f"download it from {ds.url}"
            )
        return _verify(ds, found)
    target = cache_dir() / ds.filename
    if target.is_file():
        return _verify(ds, target)
    if not download:
        raise DataError(
            f"{ds.name} is not cached in {target.parent}; run: simeval datasets --fetch {ds.name}"
        )
    source = url or ds.url
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{ds.filename}.", dir=target.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as out, urllib.request.urlopen(source, timeout=60) as resp:
            for block in iter(lambda: resp.read(1 << 20), b""):
                out.write(block)
        _verify(ds, tmp)
        os.replace(tmp, target)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise DataError(f"{ds.name}: download from {source} failed ({exc})") from None
    finally:
        tmp.unlink(missing_ok=True)
    return target


def load(
    name: str,
    *,
    data_dir: str | os.PathLike[str] | None = None,
    url: str | None = None,
    download: bool = True,
) -> WordPairs:
    """Load registered dataset ``name`` as :class:`WordPairs` (see :func:`fetch`).

    The row count is checked against the registry (the dataset's paper or README).
    """
    ds = get(name)
    return ds.load(fetch(ds.name, data_dir=data_dir, url=url, download=download))


def describe(names: Sequence[str] | None = None) -> list[WordsimDataset]:
    """The registered datasets (all, or those named), in registry order."""
    if names is None:
        return list(DATASETS.values())
    return [get(n) for n in names]
