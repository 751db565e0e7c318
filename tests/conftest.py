from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def seed003_samples():
    """The two warfarin samples of seed 003, verbatim."""
    return [
        {
            "question": "What is the INR target range for AF patients on warfarin?",
            "answer": "The INR target range for AF patients on warfarin is 2.0–3.0.",
            "contexts": [
                "For patients with atrial fibrillation on warfarin, the target INR is 2.0–3.0.",
                "INR monitoring should occur every 4 weeks when stable.",
            ],
            "ground_truth": "The target INR for AF patients on warfarin is 2.0–3.0.",
        },
        {
            "question": "What are the symptoms of warfarin overdose?",
            "answer": "Symptoms include unusual bleeding, bruising, and prolonged clotting.",
            "contexts": [
                "Warfarin toxicity presents with excessive bleeding from minor wounds.",
                "Signs of overdose include haematuria, epistaxis, and prolonged prothrombin time.",
            ],
            "ground_truth": "Warfarin overdose causes excessive bleeding, haematuria, epistaxis, and prolonged clotting time.",
        },
    ]
pytest_plugins = ["pytester", "report_helpers"]  # report_helpers: the browser fixture


@pytest.fixture
def server():
    """A real OpenAI-compatible HTTP server on loopback (tests/openai_server.py)."""
    from openai_server import FakeOpenAIServer

    with FakeOpenAIServer() as srv:
        yield srv


def numbered_demo_rows(n: int) -> list[dict]:
    """n of the demo's good rows, each question numbered so that no two samples are the same."""
    from ragmeter.demo import good_rows

    base = good_rows()
    return [{**base[i % len(base)], "question": f"{base[i % len(base)]['question']} #{i}"} for i in range(n)]
