"""compare(), the paired statistics behind it, gates and plots."""

import json
import subprocess
import sys

import numpy as np
import pytest
from conftest import REPO

from ragmeter import Result, evaluate
from ragmeter.compare import compare
from ragmeter.demo import bad_rows, good_rows
from ragmeter.gate import assert_passes, check, parse_thresholds
from ragmeter.metrics.base import MetricResult
from ragmeter.stats import bootstrap_ci, compare_paired, paired_permutation_p


def make_result(scores: dict[str, list[float | None]], questions=None) -> Result:
    n = len(next(iter(scores.values())))
    questions = questions or [f"q{i}" for i in range(n)]
    samples = [{"id": str(i), "user_input": q} for i, q in enumerate(questions)]
    rows = [{m: (MetricResult(v[i]) if v[i] is not None else MetricResult.skipped("x")) for m, v in scores.items()}
            for i in range(n)]
    return Result(samples, rows, list(scores), {"settings": {}})


def test_permutation_p_value_is_exact_for_small_n():
    # all 8 differences positive: only the all-plus and all-minus sign patterns are as extreme
    assert paired_permutation_p([0] * 8, [1] * 8) == pytest.approx(2 / 256)
    assert paired_permutation_p([0.5] * 5, [0.5] * 5) == 1.0


def test_paired_comparison_counts_and_interval():
    a = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
    b = [0.3, 0.2, 0.6, 0.5, 0.4, 0.9]
    c = compare_paired(a, b)
    assert c.wins == 4 and c.losses == 1 and c.ties == 1
    assert c.difference == pytest.approx(np.mean(np.subtract(b, a)))
    assert c.ci_low < c.difference < c.ci_high
    assert bootstrap_ci([1.0]) == (1.0, 1.0) and bootstrap_ci([]) is None


def test_compare_detects_a_real_difference_and_not_a_fake_one():
    rng = np.random.default_rng(0)
    base = rng.uniform(0.3, 0.7, 40)
    a = make_result({"faithfulness": list(base), "context_recall": list(base)})
    b = make_result({"faithfulness": list(base + 0.2), "context_recall": list(base + rng.normal(0, 0.01, 40))})
    c = compare(a, b)
    assert c.metrics["faithfulness"].significant and c.metrics["faithfulness"].paired.difference == pytest.approx(0.2)
    assert "B is better than A on faithfulness" in str(c)
    assert not c.metrics["context_recall"].significant
    assert "context_recall: no significant difference" in str(c)


def test_compare_pairs_by_question_and_counts_unpaired_samples():
    a = make_result({"faithfulness": [0.1, 0.2, 0.3, None]}, ["w", "x", "y", "z"])
    b = make_result({"faithfulness": [0.9, 0.8, 0.7]}, ["y", "x", "v"])  # reordered, one new, two missing
    m = compare(a, b).metrics["faithfulness"]
    assert m.paired.n == 2
    assert m.paired.mean_a == pytest.approx((0.2 + 0.3) / 2) and m.paired.mean_b == pytest.approx((0.8 + 0.9) / 2)
    assert m.n_only_a == 2 and m.n_only_b == 1


def test_gate_passes_and_fails_with_diagnosis():
    good = evaluate(good_rows(), judge="lexical")
    bad = evaluate(bad_rows(), judge="lexical")
    assert check(good, {"context_precision": 0.8}).passed
    report = check(bad, parse_thresholds(preset="clinical"))
    assert not report.passed
    text = str(report)
    assert "FAIL faithfulness" in text and "adding information that is not in the retrieved context" in text
    assert "Worst samples" in text
    with pytest.raises(AssertionError, match="FAIL"):
        assert_passes(bad, "clinical")
    # the lower CI bound is stricter than the mean
    mean = good.aggregates["faithfulness"]
    assert check(good, {"faithfulness": mean.mean - 1e-6}).passed
    assert not check(good, {"faithfulness": mean.mean - 1e-6}, use_lower_bound=True).passed


@pytest.mark.parametrize("args,message", [
    (dict(pairs=["faithfulness"]), "metric=minimum"),
    (dict(pairs=["faithfulness=high"]), "must be a number"),
    (dict(pairs=["faithfulness=1.5"]), "in [0, 1]"),
    (dict(pairs=["truthiness=0.5"]), "unknown metric"),
    (dict(preset="lenient"), "unknown preset"),
    (dict(), "no thresholds"),
])
def test_threshold_errors(args, message):
    from ragmeter import ConfigError

    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_thresholds(**args)


def cli(*args):
    return subprocess.run([sys.executable, "-m", "ragmeter.cli", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_cli_check_compare_plot(tmp_path):
    pytest.importorskip("matplotlib")
    good = evaluate(good_rows(), judge="lexical")
    bad = evaluate(bad_rows(), judge="lexical")
    good.save(tmp_path / "good" / "result.json")
    bad.save(tmp_path / "bad" / "result.json")
    (tmp_path / "t.json").write_text(json.dumps({"faithfulness": 0.9}))

    ok = cli("check", str(tmp_path / "good"), "--min", "context_precision=0.8")
    assert ok.returncode == 0 and ok.stdout.startswith("PASS")
    fail = cli("check", str(tmp_path / "bad"), "--preset", "clinical")
    assert fail.returncode == 1 and "Likely cause" in fail.stdout and "Worst samples" in fail.stdout
    file_fail = cli("check", str(tmp_path / "bad"), "--thresholds", str(tmp_path / "t.json"))
    assert file_fail.returncode == 1
    usage = cli("check", str(tmp_path / "bad"), "--min", "faithfulness=abc")
    assert usage.returncode == 2 and "Traceback" not in usage.stderr

    cmp = cli("compare", str(tmp_path / "bad"), str(tmp_path / "good"), "--json", str(tmp_path / "c.json"))
    assert cmp.returncode == 0, cmp.stderr
    assert "B is better than A on faithfulness" in cmp.stdout
    assert json.loads((tmp_path / "c.json").read_text())["metrics"]["faithfulness"]["significant"] is True

    for suffix in ("png", "svg"):
        out = tmp_path / f"fig.{suffix}"
        proc = cli("plot", f"good={tmp_path / 'good'}", f"bad={tmp_path / 'bad'}", "-o", str(out))
        assert proc.returncode == 0, proc.stderr
        data = out.read_bytes()
        assert data.startswith(b"\x89PNG") if suffix == "png" else b"<svg" in data[:2000]
    svg = (tmp_path / "fig.svg").read_text()
    assert "good" in svg and "bad" in svg  # legend entries


@pytest.mark.slow
def test_result_plot_returns_a_figure(tmp_path):
    pytest.importorskip("matplotlib")
    result = evaluate(good_rows(), judge="lexical")
    fig = result.plot(tmp_path / "one.png")
    assert (tmp_path / "one.png").stat().st_size > 10_000
    assert len(fig.axes) == 2


@pytest.mark.slow
def test_pytest_plugin_fixture(pytester):
    pytester.makepyfile("""
        from ragmeter import evaluate
        from ragmeter.demo import bad_rows

        def test_gate(ragmeter_gate):
            result = evaluate(bad_rows(), judge="lexical")
            ragmeter_gate(result, {"faithfulness": 0.9})
    """)
    outcome = pytester.runpytest_subprocess()
    outcome.assert_outcomes(failed=1)
    assert "Likely cause" in outcome.stdout.str()


@pytest.mark.slow
def test_example_reproduces_seed000(tmp_path):
    proc = subprocess.run([sys.executable, str(REPO / "examples" / "good_vs_bad_pipeline.py"), "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "FAIL" not in proc.stdout
    assert (tmp_path / "good_vs_bad.png").exists()
