"""The registry of word-similarity gold standards: citation, licence, score scale, download
URL, SHA-256 and file layout of each public set."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...errors import DataError, InputError
from .pairs import WordPairs, read_pairs

__all__ = ["DATASETS", "WordsimDataset", "describe", "get"]

_FARUQUI = (
    "https://raw.githubusercontent.com/mfaruqui/eval-word-vectors/"
    "94b3dd9fdbac7ed08dbee7179cd5ee464acf0594/data/word-sim/"
)
_SIMCROSS = "https://raw.githubusercontent.com/mrmechko/simcross/"


@dataclass(frozen=True)
class WordsimDataset:
    """One registered word-similarity gold standard and how to read its file.

    Attributes
    ----------
    name, title, citation, licence : str
    scale : tuple of float
    n_pairs : int
        Pairs of the release (checked on load).
    url, sha256, filename : str
        Where it is downloaded, its checksum, its file name.
    columns : tuple of int
        Positions of word1, word2 and score.
    header : bool
    kind : str
        ``"similarity"`` or ``"relatedness"``.
    aliases : tuple of str

    Examples
    --------
    >>> ds = get("simlex999")
    >>> ds.scale, ds.n_pairs
    ((0.0, 10.0), 999)
    """

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

    Parameters
    ----------
    name : str

    Returns
    -------
    WordsimDataset

    Examples
    --------
    >>> get("WordSim353").name
    'ws353'
    """
    key = name.strip().lower()
    for d in DATASETS.values():
        if key == d.name or key in d.aliases:
            return d
    raise InputError(f"unknown dataset {name!r}; known: {', '.join(DATASETS)}")


def describe(names: Sequence[str] | None = None) -> list[WordsimDataset]:
    """The registered datasets (all, or those named), in registry order.

    Parameters
    ----------
    names : sequence of str, optional

    Returns
    -------
    list of WordsimDataset

    Examples
    --------
    >>> [d.name for d in describe(["WordSim353", "rg65"])]
    ['ws353', 'rg65']
    """
    if names is None:
        return list(DATASETS.values())
    return [get(n) for n in names]
