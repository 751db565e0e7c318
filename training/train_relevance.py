"""Rebuild the answer-relevance model shipped in ragmeter from the data, with fixed seeds.

    pip install torch==2.13.0 -e ".[local,transformers,dev]"
    python training/train_relevance.py            # about an hour on 2 CPU cores (three epochs)

A cross-encoder reads (question, answer) and gives one logit: the answer answers the question,
or it does not (it evades, restates the question, or answers another one). Same base and
recipe as the claim verifier (cross_encoder.py), trained on the rows of relevance_data.py,
exported to int8 ONNX in src/ragmeter/models/assets/relevance/. Never imported by the package.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from cross_encoder import ROOT, auroc, build_model, encoder, export, fit, predict  # noqa: E402
from relevance_data import training_rows, validation_rows  # noqa: E402

ASSETS = ROOT / "src" / "ragmeter" / "models" / "assets" / "relevance"
PROBES = [  # (answer, question, a careful reader's label): printed, never trained on
    ("Voltage-gated sodium channels open when the membrane depolarises past threshold.",
     "What starts a neuron action potential?", 1),
    ("An action potential is an important topic in neuroscience.", "What starts a neuron action potential?", 0),
    ("The boundary around a black hole beyond which nothing escapes.", "What is an event horizon?", 1),
    ("Metformin commonly causes nausea and diarrhea.", "What are the side effects of metformin?", 1),
    ("Metformin can cause some side effects.", "What are the side effects of metformin?", 0),
    ("The Eiffel Tower was completed in 1889.", "How tall is the Eiffel Tower?", 0),
    ("What is the capital of Australia?", "What is the capital of Australia?", 0),
    ("Canberra is the capital of Australia.", "What is the capital of Australia?", 1),
    ("The Treaty of Versailles was signed at the time it was signed.", "When was the Treaty of Versailles signed?", 0),
    ("In June 1919, in the Hall of Mirrors.", "When was the Treaty of Versailles signed?", 1),
]


def figures(score_fn, valid) -> dict:
    out = {name: round(auroc(score_fn(rows), np.array([r[2] for r in rows])), 4) for name, rows in valid.items()}
    out["probes"] = [round(float(1 / (1 + np.exp(-s))), 3) for s in score_fn([(a, q, y, "probe") for a, q, y in PROBES])]
    return out


def onnx_scores(path: Path, rows) -> np.ndarray:
    sys.path.insert(0, str(ROOT / "src"))
    from ragmeter.models.cross_encoder import OnnxCrossEncoder

    return OnnxCrossEncoder(path).logits([(question, answer) for answer, question, _, _ in rows])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=6e-5)
    parser.add_argument("--max-len", type=int, default=128)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", default=str(ASSETS))
    parser.add_argument("--no-circular", dest="circular", action="store_false",
                        help="leave out the circular restatements and their answered twins (relevance_circular.py), "
                             "as in the model of judge versions 16-25 (33,728 rows today; that model saw 33,749)")
    parser.add_argument("--tautologies", action="store_true",
                        help="add the question said back with a tail of its own words, and relevant answers with "
                             "their subject named 'It' or 'They' (relevance_tautology.py): tried, not shipped "
                             "(docs/judges.md)")
    args = parser.parse_args(argv)
    import torch

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rows = training_rows(args.seed, circular_rows=args.circular, tautologies=args.tautologies)
    valid = validation_rows(seed=args.seed)
    print(f"training rows: {len(rows)} (relevant {sum(r[2] for r in rows)})", flush=True)
    tok = encoder(args.max_len)
    model = build_model()
    seconds = fit(model, rows, tok, args.epochs, args.batch, args.lr, random.Random(args.seed))
    print(f"trained in {seconds:.0f} s; PyTorch:", json.dumps(figures(lambda rs: predict(model, rs, tok), valid)))
    path = export(model, Path(args.out), "relevance")
    from_onnx = figures(lambda rs: onnx_scores(path, rs), valid)
    print("int8 ONNX, as shipped:", json.dumps(from_onnx), flush=True)
    card = {"seed": args.seed, "epochs": args.epochs, "max_len": args.max_len, "batch": args.batch, "lr": args.lr,
            "training_rows": len(rows), "training_seconds": round(seconds), "validation_auroc": from_onnx}
    (Path(args.out) / "figures.json").write_text(json.dumps(card, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
