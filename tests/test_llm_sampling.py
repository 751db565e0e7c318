"""The judge's temperature and max_tokens reach LangChain and LlamaIndex models where their user
left them unset, as ragmeter's own OpenAI-compatible client sends them; what the user set on the
model is kept. Real clients (langchain-openai, langchain-anthropic, LlamaIndex OpenAILike) against
the local servers of openai_server.py, reading what each request carried."""

import pytest
from openai_server import FakeOpenAIServer

from ragmeter import evaluate
from ragmeter.demo import good_rows
from ragmeter.judges.llm.judge import LLMJudge, default_embedder
from ragmeter.llms import LangchainLLMWrapper, LlamaIndexLLM, OpenAICompatible
from ragmeter.models.sampling import client_settings

CORE = ["faithfulness", "answer_relevancy", "context_precision", "context_recall"]
KEY = "sk-test-key-0123456789"


@pytest.fixture
def server():
    with FakeOpenAIServer(keep_alive=True) as srv:
        srv.schema_only = True
        yield srv


def chat_openai(server, **settings):
    from langchain_openai import ChatOpenAI

    return ChatOpenAI(base_url=server.url, api_key=KEY, **{"model": "judge-model", **settings})


def chat_anthropic(server, **settings):
    from langchain_anthropic import ChatAnthropic

    return ChatAnthropic(model="claude-test", base_url=server.url.rsplit("/v1", 1)[0], api_key=KEY, **settings)


def openai_like(server, **settings):
    from llama_index.llms.openai_like import OpenAILike

    return OpenAILike(model="judge-model", api_base=server.url, api_key=KEY, is_chat_model=True, **settings)


def sent(server) -> set[tuple]:
    """(temperature, max tokens) of every chat request, whichever name the client gave the limit."""
    out = set()
    for r in server.chat_requests():
        body = r["body"]
        out.add((body.get("temperature"), body.get("max_tokens", body.get("max_completion_tokens"))))
    return out


def run(llm, **kw):
    result = evaluate(good_rows()[:3], metrics=CORE, llm=llm, cache=False, timeout=10.0, **kw)
    assert all(r[m].status == "ok" for r in result.metric_results for m in CORE), result.to_pandas().T
    return result


def test_openai_compatible_sends_the_judge_settings(server):
    run(OpenAICompatible("judge-model", base_url=server.url, api_key=KEY))
    assert sent(server) == {(0.0, 2048)}


@pytest.mark.slow
@pytest.mark.parametrize("make", [chat_openai, chat_anthropic, openai_like], ids=["ChatOpenAI", "ChatAnthropic", "OpenAILike"])
def test_unset_settings_take_the_judges(make, server):
    llm = make(server)
    wrapper = LlamaIndexLLM(llm) if make is openai_like else LangchainLLMWrapper(llm)
    result = run(wrapper)
    assert sent(server) == {(0.0, 2048)}
    sampling = result.provenance["judge"]["sampling"]
    assert sampling["from_judge"] == ["max_tokens", "temperature"] and "from_client" not in sampling
    assert llm.temperature in (None, 0.1)  # the user's model is not changed
    assert llm.max_tokens != 2048


@pytest.mark.parametrize("make", [chat_openai, chat_anthropic, openai_like], ids=["ChatOpenAI", "ChatAnthropic", "OpenAILike"])
def test_settings_the_user_chose_are_kept(make, server):
    llm = make(server, temperature=0.7, max_tokens=300)
    wrapper = LlamaIndexLLM(llm) if make is openai_like else LangchainLLMWrapper(llm)
    result = run(wrapper)
    assert sent(server) == {(0.7, 300)}
    sampling = result.provenance["judge"]["sampling"]
    assert sampling["from_client"] == {"temperature": 0.7, "max_tokens": 300} and sampling["from_judge"] == []


def test_one_setting_set_by_the_user_the_other_from_the_judge(server):
    run(LangchainLLMWrapper(chat_openai(server, max_completion_tokens=500)))
    assert sent(server) == {(0.0, 500)}


@pytest.mark.filterwarnings("ignore:Parameters {'temperature'} should be specified explicitly")
def test_extra_request_arguments_count_as_set(server):
    run(LangchainLLMWrapper(chat_openai(server, model_kwargs={"temperature": 0.4})))
    assert sent(server) == {(0.4, 2048)}
    server.requests.clear()
    run(LlamaIndexLLM(openai_like(server, additional_kwargs={"max_tokens": 128})))
    assert sent(server) == {(0.0, 128)}


def test_a_judge_with_other_settings_passes_them_on(server):
    for wrapper in (LangchainLLMWrapper(chat_openai(server)), LlamaIndexLLM(openai_like(server))):
        server.requests.clear()
        judge = LLMJudge(wrapper, default_embedder(), cache=False, temperature=0.25, max_tokens=512)
        run(None, judge=judge)
        assert sent(server) == {(0.25, 512)}


def test_langchain_drops_a_temperature_the_model_does_not_take(server):
    """ChatOpenAI takes only temperature 1 for gpt-5 reasoning models: the judge's 0.0 is not set."""
    wrapper = LangchainLLMWrapper(chat_openai(server, model="gpt-5-mini"))
    result = run(wrapper)
    assert sent(server) == {(None, 2048)}
    assert "temperature" in result.provenance["judge"]["sampling"]["refused"]


@pytest.mark.parametrize(("make", "refused"), [(chat_openai, "temperature"), (openai_like, "max_tokens")],
                         ids=["ChatOpenAI temperature", "OpenAILike max_tokens"])
def test_a_setting_the_server_refuses_is_left_out(make, refused, server):
    """(LlamaIndex's OpenAI LLMs always send a temperature of their own, so a server that refuses any
    temperature refuses them whatever ragmeter does; their max_tokens is sent only when set.)"""
    server.reject_params = {refused}
    llm = make(server)
    wrapper = LlamaIndexLLM(llm) if make is openai_like else LangchainLLMWrapper(llm)
    result = run(wrapper)
    bodies = [r["body"] for r in server.chat_requests()]
    accepted = [b for b in bodies if refused not in b]
    assert len(accepted) == result.provenance["judge"]["usage"]["calls"]
    assert len(bodies) - len(accepted) >= 1  # refused, then left out for the session
    assert refused in result.provenance["judge"]["sampling"]["refused"]
    kept = "temperature" if refused == "max_tokens" else "max_tokens"
    assert all(b.get(kept, b.get("max_completion_tokens")) == {"temperature": 0.0, "max_tokens": 2048}[kept]
               for b in accepted)


def test_client_settings_reads_only_what_the_user_set(server):
    assert client_settings(chat_openai(server)) == {}
    assert client_settings(chat_anthropic(server)) == {}  # max_tokens filled from the model profile
    assert client_settings(chat_anthropic(server, max_tokens=100)) == {"max_tokens": 100}
    assert client_settings(openai_like(server)) == {}  # LlamaIndex's own default temperature
    assert client_settings(openai_like(server, temperature=0.0)) == {"temperature": 0.0}
