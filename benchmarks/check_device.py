"""Device check of the sentence-transformers scorer, for a machine with a GPU:
``--device auto`` picks it, ``device="cuda"`` runs the model there (scores within float
rounding of the CPU's, another cache key, the device named in the signature), a run with
``scorer_options={"device": "auto"}`` goes through, and a user's own SentenceTransformer
object on the GPU scores as the named model does.

The model is a tiny random BERT (2 layers, 64 dimensions, mean pooling, normalised) built
here with transformers, so the check needs neither the network nor a model download; the
timings of a real model are not its purpose.   python benchmarks/check_device.py
"""

from __future__ import annotations

import json
import os
import tempfile

import numpy as np

WORDS = "a the cat dog sat ran on mat man woman plays guitar music sun rain is hot cold two men"


def _tiny_model(folder: str) -> str:
    import torch
    from sentence_transformers import SentenceTransformer, models
    from transformers import BertConfig, BertModel, BertTokenizerFast

    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *WORDS.split()]
    with open(f"{folder}/vocab.txt", "w", encoding="utf-8") as fh:
        fh.write("\n".join(vocab) + "\n")
    torch.manual_seed(0)
    config = BertConfig(vocab_size=len(vocab), hidden_size=64, num_hidden_layers=2,
                        num_attention_heads=4, intermediate_size=128)  # fmt: skip
    BertModel(config).save_pretrained(f"{folder}/bert")
    BertTokenizerFast(vocab_file=f"{folder}/vocab.txt").save_pretrained(f"{folder}/bert")
    modules = [models.Transformer(f"{folder}/bert"), models.Pooling(64), models.Normalize()]
    SentenceTransformer(modules=modules, device="cpu").save(f"{folder}/st")
    return f"{folder}/st"


def main() -> None:
    import torch
    from sentence_transformers import SentenceTransformer

    import simeval as se
    from simeval.runs.run import Pairs
    from simeval.scorers.loading import resolve_device

    work = tempfile.mkdtemp()
    os.environ["SIMEVAL_HOME"] = f"{work}/home"
    folder = _tiny_model(work)
    t1 = ["a cat sat on the mat", "a man plays guitar", "the sun is hot", "two men", "a dog ran"]
    t2 = ["the cat sat", "a woman plays music", "the rain is cold", "two men", "a dog sat"]
    t1, t2, gold = t1 * 40, t2 * 40, [4.5, 3.0, 1.0, 5.0, 2.5] * 40
    out: dict[str, object] = {"torch": torch.__version__, "auto": resolve_device("auto")}
    cpu = se.scorers.get(f"st:{folder}", device="cpu")
    gpu = se.scorers.get(f"st:{folder}", device="cuda")
    a, b = cpu.score((t1, t2)), gpu.score((t1, t2))
    out.update(
        max_difference_from_cpu=float(np.abs(a - b).max()),
        signature=gpu.signature,
        cache_keys_differ=cpu.model_key != gpu.model_key,
        model_on=str(gpu.model.device),
        identical_texts_exactly_one=bool((b[3::5] == 1.0).all()),
    )
    pairs = Pairs("toy", t1, t2, gold, (0, 5))
    res = se.run([f"st:{folder}"], [pairs], scorer_options={"device": "auto"}, n_resamples=0)
    out["run_signature"] = res.signature
    own = SentenceTransformer(folder, device="cuda")
    mine = se.scorers.from_object(own, name="mine", cache=False)
    out["own_object_difference"] = float(np.abs(mine.score((t1, t2)) - b).max())
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
