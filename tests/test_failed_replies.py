"""Only usable judge replies are cached: a re-run or a --resume after unusable replies asks the
model again (through the real local server, tests/openai_server.py), and a usable reply is
never asked for twice."""

import sqlite3

import pytest
from openai_server import FakeOpenAIServer

from ragmeter import evaluate
from ragmeter.cache import Cache
from ragmeter.demo import good_rows
from ragmeter.judges.llm.schemas import USEFULNESS
from ragmeter.llms import OpenAICompatible
from ragmeter.runner import reply_fits

METRICS = ["faithfulness", "context_precision"]


@pytest.fixture
def server():
    with FakeOpenAIServer() as srv:
        yield srv


def run(server, cache, **kw):
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-test")
    return evaluate(good_rows()[:3], metrics=METRICS, llm=model, cache=cache, timeout=5.0, **kw)


def statuses(result):
    return {r[m].status for r in result.metric_results for m in METRICS}


def entries(cache):
    return Cache(cache.path).info()["entries"]


@pytest.mark.slow
def test_unusable_replies_are_not_cached_and_a_rerun_asks_again(server, tmp_path):
    cache = Cache(tmp_path / "c.sqlite")
    server.faults.append("always_malformed")
    failed = run(server, cache)
    assert statuses(failed) == {"error"}
    assert entries(cache) == 0  # neither the replies nor their failed repairs were stored
    server.faults.clear()
    before = len(server.chat_requests())
    again = run(server, cache)
    assert statuses(again) == {"ok"}
    assert len(server.chat_requests()) > before  # new calls, not the stored failure
    assert again.provenance["judge"]["usage"]["cache_hits"] == 0
    assert entries(cache) > 0
    n = len(server.chat_requests())
    third = run(server, cache)  # the usable replies are reused
    assert len(server.chat_requests()) == n and third.means() == again.means()


def test_resume_after_unusable_replies_makes_new_calls(server, tmp_path):
    cache = Cache(tmp_path / "c.sqlite")
    server.faults.append("always_malformed")
    first = run(server, cache, out=tmp_path / "run")
    assert statuses(first) == {"error"}
    server.faults.clear()
    before = len(server.chat_requests())
    resumed = run(server, cache, out=tmp_path / "run", resume=True)
    assert statuses(resumed) == {"ok"}
    assert resumed.provenance["judge"]["usage"]["calls"] == len(server.chat_requests()) - before > 0


def test_a_repaired_reply_caches_the_repair_only(server, tmp_path):
    cache = Cache(tmp_path / "c.sqlite")
    server.faults.append("malformed")  # the first reply is unusable, its repair is fine
    first = run(server, cache)
    assert statuses(first) == {"ok"}
    n = len(server.chat_requests())
    run(server, cache)
    # the call whose reply was unusable is made again (its repair was cached under its own key)
    assert len(server.chat_requests()) == n + 1


def test_unusable_replies_already_in_a_cache_are_not_reused(server, tmp_path):
    """A cache written before this rule may hold unusable replies: they are asked again."""
    cache = Cache(tmp_path / "c.sqlite")
    good = run(server, cache)
    n = len(server.chat_requests())
    db = sqlite3.connect(cache.path)
    db.execute("""UPDATE answers SET value = '{"text": "Sorry, I cannot help.", "finish_reason": "stop"}'""")
    db.commit()
    again = run(server, cache)
    assert statuses(again) == {"ok"} and again.means() == good.means()
    assert len(server.chat_requests()) == 2 * n
    assert again.provenance["judge"]["usage"]["cache_hits"] == 0


@pytest.mark.parametrize("text,usable", [
    ('{"verdicts": [{"index": 0, "useful": true}]}', True),
    ('```json\n{"verdicts": []}\n```\nHope that helps.', True),
    ('Sure! Here is my verdict: {"texts": [oops', False),
    ('{"verdicts": [{"index": "first", "useful": true}]}', False),
    ('{"answer": 1}', False),
    ("[" * 100_000, False),
], ids=["fits", "fenced", "broken", "wrong-type", "wrong-keys", "nested-deep"])
def test_reply_fits_the_schema(text, usable):
    assert reply_fits(text, USEFULNESS) is usable
    assert reply_fits(text, None) is True  # without a schema every reply is usable


def test_a_reply_that_leaves_an_item_out_is_repaired_and_never_cached(server, tmp_path):
    """A reply of the schema's shape that has no verdict for one chunk is as unusable as a
    malformed one: repaired once, and not stored, so a re-run asks again."""
    cache = Cache(tmp_path / "c.sqlite")
    server.faults.append("always_incomplete")
    failed = run(server, cache)
    assert statuses(failed) == {"error"}
    reasons = {r[m].reason for r in failed.metric_results for m in METRICS}
    assert any("no verdict for" in (e or "") for e in reasons), reasons
    assert entries(cache) == 0
    server.faults.clear()
    server.faults.append("incomplete")  # the first reply leaves an item out, its repair is whole
    fixed = run(server, cache)
    assert statuses(fixed) == {"ok"}
