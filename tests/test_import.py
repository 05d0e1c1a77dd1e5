"""``import simeval`` stays light (pandas, matplotlib and torch load lazily)."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("pandas", "matplotlib", "torch", "sklearn", "sentence_transformers", "pyarrow")


def _loaded_after(code: str) -> list[str]:
    script = (
        "import json, sys\n"
        f"{code}\n"
        f"print(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_import_simeval_is_light() -> None:
    assert _loaded_after("import simeval") == []


def test_metrics_and_evaluate_need_no_heavy_module() -> None:
    code = (
        "import simeval as se\n"
        "g = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]; s = [0.5, 1.0, 2.5, 2.0, 4.5, 4.0]\n"
        "ev = se.evaluate(g, {'a': s}, metrics=list(se.TABLE2_MEASURES) + ['scaled_pearson'],"
        " scale=(0, 5))\n"
        "from simeval.report.schema import evaluation_document; evaluation_document(ev)\n"
        "se.ndcg(g, s); se.nmsse(g, s); se.f1_low(g, s)"
    )
    assert _loaded_after(code) == []


def test_read_vectors_is_top_level_and_lazy() -> None:
    import simeval as se
    from simeval.vectors.read import Vectors, read_vectors

    assert se.read_vectors is read_vectors and se.Vectors is Vectors
    assert "read_vectors" in se.__all__
    assert _loaded_after("import simeval as se; se.read_vectors") == []
