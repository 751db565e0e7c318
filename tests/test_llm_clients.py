"""Every client through real HTTP: ragmeter's own OpenAI-compatible and Anthropic clients, and
the real langchain-openai ChatOpenAI, langchain-anthropic ChatAnthropic, LlamaIndex OpenAILike and
LlamaIndex Anthropic, against the local servers of openai_server.py (chat completions and Anthropic's /v1/messages,
HTTP/1.1 with persistent connections). The server answers JSON only when the request carries
the reply's schema (response_format, a forced tool) or JSON mode, as a real model may not."""

import asyncio

import httpx
import pytest
from openai_server import FakeOpenAIServer

from ragmeter import aevaluate, evaluate
from ragmeter.demo import good_rows
from ragmeter.llms import AnthropicChat, LangchainLLMWrapper, LlamaIndexLLM, OpenAICompatible
from ragmeter.models.base import PermanentError, TransientError
from ragmeter.models.http import classify

CORE = ["faithfulness", "answer_relevancy", "context_precision", "context_recall"]
CLIENTS = ["openai", "anthropic", "langchain-openai", "langchain-anthropic", "llama-index-openai-like",
           "llama-index-anthropic"]
KEY = "sk-test-key-0123456789"
#: LlamaIndex's Anthropic LLM knows models by name: its metadata raises for a name it does not know, and
#: only a name it knows as a function-calling model ("-3", "-4", "-5" in it) is asked for tool calls
LLAMA_INDEX_CLAUDE = "claude-sonnet-4-5"


@pytest.fixture
def server():
    with FakeOpenAIServer(keep_alive=True) as srv:
        srv.schema_only = True
        srv.retry_after = "0.01"
        yield srv


def make(kind: str, server: FakeOpenAIServer):
    root = server.url.rsplit("/v1", 1)[0]
    if kind == "openai":
        return OpenAICompatible("judge-model", base_url=server.url, api_key=KEY)
    if kind == "anthropic":
        return AnthropicChat("claude-test", base_url=root, api_key=KEY)
    if kind == "langchain-openai":
        from langchain_openai import ChatOpenAI

        return LangchainLLMWrapper(ChatOpenAI(model="judge-model", temperature=0, base_url=server.url, api_key=KEY))
    if kind == "langchain-anthropic":
        from langchain_anthropic import ChatAnthropic

        return LangchainLLMWrapper(ChatAnthropic(model="claude-test", temperature=0, base_url=root, api_key=KEY))
    if kind == "llama-index-anthropic":
        from llama_index.llms.anthropic import Anthropic

        return LlamaIndexLLM(Anthropic(model=LLAMA_INDEX_CLAUDE, temperature=0, base_url=root, api_key=KEY))
    from llama_index.llms.openai_like import OpenAILike

    return LlamaIndexLLM(OpenAILike(model="judge-model", api_base=server.url, api_key=KEY, is_chat_model=True))


def rows(seed003_samples):
    return seed003_samples + good_rows()


def statuses(result):
    return [[r[m].status for m in CORE] for r in result.metric_results]


def run(llm, data, **kw):
    return evaluate(data, metrics=CORE, llm=llm, cache=False, timeout=10.0, **kw)


@pytest.mark.slow
@pytest.mark.parametrize("kind", CLIENTS)
def test_every_client_sends_the_schema_and_matches_openai(kind, server, seed003_samples):
    data = rows(seed003_samples)
    reference = run(make("openai", server), data)
    reference_calls = len(server.chat_requests())
    assert statuses(reference) == [["ok"] * 4] * len(data)
    server.requests.clear()
    model = make(kind, server)
    result = run(model, data)
    assert statuses(result) == statuses(reference), result.to_pandas().T
    assert len(server.chat_requests()) == reference_calls
    assert result.provenance["judge"]["usage"]["calls"] == reference.provenance["judge"]["usage"]["calls"]
    assert result.scores("faithfulness") == reference.scores("faithfulness")
    assert result.scores("context_precision") == reference.scores("context_precision")
    assert result.provenance["judge"]["usage"]["prompt_tokens"] > 0
    body = server.chat_requests()[0]["body"]
    assert "response_format" in body or "tools" in body


@pytest.mark.slow
@pytest.mark.parametrize("kind", CLIENTS)
def test_two_evaluate_calls_in_one_process_and_inside_a_running_loop(kind, server, seed003_samples):
    from langchain_openai import OpenAIEmbeddings

    from ragmeter.embeddings import LangchainEmbeddingsWrapper

    model = make(kind, server)
    embs = LangchainEmbeddingsWrapper(OpenAIEmbeddings(model="emb", base_url=server.url, api_key=KEY,
                                                       check_embedding_ctx_length=False))
    data = rows(seed003_samples)
    for _ in range(2):
        assert statuses(run(model, data, embeddings=embs)) == [["ok"] * 4] * len(data)

    async def notebook_cell():  # Jupyter: evaluate() under a running loop, then aevaluate on that loop
        first = run(model, data, embeddings=embs)
        second = await aevaluate(data, metrics=CORE, llm=model, embeddings=embs, cache=False, timeout=10.0)
        return first, second

    for result in asyncio.run(notebook_cell()):
        assert statuses(result) == [["ok"] * 4] * len(data)


@pytest.mark.slow
@pytest.mark.parametrize("kind", CLIENTS)
def test_one_in_four_calls_answered_429_fails_nothing_more(kind, server, seed003_samples):
    data = rows(seed003_samples)
    model = make(kind, server)
    clean = run(model, data)
    server.every = (4, "429")
    faulty = run(model, data)
    assert statuses(faulty) == statuses(clean)
    usage = faulty.provenance["judge"]["usage"]
    assert usage["retries"] >= 1 and usage["failures"] == 0
    assert faulty.provenance["judge"]["runner"]["concurrency"]["rate_limited"] >= 1


@pytest.mark.slow
def test_langchain_falls_back_when_the_server_refuses_response_format(server, seed003_samples):
    server.always = "reject_schema"  # a 400 naming response_format whenever it is sent
    model = make("langchain-openai", server)
    result = run(model, seed003_samples)
    assert statuses(result) == [["ok"] * 4] * 2
    assert model.describe()["structured_output"]["mode"] == "function_calling"
    assert "json_schema" in model.describe()["structured_output"]["refused"]
    assert "tools" in server.chat_requests()[-1]["body"]


@pytest.mark.slow
def test_llama_index_anthropic_asks_for_the_schema_with_a_forced_tool(server, seed003_samples):
    """Issue 23: LlamaIndex's Anthropic LLM (a function-calling LLM) is sent one tool whose input
    schema is the reply's, named by its title and forced; the tool call's arguments are the reply."""
    from ragmeter.judges.llm import schemas as llm_schemas

    schemas = {s["title"]: s for s in vars(llm_schemas).values() if isinstance(s, dict) and "title" in s}
    model = make("llama-index-anthropic", server)
    assert model.describe()["structured_output"] == {"mode": "tool", "refused": {}}
    result = run(model, seed003_samples)
    assert statuses(result) == [["ok"] * 4] * 2
    assert model.describe()["structured_output"] == {"mode": "tool", "refused": {}}
    requests = server.chat_requests()
    assert requests and all(r["path"].endswith("/v1/messages") for r in requests)
    for request in requests:
        body = request["body"]
        [tool] = body["tools"]
        assert tool["input_schema"] == {k: v for k, v in schemas[tool["name"]].items() if k != "title"}
        assert body["tool_choice"]["type"] == "any"  # one tool, and a tool call required: that tool
    assert {r["body"]["tools"][0]["name"] for r in requests} == {"claims_support", "usefulness", "answer_relevance"}
    assert result.provenance["judge"]["usage"]["prompt_tokens"] > 0
    assert result.provenance["judge"]["usage"]["completion_tokens"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("kind, refusal", [("llama-index-openai-like", "reject_schema"),
                                           ("llama-index-anthropic", "reject_tools")])
def test_a_server_without_tools_or_schemas_gets_the_schema_in_the_prompt(kind, refusal, seed003_samples):
    with FakeOpenAIServer() as server:  # answers JSON to ragmeter's prompts whatever it is sent
        server.always = refusal  # a 400 naming response_format, or tools, whenever it is sent
        model = make(kind, server)
        result = run(model, seed003_samples)
        assert statuses(result) == [["ok"] * 4] * 2
        assert model.describe()["structured_output"]["mode"] == "prompt"
        assert len(model.describe()["structured_output"]["refused"]) >= 1
        assert not {"response_format", "tools"} & set(server.chat_requests()[-1]["body"])


def _status_error(cls, status: int, headers=None):
    response = httpx.Response(status, headers=headers or {}, request=httpx.Request("POST", "http://x/v1/chat"))
    return cls("boom", response=response, body=None)


@pytest.mark.slow
def test_errors_of_every_sdk_are_classified_by_status_and_type():
    import anthropic
    import openai

    request = httpx.Request("POST", "http://x/v1/chat")
    limited = classify(_status_error(openai.RateLimitError, 429, {"retry-after": "2"}))
    assert isinstance(limited, TransientError) and limited.rate_limited and limited.retry_after == 2.0
    for cls, status in ((openai.InternalServerError, 500), (anthropic.InternalServerError, 529),
                        (openai.APIStatusError, 503), (openai.APIStatusError, 408)):
        assert isinstance(classify(_status_error(cls, status)), TransientError), (cls, status)
    for cls, status in ((openai.BadRequestError, 400), (openai.AuthenticationError, 401),
                        (openai.NotFoundError, 404), (anthropic.PermissionDeniedError, 403)):
        error = classify(_status_error(cls, status))
        assert isinstance(error, PermanentError) and error.status == status, (cls, status)
    for exc in (openai.APIConnectionError(request=request), anthropic.APIConnectionError(request=request),
                httpx.ConnectError("refused"), ConnectionResetError(), RuntimeError("Event loop is closed")):
        assert classify(exc).kind == "connection", exc
    for exc in (openai.APITimeoutError(request=request), httpx.ReadTimeout("slow"), asyncio.TimeoutError()):
        assert classify(exc).kind == "timeout", exc
    assert isinstance(classify(KeyError("x")), PermanentError)


def test_every_api_client_shares_one_tls_context(server):
    """A client is made per event loop (each synchronous evaluate runs its own); the TLS context,
    about 30 ms to build, is made once per process (requests through these clients: the tests above)."""
    import ssl

    from ragmeter.models import http

    openai, anthropic = make("openai", server), make("anthropic", server)

    async def clients():
        return [openai._http._http(), anthropic._http()]

    first, second = asyncio.run(clients()), asyncio.run(clients())
    assert all(a is not b for a, b in zip(first, second))  # two loops: two httpx clients each
    assert all(c._transport._pool._ssl_context is http.tls_context() for c in first + second)
    assert isinstance(http.tls_context(), ssl.SSLContext)


def test_the_shared_tls_context_trusts_ssl_cert_file_as_httpx_does(tmp_path, monkeypatch):
    """A company CA given in SSL_CERT_FILE is trusted by the shared context, as by httpx's own default."""
    import certifi

    from ragmeter.models import http

    bundle = open(certifi.where(), encoding="ascii").read()
    first = bundle[bundle.index("-----BEGIN CERTIFICATE-----"):bundle.index("-----END CERTIFICATE-----") + 25]
    (tmp_path / "ca.pem").write_text(first + "\n")
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "ca.pem"))
    assert len(http.tls_context.__wrapped__().get_ca_certs()) == 1  # only the given CA
    monkeypatch.delenv("SSL_CERT_FILE")
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    assert len(http.tls_context.__wrapped__().get_ca_certs()) > 100  # neither set: certifi's bundle
