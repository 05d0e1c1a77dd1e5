"""Word-similarity evaluation with R wordspace 0.2-8 parity (Evert,
``eval.similarity.correlation``).

Sources of expected values:

- R wordspace 0.2-8, ``eval.similarity.correlation(RG65, DSM_Vectors)`` (the
  example of its help page, printed to 15 digits): rho 0.687086130375066,
  r 0.698423018988583, CI 0.547846723375507 … 0.805166278533653, missing 0.
- An independent brute-force reference written here from the R source: full distance
  matrices by ``scipy.spatial.distance.cdist``, neighbour ranks by
  ``scipy.stats.rankdata(method="min") - 1`` (R ``rank(ties.method="min") - 1``) and
  ``scipy.stats.spearmanr`` / ``pearsonr`` (R ``cor.test``).
- Hand calculations written out in the comments.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from scipy import stats
from scipy.spatial.distance import cdist

from simeval.datasets.wordsim import read_pairs
from simeval.errors import DataError, InputError
from simeval.vectors.read import Vectors, read_vectors
from simeval.wordsim import convert_lemma, distance_matrix, evaluate, lowess, pair_distances, plot


@pytest.fixture(scope="module")
def wordspace(shared_data: Path):
    d = shared_data / "wordspace"
    return (
        read_vectors(d / "DSM_Vectors.tsv.gz"),
        read_pairs(d / "RG65.tsv"),
        read_pairs(d / "WordSim353.tsv"),
    )


def test_rg65_equals_r_wordspace(wordspace) -> None:
    vectors, rg65, _ = wordspace
    res = evaluate(rg65, vectors)
    assert res.rho == pytest.approx(0.687086130375066, abs=1e-9)
    assert res.r == pytest.approx(0.698423018988583, abs=1e-9)
    assert res.r_lower == pytest.approx(0.547846723375507, abs=1e-9)
    assert res.r_upper == pytest.approx(0.805166278533653, abs=1e-9)
    assert (res.missing, res.n) == (0, 65)


# ------------------------------------------------------------------ brute-force reference


def _reference(
    pairs, vectors, method="cosine", p=2.0, similarity=False, rank="none", avg="arithmetic"
):
    """eval.similarity.correlation written directly from the R source, with scipy."""
    m = vectors.matrix
    if method == "cosine":
        u = m / np.linalg.norm(m, axis=1)[:, None]
        full = u @ u.T
        if not similarity:
            full = np.degrees(np.arccos(np.clip(full, -1, 1)))
            full[np.isclose(full, 0, atol=1e-4)] = 0.0  # R snaps cos > 1-1e-12 to 1
    else:
        name = {"euclidean": "euclidean", "manhattan": "cityblock", "maximum": "chebyshev"}
        full = cdist(m, m, name[method]) if method in name else cdist(m, m, "minkowski", p=p)
    if similarity:
        full = -full  # rank by decreasing similarity, as pair.ranks does
    idx = {w: i for i, w in enumerate(vectors.words)}
    i1 = np.array([idx.get(w, -1) for w in pairs.word1])
    i2 = np.array([idx.get(w, -1) for w in pairs.word2])
    known = (i1 >= 0) & (i2 >= 0)

    def ranks(a, b):
        out = np.full(len(a), np.inf)
        for k in np.flatnonzero(known):
            out[k] = stats.rankdata(full[a[k]], method="min")[b[k]] - 1
        return out

    if rank == "none":
        d = np.where(known, full[np.maximum(i1, 0), np.maximum(i2, 0)], np.inf)
        if similarity:
            d = np.where(known, -d, -np.inf)
    elif rank == "fwd":
        d = ranks(i1, i2)
    elif rank == "bwd":
        d = ranks(i2, i1)
    else:
        r1, r2 = ranks(i1, i2), ranks(i2, i1)
        with np.errstate(invalid="ignore"):
            if avg == "arithmetic":
                d = (r1 + r2) / 2
            elif avg == "geometric":
                d = np.sqrt(r1 * r2)
            else:  # R: ifelse(is.finite(pmax(r1, r2)), 2*r1*r2/(r1+r2), Inf)
                d = np.where(np.isfinite(np.maximum(r1, r2)), 2 * r1 * r2 / (r1 + r2), np.inf)
    miss = ~np.isfinite(d)
    lo, hi = d[~miss].min(), d[~miss].max()
    d[d == np.inf] = hi + (hi - lo) * 0.1
    d[d == -np.inf] = lo - (hi - lo) * 0.1
    rho = stats.spearmanr(pairs.score, d)
    pr = stats.pearsonr(pairs.score, d)
    ci = pr.confidence_interval(0.95)
    lower, upper = (-ci.high, -ci.low) if pr.statistic < 0 else (ci.low, ci.high)
    return abs(rho.statistic), rho.pvalue, int(miss.sum()), abs(pr.statistic), lower, upper


SETTINGS = [
    {},
    {"similarity": True},
    {"method": "euclidean"},
    {"method": "manhattan"},
    {"method": "maximum"},
    {"method": "minkowski", "p": 3.0},
    {"rank": "fwd"},
    {"rank": "bwd"},
    {"rank": "avg"},
    {"rank": "avg", "avg_method": "geometric"},
    {"rank": "avg", "avg_method": "harmonic"},
    {"rank": "fwd", "similarity": True},
    {"rank": "fwd", "method": "manhattan"},
]


@pytest.mark.parametrize("task", ["rg65", "ws353"])
@pytest.mark.parametrize(
    "kw", SETTINGS, ids=lambda kw: "-".join(map(str, kw.values())) or "default"
)
def test_every_setting_matches_reference(wordspace, task, kw) -> None:
    vectors, rg65, ws353 = wordspace
    pairs = rg65 if task == "rg65" else ws353
    res = evaluate(pairs, vectors, **kw)
    ref_kw = {"avg": kw.get("avg_method", "arithmetic")}
    ref_kw.update({k: v for k, v in kw.items() if k != "avg_method"})
    rho, pval, missing, r, lower, upper = _reference(pairs, vectors, **ref_kw)
    assert res.missing == missing == (0 if task == "rg65" else 19)  # SOURCE.md: 19 missing
    assert res.rho == pytest.approx(rho, abs=1e-9)
    assert res.p_value == pytest.approx(pval, rel=1e-7, abs=1e-300)
    assert res.r == pytest.approx(r, abs=1e-9)
    assert res.r_lower == pytest.approx(lower, abs=1e-9)
    assert res.r_upper == pytest.approx(upper, abs=1e-9)


def test_spearman_p_value_is_r_t_approximation(wordspace) -> None:
    # R cor.test(method="spearman", exact=FALSE): q = (n^3-n)(1-rho)/6, r = 1 - 6q/(n^3-n),
    # p = 2 * pt(|r| / sqrt((1-r^2)/(n-2)), n-2, lower.tail=FALSE).
    vectors, rg65, _ = wordspace
    res = evaluate(rg65, vectors)
    n, rho = 65, -res.rho
    t = rho / np.sqrt((1 - rho**2) / (n - 2))
    assert res.p_value == pytest.approx(2 * stats.t.sf(abs(t), n - 2), rel=1e-10)


def test_reversed_pairs_are_bit_identical(wordspace) -> None:
    # WordSim353 holds pairs in both orders (e.g. bank/money); their distances
    # must be identical to the last bit so that Spearman sees the tie (R wordspace gives
    # them the identical distance).
    vectors, _, ws353 = wordspace
    w1, w2 = list(ws353.word1), list(ws353.word2)
    fwd = pair_distances(w1, w2, vectors)
    bwd = pair_distances(w2, w1, vectors)
    known = np.isfinite(fwd)
    assert np.array_equal(fwd[known], bwd[known])
    seen = {(a, b) for a, b in zip(w1, w2)}
    assert any((b, a) in seen for a, b in seen if a != b)  # the data has such pairs


# ------------------------------------------------------------------ hand calculations

# Four points on a line, 1-D:  a=0, b=1, c=3, d=7.
LINE = Vectors(["a", "b", "c", "d"], [[0.0], [1.0], [3.0], [7.0]])


def test_manhattan_distances_and_ranks_by_hand() -> None:
    w1, w2 = ["a", "b", "d", "a", "x"], ["c", "d", "a", "a", "a"]
    # |0-3| = 3, |1-7| = 6, |7-0| = 7, 0, unknown word x -> inf
    d = pair_distances(w1, w2, LINE, method="manhattan")
    assert d.tolist() == [3.0, 6.0, 7.0, 0.0, np.inf]
    # fwd rank of c from a: distances from a are (0, 1, 3, 7) -> rows strictly closer
    # than 3: a, b -> 2.  d from b: (1, 0, 2, 6) -> 3.  a from d: (7, 6, 4, 0) -> 3.
    # a from a: 0.
    assert pair_distances(w1, w2, LINE, method="manhattan", rank="fwd").tolist() == [
        2.0,
        3.0,
        3.0,
        0.0,
        np.inf,
    ]
    # bwd: a among neighbours of c: (3, 2, 0, 4) -> 2; b from d: (7,6,4,0) -> 2; d from a: 3
    bwd = pair_distances(w1, w2, LINE, method="manhattan", rank="bwd")
    assert bwd.tolist() == [2.0, 2.0, 3.0, 0.0, np.inf]
    # harmonic of (2, 2) = 2; of (3, 2) = 2*3*2/5 = 2.4; (3, 3) = 3; (0, 0): limit 0
    h = pair_distances(w1, w2, LINE, method="manhattan", rank="avg", avg_method="harmonic")
    assert h.tolist() == pytest.approx([2.0, 2.4, 3.0, 0.0, np.inf])


def test_ties_rank_by_minimum() -> None:
    # b and c are both at distance 1 from a: rank(c) = min rank = 2 -> minus 1 = 1.
    v = Vectors(["a", "b", "c"], [[0.0], [1.0], [-1.0]])
    assert pair_distances(["a", "a"], ["b", "c"], v, method="euclidean", rank="fwd").tolist() == [
        1.0,
        1.0,
    ]


def test_cosine_angle_and_similarity_by_hand() -> None:
    v = Vectors(["x", "y", "z"], [[1.0, 0.0], [3.0, 3.0], [-2.0, 0.0]])
    # cos(x, y) = 1/sqrt(2) -> 45 degrees; cos(x, z) = -1 -> 180 degrees
    assert pair_distances(["x", "x"], ["y", "z"], v).tolist() == pytest.approx([45.0, 180.0])
    sim = pair_distances(["x", "x", "q"], ["y", "z", "x"], v, similarity=True)
    assert sim.tolist() == pytest.approx([2**-0.5, -1.0, -np.inf])


def test_minkowski_below_one_has_no_root() -> None:
    # wordspace CPP_col_dist_dense: p <= 1 gives sum |x_i - y_i|^p; (1, 4) vs (0, 0), p=0.5:
    # 1 + 2 = 3.  p = 3: (1 + 64)^(1/3).
    v = Vectors(["a", "b"], [[1.0, 4.0], [0.0, 0.0]])
    assert distance_matrix(v, method="minkowski", p=0.5)[0, 1] == pytest.approx(3.0)
    assert distance_matrix(v, method="minkowski", p=3)[0, 1] == pytest.approx(65 ** (1 / 3))
    assert distance_matrix(v, method="minkowski", p=np.inf)[0, 1] == 4.0
    with pytest.raises(InputError, match="p must be ≥ 0"):
        distance_matrix(v, method="minkowski", p=-1)


def test_minkowski_p_zero_is_the_hamming_length() -> None:
    # wordspace's dist.matrix allows 0 ≤ p: at p = 0, the number of coordinates that differ
    # (0^0 counted as 0). (1, 4, 2) vs (0, 4, 0): 2 coordinates differ; vs itself: 0.
    v = Vectors(["a", "b", "c"], [[1.0, 4.0, 2.0], [0.0, 4.0, 0.0], [1.0, 4.0, 2.0]])
    d = distance_matrix(v, method="minkowski", p=0)
    assert d[0, 1] == 2.0 and d[0, 2] == 0.0 and d[1, 2] == 2.0
    assert pair_distances(["a"], ["b"], v, method="minkowski", p=0).tolist() == [2.0]


def test_missing_surrogate_by_hand() -> None:
    # Known manhattan distances 3, 6, 7 (see LINE); range 3..7, surrogate 7 + 0.4 = 7.4.
    pairs = [("a", "c", 4.0), ("b", "d", 2.0), ("d", "a", 1.0), ("a", "zz", 0.5)]
    res = evaluate(pairs, LINE, method="manhattan")
    assert res.details.distance.tolist() == pytest.approx([3.0, 6.0, 7.0, 7.4])
    assert res.details.missing.tolist() == [False, False, False, True]
    assert (res.missing, res.unknown_words) == (1, ("zz",))
    # Gold 4,2,1,0.5 against 3,6,7,7.4: ranks reversed exactly, rho = -1 -> |rho| = 1.
    assert res.rho == pytest.approx(1.0)
    # similarities: surrogate 10% below the minimum
    v = Vectors(["x", "y", "z"], [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    res = evaluate([("x", "y", 1), ("x", "z", 0), ("x", "q", 0.5)], v, similarity=True)
    lo, hi = 0.0, 2**-0.5
    assert res.details.distance[2] == pytest.approx(lo - 0.1 * (hi - lo))


def test_all_missing_and_zero_vectors_are_errors() -> None:
    with pytest.raises(DataError, match="none of the 2 pairs"):
        evaluate([("p", "q", 1), ("r", "s", 2)], LINE)
    v = Vectors(["a", "b", "o"], [[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]])
    with pytest.raises(DataError, match=r"pair 2 \(a, o\).*all-zero vector"):
        evaluate([("a", "b", 1), ("a", "o", 2), ("b", "a", 3)], v)


def test_neighbour_ranks_among_no_rows_is_the_all_missing_error() -> None:
    # vectors restricted to no word at all (e.g. tags stripped from the task only)
    empty = LINE.restrict(set())
    with pytest.raises(DataError, match="none of the 2 pairs"):
        evaluate([("p", "q", 1), ("r", "s", 2)], empty, rank="fwd")


def test_small_batches_give_the_same_ranks(wordspace) -> None:
    vectors, rg65, _ = wordspace
    w1, w2 = list(rg65.word1), list(rg65.word2)
    big = pair_distances(w1, w2, vectors, rank="avg")
    small = pair_distances(w1, w2, vectors, rank="avg", batch_size=5000)
    assert np.array_equal(big, small)


def test_convert_lemma_as_wordspace() -> None:
    # wordspace convert.lemma: Penn N/V/J/R/D -> SUBST/VERB/ADJ/ADV/ART, else UNC.
    lemmas = ["Cat_N", "walk_V", "big_J", "fast_R", "the_D", "oh_I"]
    assert convert_lemma(lemmas, "BNC") == [
        "cat_SUBST",
        "walk_VERB",
        "big_ADJ",
        "fast_ADV",
        "the_ART",
        "oh_UNC",
    ]
    assert convert_lemma(lemmas[:2], "DM") == ["Cat-n", "walk-v"]
    assert convert_lemma(lemmas[:2], "HW") == ["Cat", "walk"]
    assert convert_lemma(lemmas[:2], "HWLC") == ["cat", "walk"]
    assert convert_lemma(lemmas[:2], "CWB") == lemmas[:2]
    with pytest.raises(InputError, match="invalid lemma string"):
        convert_lemma(["plain", "a_b_N", "x_NN"], "HW")


def test_format_hw_on_plain_vectors(wordspace) -> None:
    # Plain-word vectors evaluated on the POS-tagged task give the same figures as the
    # tagged vectors (all RG65 words are nouns, so stripping _N is a bijection).
    vectors, rg65, _ = wordspace
    plain = vectors.relabel(convert_lemma(vectors.words, "HW"))
    a = evaluate(rg65, vectors)
    b = evaluate(rg65, plain, format="HW")
    assert (a.rho, a.r, a.missing) == (b.rho, b.r, b.missing)


def test_result_dict_and_details() -> None:
    res = evaluate([("a", "c", 4.0), ("b", "d", 2.0), ("d", "a", 1.0)], LINE, method="manhattan")
    assert set(res.as_dict()) == {
        "rho",
        "p_value",
        "missing",
        "r",
        "r_lower",
        "r_upper",
        "n",
        "reason",
    }
    assert res.details.rows()[0] == ("a", "c", 4.0, 3.0, False)
    assert list(res.details.to_frame().columns) == list(res.details.COLUMNS)
    assert res.signature.startswith("wordsim|method:manhattan|rank:none")


def test_undefined_correlation_has_reason() -> None:
    # Two pairs only: correlations undefined (n < 3), NaN with a reason, no crash.
    res = evaluate([("a", "b", 1.0), ("a", "c", 2.0)], LINE, method="manhattan")
    assert np.isnan(res.rho) and res.reason is not None


def test_bad_arguments() -> None:
    with pytest.raises(InputError, match="method must be one of"):
        pair_distances(["a"], ["b"], LINE, method="cosinus")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="rank must be one of"):
        pair_distances(["a"], ["b"], LINE, rank="both")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="same length"):
        pair_distances(["a"], [], LINE)


def test_lowess_straight_line_and_outlier() -> None:
    # A straight line is reproduced exactly; a single outlier is down-weighted by the
    # robustness iterations (R lowess default iter = 3), so the fit stays on the line.
    x = np.arange(20.0)
    y = 2 * x + 1
    _, fit = lowess(x, y)
    assert fit == pytest.approx(y)
    y2 = y.copy()
    y2[10] = 100.0
    _, fit2 = lowess(x, y2)
    assert fit2[10] == pytest.approx(21.0, abs=0.5)


def test_plot_writes_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    res = evaluate(
        [("a", "c", 4.0), ("b", "d", 2.0), ("d", "a", 1.0), ("a", "q", 3.0)],
        LINE,
        method="manhattan",
    )
    out = tmp_path / "p.png"
    ax = plot(res, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "pairs not found" in ax.texts[0].get_text()


def test_own_distance_function_transform_and_extra_columns() -> None:
    # wordspace eval.similarity.correlation(dist.fnc=, transform=, details=TRUE) by hand
    import pandas as pd
    from scipy import stats as st

    from simeval.wordsim import evaluate

    v = Vectors(["a", "b", "c", "d"], [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [-1.0, 1.0]])
    task = pd.DataFrame(
        {
            "word1": ["a", "a", "a", "b", "a"],
            "word2": ["b", "c", "d", "c", "zz"],
            "score": [9.0, 5.0, 1.0, 8.0, 3.0],
            "pos": ["N", "N", "V", "N", "A"],
        }
    )

    def l1(w1, w2, vectors):
        out = []
        for x, y in zip(w1, w2):
            out.append(
                float(
                    np.abs(
                        vectors.matrix[vectors.lookup([x])[0]]
                        - vectors.matrix[vectors.lookup([y])[0]]
                    ).sum()
                )
                if x in vectors and y in vectors
                else np.inf
            )
        return out

    res = evaluate(task, v, dist_fnc=l1)
    # L1 distances a–b 1, a–c 2, a–d 3, b–c 1 for the known pairs; the unknown pair (zz)
    # gets max + 10 % of the range = 3 + 0.2 = 3.2
    expected = np.array([1.0, 2.0, 3.0, 1.0, 3.2])
    np.testing.assert_allclose(res.details.distance, expected)
    assert res.rho == pytest.approx(abs(st.spearmanr(task["score"], expected).statistic))
    assert res.details.extra["pos"] == ("N", "N", "V", "N", "A")
    assert "method:l1" in res.signature
    # transform=log on the known values first, then the surrogate beyond their range
    logged = evaluate(task, v, dist_fnc=l1, transform=np.log)
    known = np.log([1.0, 2.0, 3.0, 1.0])
    surrogate = known.max() + 0.1 * (known.max() - known.min())
    np.testing.assert_allclose(logged.details.distance, [*known, surrogate])
    assert logged.rho == pytest.approx(res.rho)  # ρ is unchanged by a monotonic transform
    assert logged.r == pytest.approx(abs(st.pearsonr(task["score"], [*known, surrogate])[0]))
