"""Every metric of the registry — and one added by a test as a single record — gives the
same value through every entry point: its public function (made from the record),
:func:`simeval.evaluate`, the bootstrap's point estimate, the bootstrap's resamples (each
equal to the metric's kernel on that resample, expanded) and ``simeval evaluate
--metric``. The property checks loop over the registry, so a new metric is covered
without editing this file.

References: the kernel's value on the expanded resample is what the batched forms must
reproduce (their sufficient statistics are exact rewritings of the same formulas); the
outlier case below is checked against ``scipy.stats.pearsonr``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.cli import main
from simeval.metrics.base import Metric, public_function
from simeval.metrics.registry import TABLE2_MEASURES, available_metrics, register, unregister
from simeval.metrics.weighted import Chunk, Resampled, Sample
from simeval.results import MetricResult
from simeval.stats.bootstrap import bootstrap_distribution, resample_indices

B = 25


def _shapes() -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Gold on a 0.2 grid with a noisy clipped system (ties on both sides), an integer judge
    (few levels), and eight pairs (many resamples are constant or nearly so)."""
    rng = np.random.default_rng(5)
    gold = np.round(rng.uniform(0, 5, 120) * 5) / 5
    noisy = np.clip(gold + rng.normal(0, 1.0, 120), 0, 5)
    judge = np.clip(np.round(gold + rng.normal(0, 0.8, 120)), 0, 5)
    tiny_g = np.array([0.0, 0.0, 1.0, 4.0, 5.0, 5.0, 2.0, 3.0])
    tiny_s = np.array([0.5, 0.5, 0.5, 4.5, 4.5, 5.0, 1.0, 2.5])
    return {"grid": (gold, noisy), "judge": (gold, judge), "tiny": (tiny_g, tiny_s)}


NAMES = sorted(
    {m.name for m in available_metrics()} | set(TABLE2_MEASURES) | {"ncg@5", "ndcg_rev@10"}
)
OPTIONS = se.Options(scale=(0, 5))


def _same(a: float, b: float, what: object) -> None:
    if math.isnan(a) or math.isnan(b):
        assert math.isnan(a) and math.isnan(b), what
    else:
        assert a == pytest.approx(b, rel=1e-9, abs=1e-12), what


def check_every_entry_point(name: str, gold, system, options: se.Options, tmp_path: Path) -> None:
    """The one property every metric must have (see the module docstring)."""
    record = se.get_metric(name)
    value = public_function(record, "")(gold, system, options=options).statistic
    _same(se.evaluate(gold, {"s": system}, metrics=[name], options=options).value("s", name),
          value, (name, "evaluate"))  # fmt: skip
    dist = bootstrap_distribution(gold, {"s": system}, [name], n_resamples=B, seed=1,
                                  jackknife_groups=0, options=options)  # fmt: skip
    _same(float(dist.observed[0, 0]), value, (name, "point estimate"))
    resolved = options.resolve(gold)  # the full data's scale and borders, as the bootstrap
    for b, idx in enumerate(_resamples(gold.size)):
        kernel = public_function(record, "")(gold[idx], system[idx], options=resolved)
        _same(float(dist.resamples[0, 0, b]), kernel.statistic, (name, "resample", b))
    _same(_cli_value(name, gold, system, options, tmp_path), value, (name, "command line"))


def _resamples(n: int) -> Iterator[np.ndarray]:
    yield from np.vstack(list(resample_indices(n, B, np.random.default_rng(1))))


def _cli_value(name: str, gold, system, options: se.Options, tmp_path: Path) -> float:
    g, s, out = tmp_path / "g.txt", tmp_path / "s.txt", tmp_path / "out.json"
    g.write_text("".join(f"{v!r}\n" for v in gold.tolist()))
    s.write_text("".join(f"{v!r}\n" for v in system.tolist()))
    lo, hi = options.scale  # type: ignore[misc]
    rc = main(["evaluate", str(g), "--system", f"s={s}", "--metric", name, "--scale",
               str(lo), str(hi), "--format", "json", "-o", str(out), "-q"])  # fmt: skip
    assert rc == 0
    doc = json.loads(out.read_text())
    rows = doc.get("records", doc.get("results"))
    row = next(r for r in rows if r["metric"] == se.get_metric(name).name and r["bin"] is None)
    return math.nan if row["value"] is None else float(row["value"])


@pytest.mark.parametrize("shape", sorted(_shapes()))
@pytest.mark.parametrize("name", NAMES)
def test_every_registry_metric_through_every_entry_point(name, shape, tmp_path) -> None:
    gold, system = _shapes()[shape]
    if name == "mape":  # MAPE divides by the gold score: undefined wherever a gold is 0
        gold, system = gold + 1.0, system + 1.0
        check_every_entry_point(name, gold, system, se.Options(scale=(1, 6)), tmp_path)
        return
    check_every_entry_point(name, gold, system, OPTIONS, tmp_path)


@pytest.mark.parametrize("name", NAMES)
def test_systems_on_another_scale_normalized_by_the_declared_scales(name, tmp_path) -> None:
    # A cosine-like system on [-1, 1] mapped onto the gold's 0–5, then both normalized to
    # [0, 1] by the declared scales (Atoum & Ayyagari 2019, Tables 5–7): fixed divisors, so
    # a resample is normalized as the full data is.
    gold, noisy = _shapes()["grid"]
    cosine = noisy / 2.5 - 1.0
    options = se.Options(scale=(0, 5), system_scale=(-1, 1), normalize="scale", calibrate="none")
    if name == "mape":
        return  # undefined on this gold (zeros); covered above
    record = se.get_metric(name)
    value = public_function(record, "")(gold, cosine, options=options).statistic
    dist = bootstrap_distribution(gold, {"s": cosine}, [name], n_resamples=B, seed=1,
                                  jackknife_groups=0, options=options)  # fmt: skip
    _same(float(dist.observed[0, 0]), value, (name, "point estimate"))
    resolved = options.resolve(gold)
    for b, idx in enumerate(_resamples(gold.size)):
        kernel = public_function(record, "")(gold[idx], cosine[idx], options=resolved)
        _same(float(dist.resamples[0, 0, b]), kernel.statistic, (name, "resample", b))


# -- a metric added as one record -------------------------------------------------------


def _signed_error(c) -> MetricResult:
    """The toy metric's kernel: mean(s − g) on the gold scale."""
    g, s = c.gold.values, c.system_mapped
    if g.size == 0:
        return MetricResult(math.nan, 0, "undefined for 0 pairs")
    return MetricResult(float(np.mean(s - g)), g.size)


def _signed_error_features(sample: Sample):
    return {"toy.diff": (sample.on_gold_scale - sample.gold).T}


def _signed_error_resampled(sample: Sample, chunk: Chunk):
    return chunk.sums["toy.diff"] / chunk.N[:, None]


TOY = Metric(
    name="toy_signed_error",
    compute=_signed_error,
    higher_is_better=False,
    bounds=(-math.inf, math.inf),
    source="a test's toy: the mean signed error",
    gold_scale=True,
    resampled=Resampled(features=_signed_error_features, values=_signed_error_resampled),
)


@pytest.fixture
def toy() -> Iterator[Metric]:
    register(TOY)
    yield TOY
    unregister(TOY.name)


def test_a_metric_added_as_one_record_works_everywhere(toy, tmp_path) -> None:
    gold, system = _shapes()["grid"]
    check_every_entry_point(toy.name, gold, system, OPTIONS, tmp_path)
    # and its value is the mean signed error, by hand
    assert se.evaluate(gold, {"s": system}, metrics=[toy.name], scale=(0, 5)).value(
        "s", toy.name
    ) == pytest.approx(float(np.mean(system - gold)), abs=1e-12)
    # the grammar takes it like any other name: per bin, and refused in a harmonic mean
    # (which combines higher-is-better measures only)
    assert se.get_metric(f"bins({toy.name})").name == f"bins({toy.name})"
    with pytest.raises(se.InputError, match="lower-is-better"):
        se.get_metric(f"hmean({toy.name},f1_low)")


def test_a_registered_name_cannot_shadow_another() -> None:
    with pytest.raises(se.InputError, match="exists already"):
        register(se.get_metric("pearson"))
    with pytest.raises(se.InputError, match="lower-case identifier"):
        register(Metric(name="Bad Name", compute=_signed_error, higher_is_better=True,
                        bounds=(0, 1), source="x"))  # fmt: skip
    with pytest.raises(se.InputError, match="built in"):
        unregister("pearson")


# -- one definition of "constant" ------------------------------------------------------------


def test_a_resample_without_the_outlier_is_not_constant() -> None:
    # Gold uniform on [0, 5], the system 1e-10 · gold and one outlier: on a resample that
    # leaves the outlier out, the system is 1e-10 · gold, so r = 1 (scipy.stats.pearsonr),
    # not undefined. Sums centred on the full data's mean (which the outlier drags) lose
    # every digit of that variance; the kernel decides such entries.
    rng = np.random.default_rng(0)
    gold = rng.uniform(0, 5, 60)
    system = 1e-10 * gold
    system[0] = 1.0  # the outlier
    dist = bootstrap_distribution(gold, {"s": system}, ["pearson", "spearman"], n_resamples=200,
                                  seed=0, jackknife_groups=0)  # fmt: skip
    idx = np.vstack(list(resample_indices(gold.size, 200, np.random.default_rng(0))))
    without = [b for b in range(200) if 0 not in idx[b]]
    assert without  # such resamples exist at this seed
    for b in without:
        assert stats.pearsonr(gold[idx[b]], system[idx[b]]).statistic == pytest.approx(1.0)
        assert dist.resamples[0, 0, b] == 1.0
        assert dist.resamples[1, 0, b] == 1.0
    kernel = se.pearson(gold[idx[without[0]]], system[idx[without[0]]]).statistic
    assert kernel == 1.0
