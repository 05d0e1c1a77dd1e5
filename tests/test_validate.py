"""The shared argument checks of simeval._validate and the exception hierarchy.

Expected messages are the documented wording: the parameter's name, what is expected and
the bad value echoed with its type.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from simeval import Bins
from simeval._validate import (
    check_bool,
    check_choice,
    check_mapping,
    check_probability,
    check_real,
    describe,
)
from simeval.binning import check_bins
from simeval.errors import DataError, InputError, InputTypeError, SimevalError


def test_error_classes_are_standard_exceptions_too() -> None:
    assert issubclass(DataError, ValueError) and issubclass(DataError, SimevalError)
    assert issubclass(InputError, ValueError) and issubclass(InputError, SimevalError)
    assert issubclass(InputTypeError, TypeError) and issubclass(InputTypeError, InputError)


@pytest.mark.parametrize("value", [3, 3.5, -2, np.float32(0.25), np.int64(7), np.array(1.5)])
def test_check_real_accepts_numbers(value: object) -> None:
    assert check_real("border", value) == float(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "shown"),
    [("3.5", "str '3.5'"), (None, "NoneType None"), (True, "bool True"), ([3], "list [3]")],
)
def test_check_real_rejects_non_numbers_with_type_error(value: object, shown: str) -> None:
    message = "^`border` must be a real number, got " + re.escape(shown) + "$"
    with pytest.raises(TypeError, match=message):
        check_real("border", value)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, np.float64("nan")])
def test_check_real_rejects_nan_and_inf(value: float) -> None:
    with pytest.raises(ValueError, match=r"^`border` must be a finite number, got "):
        check_real("border", value)


def test_check_real_allows_inf_when_asked_but_never_nan() -> None:
    assert check_real("high", math.inf, finite=False) == math.inf
    with pytest.raises(InputError, match="got nan"):
        check_real("high", math.nan, finite=False)


def test_check_bins() -> None:
    bins = Bins.equal_width(3)
    assert check_bins("bins", bins) is bins
    assert check_bins("bins", None, optional=True) is None
    message = r"^bins must be a simeval.Bins \(e.g. Bins.equal_width\(3\)\), got int 3$"
    with pytest.raises(TypeError, match=message):
        check_bins("bins", 3)
    with pytest.raises(TypeError, match="got NoneType None"):
        check_bins("bins", None)


def test_check_mapping() -> None:
    systems = {"a": [1.0, 2.0]}
    assert check_mapping("systems", systems) is systems
    with pytest.raises(TypeError, match=r"^`systems` must be a mapping name → scores .*got list"):
        check_mapping("systems", [[1.0, 2.0]])
    with pytest.raises(TypeError, match=r"^`systems`: every key must be a name \(str\), got int 0"):
        check_mapping("systems", {0: [1.0]})


def test_check_choice_and_bool() -> None:
    assert check_choice("average", "fisher_z", ("arithmetic", "fisher_z")) == "fisher_z"
    with pytest.raises(ValueError, match=r"^`average` must be one of 'arithmetic', 'fisher_z'"):
        check_choice("average", "mean", ("arithmetic", "fisher_z"))
    with pytest.raises(ValueError, match="got list"):
        check_choice("average", [], {"arithmetic"})  # unhashable: still a clear error
    assert check_bool("skip_undefined", np.bool_(False)) is False
    with pytest.raises(TypeError, match=r"^`skip_undefined` must be True or False, got str 'no'$"):
        check_bool("skip_undefined", "no")


def test_check_probability_rejects_text_with_a_named_error() -> None:
    assert check_probability(0.9, "confidence_level") == 0.9
    with pytest.raises(TypeError, match=r"^`confidence_level` must be a real number, got str"):
        check_probability("0.9", "confidence_level")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"`confidence_level` must be in \(0, 1\); got 1"):
        check_probability(1, "confidence_level")


def test_describe_shortens_long_values() -> None:
    assert describe(list(range(100))) == "list [0, 1, 2, 3, ...]"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (None, "`system` must be a sequence of numbers, got NoneType None"),
        ("0.5 0.7", "`system` must be a sequence of numbers, got str '0.5 0.7'"),
        (3.0, "`system` must be a sequence of numbers, got float 3.0"),
        ({"a": 1.0}, "`system` must be a sequence of numbers, got dict {'a': 1.0}"),
        (["1", "2"], "`system` must be numbers, not text; got list ['1', '2']"),
        (np.array(["1", "2"]), "`system` must be numbers, not text; got ndarray"),
    ],
)
def test_scores_of_the_wrong_type_are_a_type_error(value: object, message: str) -> None:
    from simeval._validate import as_float_array

    with pytest.raises(TypeError, match="^" + re.escape(message)):
        as_float_array(value, "system")  # type: ignore[arg-type]


def test_none_inside_a_list_is_missing_not_a_type_error() -> None:
    from simeval._validate import as_float_array

    assert np.isnan(as_float_array([1.0, None], "system")[1])  # type: ignore[list-item]


def test_pandas_series_are_paired_by_label_or_refused() -> None:
    # pandas pairs two Series by label: gold.corr(shuffled) is 0.99690 here (by hand from
    # the aligned pairs), where pairing by position gave −0.2557 without a word
    pd = pytest.importorskip("pandas")
    import simeval as se

    df = pd.DataFrame(
        {"gold": [0, 1, 2, 3, 4, 5.0], "sys": [0.1, 0.9, 2.2, 2.8, 4.1, 5.0]}, index=list("abcdef")
    )
    shuffled = df["sys"].sample(frac=1, random_state=0)
    assert df["gold"].corr(shuffled) == pytest.approx(0.9969028315335638, abs=1e-12)
    for call in (
        lambda: se.pearson(df["gold"], shuffled),
        lambda: se.evaluate(df["gold"], {"m": shuffled}, scale=(0, 5)),
        lambda: se.compare.compare(df["gold"], {"a": shuffled, "b": df["sys"]}, n_resamples=100),
    ):
        with pytest.raises(InputError, match="pandas objects whose indexes differ"):
            call()
    aligned = se.pearson(df["gold"], shuffled.reindex(df.index)).statistic
    assert aligned == pytest.approx(df["gold"].corr(shuffled), abs=1e-12)
    assert se.pearson(df["gold"], shuffled.to_numpy()).statistic < 0  # by position, as asked


def test_system_names_are_strings_in_evaluate_and_compare() -> None:
    # evaluate kept {1: s} (so {1: s, "1": t} held two systems shown alike) where compare
    # failed on KeyError: '1'; both now say the names must be strings
    import simeval as se

    gold = np.linspace(0, 5, 12)
    for call in (
        lambda: se.evaluate(gold, {1: gold}),
        lambda: se.compare.compare(gold, {1: gold, 2: gold[::-1]}, n_resamples=100),
    ):
        with pytest.raises(InputTypeError, match=r"`systems`: every key must be a name \(str\)"):
            call()


def test_a_metric_function_reads_a_per_system_range_by_its_default() -> None:
    # the README's {"name": range, "*": default} form crashed one-system functions with
    # KeyError: 0; "*" now applies, as one range does, and a name that is no system is
    # the same error as in evaluate
    import simeval as se

    gold = np.round(np.random.default_rng(0).uniform(0, 5, 200) * 2) / 2
    system = np.sin(gold)  # on [-1, 1], not monotone in the gold
    for name in ("nmsse", "f1_low"):
        f = getattr(se, name)
        one = f(gold, system, scale=(0, 5), system_scale=(-1, 1), calibrate="none")
        star = f(gold, system, scale=(0, 5), system_scale={"*": (-1, 1)}, calibrate="none")
        assert star.statistic == one.statistic
        with pytest.raises(InputError, match="`system_scale` names 'a', which is not a system"):
            f(gold, system, scale=(0, 5), system_scale={"a": (-1, 1)})


def test_odd_array_likes_and_names_are_refused_or_read_as_meant() -> None:
    # a masked value was used as a score; dates were read as nanosecond counts; an int
    # as a metric name and text as a measure's value failed deep inside; metrics=[] ran
    # the default set
    import simeval as se

    masked = np.ma.masked_array([0.0, 1.0, 2.0, 30.0], mask=[0, 0, 0, 1])
    with pytest.raises(InputError, match="`gold` has NaN at index 3"):
        se.pearson(masked, [0.0, 1.0, 2.0, 3.0])
    assert se.pearson(masked, [0.0, 1.0, 2.0, 3.0], nan_policy="omit").statistic == 1.0
    with pytest.raises(InputTypeError, match="not dates or durations"):
        se.pearson(np.arange(4).astype("datetime64[D]"), [0.0, 1.0, 2.0, 3.0])
    with pytest.raises(InputTypeError, match="a metric is named by a string"):
        se.get_metric(5)  # type: ignore[arg-type]
    with pytest.raises(InputTypeError, match="`a` must be a measure's value"):
        se.hmean("a", 0.5)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="`metrics` is empty"):
        se.evaluate([0.0, 1, 2, 3], {"a": [0.0, 1, 3, 2]}, metrics=[])


def test_options_hash_as_they_compare() -> None:
    # frozen, yet hash() raised TypeError on a per-system system_scale (a dict field)
    import simeval as se

    a = se.Options(system_scale={"a": (0, 1), "*": (-1, 1)})
    b = se.Options(system_scale={"*": (-1, 1), "a": (0, 1)})
    assert a == b and hash(a) == hash(b) and len({a, b, se.Options()}) == 2


@pytest.mark.parametrize("scale", [("0", "5"), (True, 5), "05", (0, 5, 10)])
def test_a_scale_is_two_numbers(scale) -> None:
    # text and bools were taken as numbers here, where gold values and borders refuse them
    from simeval._validate import check_scale

    with pytest.raises(InputError, match=r"`scale` must be two numbers \(lo, hi\)"):
        check_scale(scale)


def test_a_scale_of_numpy_scalars_or_fractions_is_taken() -> None:
    from fractions import Fraction

    import numpy as np

    from simeval._validate import check_scale

    assert check_scale([np.array(0.0), np.array(5.0)]) == (0.0, 5.0)
    assert check_scale([Fraction(0), Fraction(5)]) == (0.0, 5.0)
    assert check_scale((np.float32(1), np.int64(5))) == (1.0, 5.0)
