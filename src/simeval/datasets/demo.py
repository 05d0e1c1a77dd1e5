"""Bundled demo data: no download, used by ``simeval demo`` and the tests.

- :data:`CRAFTED_GOLD` and :data:`CRAFTED_SYSTEMS`: the crafted 9-pair dataset of
  Atoum & Ayyagari (2019), Table 3, human scores on a 0–1 scale and four
  crafted methods: α is accurate on the 3 least similar pairs, β on the middle 3,
  Ω on the 3 most similar, δ everywhere.
- :data:`ANSCOMBE`: Anscombe's (1973) quartet, *The American Statistician* 27(1), p. 19,
  the four data sets Reimers et al. (2016, Figure 1) use as four STS systems with the same
  Pearson r of 0.816. ``x`` plays the gold scores and ``y`` the system.
"""

from __future__ import annotations

__all__ = ["ANSCOMBE", "CRAFTED_BINS", "CRAFTED_GOLD", "CRAFTED_SYSTEMS"]

#: Human scores of the 9 crafted pairs (Atoum & Ayyagari 2019, Table 3).
CRAFTED_GOLD: tuple[float, ...] = (0.01, 0.12, 0.23, 0.34, 0.45, 0.57, 0.68, 0.79, 0.90)

#: The paper's bins: pairs 1–3, 4–6 and 7–9 (low, middle, high similarity).
CRAFTED_BINS: tuple[str, ...] = ("low",) * 3 + ("middle",) * 3 + ("high",) * 3

#: Scores of the four crafted methods (Atoum & Ayyagari 2019, Table 3, columns α, β, Ω, δ).
CRAFTED_SYSTEMS: dict[str, tuple[float, ...]] = {
    "alpha": (0.01, 0.12, 0.22, 0.73, 0.27, 0.76, 0.79, 0.40, 0.67),
    "beta": (0.29, 0.00, 0.01, 0.33, 0.43, 0.54, 0.61, 0.24, 0.70),
    "omega": (0.47, 0.19, 0.16, 0.33, 0.10, 0.93, 0.64, 0.75, 0.85),
    "delta": (0.01, 0.11, 0.21, 0.30, 0.41, 0.51, 0.60, 0.75, 0.81),
}

_X = (10.0, 8.0, 13.0, 9.0, 11.0, 14.0, 6.0, 4.0, 12.0, 7.0, 5.0)

#: Anscombe's quartet as ``name → (x, y)``.
ANSCOMBE: dict[str, tuple[tuple[float, ...], tuple[float, ...]]] = {
    "I": (_X, (8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68)),
    "II": (_X, (9.14, 8.14, 8.74, 8.77, 9.26, 8.10, 6.13, 3.10, 9.13, 7.26, 4.74)),
    "III": (_X, (7.46, 6.77, 12.74, 7.11, 7.81, 8.84, 6.08, 5.39, 8.15, 6.42, 5.73)),
    "IV": (
        (8.0, 8.0, 8.0, 8.0, 8.0, 8.0, 8.0, 19.0, 8.0, 8.0, 8.0),
        (6.58, 5.76, 7.71, 8.84, 8.47, 7.04, 5.25, 12.50, 5.56, 7.91, 6.89),
    ),
}
