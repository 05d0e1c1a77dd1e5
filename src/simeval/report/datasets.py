"""How the registered word-similarity datasets are listed: size, scale, kind and where
each file is; or their citations and licences."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..datasets.sentences import SentenceDataset
from ..datasets.wordsim import WordsimDataset
from .notes import table_with_notes
from .tables import render_table, to_json

__all__ = ["DATASET_COLUMNS", "SENTENCE_COLUMNS", "format_datasets", "format_sentence_datasets"]

#: The columns of the dataset list, in order.
DATASET_COLUMNS = ("name", "title", "pairs", "scale", "kind", "cached")


def _document(ds: WordsimDataset, path: Path | None) -> dict[str, Any]:
    return {
        "name": ds.name,
        "title": ds.title,
        "pairs": ds.n_pairs,
        "scale": list(ds.scale),
        "kind": ds.kind,
        "licence": ds.licence,
        "citation": ds.citation,
        "url": ds.url,
        "sha256": ds.sha256,
        "cached": str(path) if path else None,
    }


def format_datasets(
    datasets: Sequence[WordsimDataset],
    paths: Sequence[Path | None],
    fmt: str,
    *,
    folder: Path,
    cache: Path,
    citations: bool = False,
) -> str:
    """The datasets, ``paths[i]`` being where the file of ``datasets[i]`` is (None: not
    there), inside ``folder`` (the cache or a data folder; the ``cached`` column shows the
    path relative to it, ``no`` for a missing file). ``citations``: each dataset's citation
    and licence as numbered notes (``table``) or its citation and URL (other tables).
    JSON always holds everything, with the ``cache`` folder.

    Parameters
    ----------
    datasets : sequence of WordsimDataset
        The registered sets.
    paths : sequence of Path or None
        Where each one's file is.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    folder, cache : Path
        The folder searched, and the cache.
    citations : bool, default False
        Citations instead of the sizes.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        ``paths`` not of the length of ``datasets``.

    Examples
    --------
    >>> from simeval.datasets.wordsim import get
    >>> ds = get("rg65")
    >>> print(format_datasets([ds], [None], "csv", folder=Path("d"), cache=Path("d")), end="")
    name,title,pairs,scale,kind,cached
    rg65,RG-65,65,0-4,similarity,no
    """
    if len(paths) != len(datasets):
        raise ValueError(f"got {len(datasets)} datasets but {len(paths)} paths")
    docs = [_document(ds, path) for ds, path in zip(datasets, paths)]
    if fmt == "json":
        return to_json({"cache": str(cache), "datasets": docs})
    if citations and fmt == "table":
        short = [[d["name"], d["title"]] for d in docs]
        notes = [f"{d['citation']} Licence: {d['licence']}." for d in docs]
        text = table_with_notes(("name", "title"), short, notes, note_column="citation")
        return text + "\nDownload URLs and SHA-256 digests: simeval datasets --format json\n"
    if citations:
        rows = [[d["name"], d["citation"], d["url"]] for d in docs]
        return render_table(("name", "citation", "url"), rows, fmt)
    rows = [
        [
            ds.name,
            ds.title,
            ds.n_pairs,
            f"{ds.scale[0]:g}-{ds.scale[1]:g}",
            ds.kind,
            "no" if path is None else str(path.relative_to(folder)),
        ]
        for ds, path in zip(datasets, paths)
    ]
    title = f"word-similarity datasets (files in {folder}; licences: --citations)"
    return render_table(DATASET_COLUMNS, rows, fmt, title=title, align_left=2)


#: The columns of the sentence-pair data set list, in order.
SENTENCE_COLUMNS = ("name", "title", "pairs", "scale", "files", "here")


def format_sentence_datasets(
    datasets: Sequence[SentenceDataset],
    present: Sequence[int],
    fmt: str,
    *,
    folder: Path,
    citations: bool = False,
) -> str:
    """The sentence-pair data sets, ``present[i]`` of whose files are in ``folder`` (the
    cache or a data folder). ``pairs`` counts unscored pairs too (blank gold lines of
    SemEval 2015/2016). ``citations``: citation and licence instead of the sizes.

    Parameters
    ----------
    datasets : sequence of SentenceDataset
        The registered sets.
    present : sequence of int
        How many of each one's files are in ``folder``.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    folder : Path
        The folder searched.
    citations : bool, default False
        Citations instead of the sizes.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        ``present`` not of the length of ``datasets``.

    Examples
    --------
    >>> from simeval.datasets.sentences import get_sentences
    >>> ds = get_sentences("stsb:test")
    >>> print(format_sentence_datasets([ds], [0], "csv", folder=Path("d")), end="")
    name,title,pairs,scale,files,here
    stsb:test,"STS Benchmark, test",1379,0-5,1,0
    """
    if len(present) != len(datasets):
        raise ValueError(f"got {len(datasets)} datasets but {len(present)} counts")
    if fmt == "json" or citations:
        docs = [
            {
                "name": ds.name,
                "title": ds.title,
                "pairs": ds.n_pairs,
                "scale": list(ds.scale),
                "subsets": list(ds.subsets),
                "licence": ds.licence,
                "citation": ds.citation,
                "files": [{"path": f.path, "url": f.url, "sha256": f.sha256} for f in ds.files],
                "files_here": n,
            }
            for ds, n in zip(datasets, present)
        ]
        if fmt == "json":
            return to_json({"folder": str(folder), "sentence_datasets": docs})
        if fmt == "table":
            notes = [f"{d['citation']} Licence: {d['licence']}." for d in docs]
            short = [[d["name"], d["title"]] for d in docs]
            return table_with_notes(("name", "title"), short, notes, note_column="citation")
        rows = [[d["name"], d["citation"], d["licence"]] for d in docs]
        return render_table(("name", "citation", "licence"), rows, fmt)
    rows = [
        [ds.name, ds.title, ds.n_pairs, f"{ds.scale[0]:g}-{ds.scale[1]:g}", len(ds.files), n]
        for ds, n in zip(datasets, present)
    ]
    title = (
        f"sentence-pair datasets (files in {folder}; one SemEval subset: stsNN:SUBSET, "
        "e.g. sts15:images)"
    )
    return render_table(SENTENCE_COLUMNS, rows, fmt, title=title, align_left=2)
