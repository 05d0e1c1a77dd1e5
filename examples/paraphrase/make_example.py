"""Generate the SYNTHETIC paraphrase example used by the README walk-through.

Writes, beside this script:

- ``patterns.tsv``: 40 sets (10 source verbs of Shima & Mitamura 2011, Table 1, × 4
  made-up generators) of up to 10 ranked paraphrases, each with 3 simulated annotators'
  strict and lenient 0/1 labels;
- ``task_scores.tsv``: a simulated extrinsic recognition score per set on three made-up
  task data sets.

Nothing here is real data: the paraphrase pools are hand-written, the generators, labels
and task scores are random draws (seed 20110619, numpy's default generator). The task
score is built to reward correct *and lexically new* paraphrases, so DIMPLE should
predict it better than EP — the paper's claim, staged, not tested. Run it again and the
files come out byte for byte the same::

    python examples/paraphrase/make_example.py
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

SEED = 20110619
HERE = Path(__file__).resolve().parent

#: source verb → (lexically new correct paraphrases, redundant ones, wrong ones)
POOLS: dict[str, tuple[list[str], list[str], list[str]]] = {
    "found": (
        ["discovered", "located", "uncovered", "came across", "detected", "spotted"],
        ["was found", "found in", "were found", "finding", "finds", "found that"],
        ["lost", "searched", "to", "looked", "in the", "said"],
    ),
    "called": (
        ["named", "dubbed", "termed", "labeled", "phoned", "summoned"],
        ["so called", "called for", "calling", "was called", "calls", "called on"],
        ["said", "asked", "of", "answered", "at", "told"],
    ),
    "told": (
        ["informed", "notified", "advised", "instructed", "briefed", "explained to"],
        ["was told", "told reporters", "telling", "tells", "had told", "told that"],
        ["asked", "heard", "by", "listened", "with", "wrote"],
    ),
    "killed": (
        ["assassinated", "slain", "murdered", "shot dead", "executed", "slaughtered"],
        ["shot and killed", "reported killed", "killed in", "killing", "were killed", "kill"],
        ["wounded", "injured", "to", "arrested", "in the", "attacked"],
    ),
    "accused": (
        ["charged", "blamed", "indicted", "alleged", "denounced", "incriminated"],
        ["accused of", "accusing", "was accused", "accuses", "stand accused", "accusation"],
        ["praised", "defended", "of", "cleared", "for", "acquitted"],
    ),
    "to take": (
        ["to seize", "to grab", "to capture", "to obtain", "to acquire", "to accept"],
        ["taking", "to take over", "took", "takes", "to take on", "taken"],
        ["to give", "to leave", "to", "to drop", "to be", "to lose"],
    ),
    "reached": (
        ["attained", "arrived at", "achieved", "hit", "got to", "came to"],
        ["reaching", "reached a", "has reached", "reaches", "was reached", "reach"],
        ["left", "missed", "at", "departed", "on", "passed"],
    ),
    "returned": (
        ["came back", "went back", "got back", "restored", "gave back", "sent back"],
        ["returning", "returned to", "has returned", "returns", "return", "returned home"],
        ["left", "stayed", "to", "departed", "from", "kept"],
    ),
    "turned": (
        ["rotated", "twisted", "spun", "became", "swung", "pivoted"],
        ["turning", "turned to", "has turned", "turns", "turned out", "turn"],
        ["stopped", "moved", "over", "walked", "to", "stayed"],
    ),
    "broke": (
        ["shattered", "smashed", "cracked", "fractured", "snapped", "burst"],
        ["broken", "breaking", "broke into", "breaks", "broke down", "break"],
        ["fixed", "repaired", "off", "held", "up", "mended"],
    ),
}

#: generator → probabilities of drawing a (new correct, redundant, wrong) paraphrase.
GENERATORS = {
    "GEN-A": (0.55, 0.25, 0.20),
    "GEN-B": (0.30, 0.50, 0.20),
    "GEN-C": (0.20, 0.40, 0.40),
    "GEN-D": (0.40, 0.20, 0.40),
}
#: chance that one annotator says "same meaning" (lenient) and also "grammatical" (strict).
P_LENIENT = (0.92, 0.88, 0.12)
P_STRICT_GIVEN_LENIENT = (0.85, 0.70, 0.40)
TASKS = ("task-A", "task-B", "task-C")
N_ANNOTATORS = 3


def _draw_set(rng: np.random.Generator, verb: str, probs: tuple[float, ...]):
    pools = [list(p) for p in POOLS[verb]]
    for pool in pools:
        rng.shuffle(pool)
    size = int(rng.integers(6, 11))  # "up to 10" paraphrases per set (Shima & Mitamura 2011, §3.1)
    rows = []
    for _ in range(size):
        avail = np.array([len(p) > 0 for p in pools], dtype=float)
        w = np.asarray(probs) * avail
        kind = int(rng.choice(3, p=w / w.sum()))
        rows.append((kind, pools[kind].pop()))
    return rows


def main(out_dir: Path = HERE) -> None:
    """Write ``patterns.tsv`` and ``task_scores.tsv`` into ``out_dir``."""
    rng = np.random.default_rng(SEED)
    pattern_lines = [
        "# SYNTHETIC example for `simeval paraphrase` — made by make_example.py "
        f"(seed {SEED}); not real data.",
        "# 10 source verbs (Shima & Mitamura 2011, Table 1) x 4 made-up generators = 40 sets;",
        "# labels_*: 3 simulated annotators' 0/1 judgments (strict implies lenient).",
        "set\tsource\trank\tparaphrase\tlabels_strict\tlabels_lenient",
    ]
    task_lines = [
        "# SYNTHETIC per-set extrinsic scores for `simeval paraphrase --extrinsic` — made by",
        f"# make_example.py (seed {SEED}); not real data. Higher = more pairs recognised.",
        "set\t" + "\t".join(TASKS),
    ]
    task_weight = rng.uniform(0.6, 1.0, size=len(TASKS))
    for gen, probs in GENERATORS.items():
        for verb in POOLS:
            name = f"{gen}/{verb.replace(' ', '_')}"
            rows = _draw_set(rng, verb, probs)
            new_correct = 0.0
            for rank, (kind, text) in enumerate(rows, start=1):
                lenient = rng.random(N_ANNOTATORS) < P_LENIENT[kind]
                strict = lenient & (rng.random(N_ANNOTATORS) < P_STRICT_GIVEN_LENIENT[kind])
                if kind == 0:
                    new_correct += strict.mean()
                pattern_lines.append(
                    f"{name}\t{verb}\t{rank}\t{text}\t"
                    + ",".join(str(int(x)) for x in strict)
                    + "\t"
                    + ",".join(str(int(x)) for x in lenient)
                )
            signal = new_correct / 10.0
            noise = rng.normal(0.0, 0.05, size=len(TASKS))
            scores = np.clip(0.2 + task_weight * signal + noise, 0.0, 1.0)
            task_lines.append(name + "\t" + "\t".join(f"{s:.4f}" for s in scores))
    (out_dir / "patterns.tsv").write_text("\n".join(pattern_lines) + "\n", encoding="utf-8")
    (out_dir / "task_scores.tsv").write_text("\n".join(task_lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
