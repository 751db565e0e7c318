"""What the report's browser tests share: Debian's Chromium through Playwright, pages at the two
viewports of issue 24, and runs built by hand with the cases a real dataset brings (0.000 scores,
skipped and error rows, a 6,000-character token, bidi overrides, line breaks)."""

from __future__ import annotations

import shutil

import pytest

from ragmeter import Result
from ragmeter.metrics.base import MetricResult

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
DESKTOP, PHONE = {"width": 1440, "height": 900}, {"width": 390, "height": 844}
LONG_TOKEN = "x" * 6000
RLO_NAME = "invoice\u202efdp.exe"


def need_chromium() -> None:
    pytest.importorskip("playwright")
    if not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


def open_page(browser, viewport=DESKTOP):
    """A new page that records requests, dialogs and script errors; close its context when done."""
    context = browser.new_context(viewport=viewport)
    pg = context.new_page()
    pg.requests, pg.errors = [], []
    pg.on("request", lambda r: pg.requests.append(r.url))
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("dialog", lambda d: (pg.errors.append("dialog " + d.message), d.dismiss()))
    return pg


def tricky_result() -> Result:
    """Six samples: 0.000 and 1.000 scores, a skipped and an error row, a 6,000-character token,
    a right-to-left override, line breaks, a word found only in a context."""
    samples = [
        {"id": "zero", "user_input": "what scores zero?", "response": "nothing", "retrieved_contexts": ["a"], "reference": "r"},
        {"id": "one", "user_input": "what scores one?", "response": "all", "retrieved_contexts": ["b"], "reference": "r"},
        {"id": "skip", "user_input": "skipped one", "response": "s", "retrieved_contexts": ["c"], "reference": None},
        {"id": "err", "user_input": "error one", "response": "e", "retrieved_contexts": ["d"], "reference": "r"},
        {"id": "long", "user_input": "long " + LONG_TOKEN, "response": LONG_TOKEN, "retrieved_contexts": [LONG_TOKEN],
         "reference": "r"},
        {"id": "rtl", "user_input": f"open {RLO_NAME}?", "response": "line one\nline two\nline three",
         "retrieved_contexts": ["the zanzibarian archive holds it"], "reference": "ref one\nref two"},
    ]
    scores = [0.0, 1.0, None, None, 0.62, 0.45]
    rows = []
    for s, x in zip(samples, scores):
        if s["id"] == "skip":
            r = MetricResult.skipped("no reference")
        elif s["id"] == "err":
            r = MetricResult.error("judge failed")
        else:
            r = MetricResult(x, reason="made up")
        rows.append({"faithfulness": r, "context_recall": MetricResult(0.9 if x is not None else 0.3)})
    prov = {"judge": {"name": "lexical", "version": "4"}, "metrics": {}, "settings": {}, "dataset_hash": "sha256:abc"}
    return Result(samples, rows, ["faithfulness", "context_recall"], prov)


def numbered_result(n: int, offset: float = 0.0, prov: dict | None = None) -> Result:
    """n samples with ids s0..s{n-1}, scores spread over [0, 1]; every 97th sample is an error."""
    samples = [{"id": f"s{i}", "user_input": f"question {i}", "response": f"answer {i}",
                "retrieved_contexts": [f"context of sample {i}"], "reference": "r"} for i in range(n)]
    scores = [{"faithfulness": MetricResult.error("judge failed") if i % 97 == 5 else
               MetricResult(((i * 7919) % 1000) / 1000 * (1 - offset) + offset)} for i in range(n)]
    return Result(samples, scores, ["faithfulness"],
                  prov or {"judge": {"name": "lexical", "version": "4"}, "metrics": {}, "settings": {}})
