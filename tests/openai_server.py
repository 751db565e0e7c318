"""A real HTTP server on 127.0.0.1 that speaks OpenAI's chat-completions and embeddings
protocol, for tests and benchmarks of the LLM judge through the real client stack.

It plays a simple deterministic model: it reads the JSON data block of ragmeter's prompts and
answers by word overlap. It is not an LLM (none can run here at useful quality); what is under
test is everything around the model: HTTP, retries, timeouts, parsing, caching, batching.
Faults are injected on demand, one per request: ``server.faults.extend(["429", "500", ...])``,
or on every request: ``server.always = "hang"``. Beside errors and bad replies there are the
faults of a hostile or broken endpoint, each bounded so that no test can hang: "hang" (no reply
for ``hang_seconds``), "drip" (a byte every 0.1 s for ``hang_seconds``), "huge" (20 MB announced
and sent), "endless" (chunked, no length, until the client hangs up or 256 MB), "echo_key" and
"echo_key_json" (the credentials sent back in the reply, in changed letter case), "absurd_usage"
(10^12 tokens). ``completion_tokens`` set reports every reply as that long.

It also speaks Anthropic's Messages API (POST /v1/messages), with tool use. Structured output is
answered as a real server would: a ``response_format`` (json_schema or json_object) gets JSON in
the content, a forced tool (OpenAI ``tools``, Anthropic ``tools`` + ``tool_choice``) gets a tool
call whose arguments are the answer, and a schema whose properties do not fit the prompt is a 400.
With ``schema_only = True`` the model answers in prose when the request carries no schema and no
JSON mode (as a real model often does), so a client that does not send the schema fails.
``every = (4, "429")`` answers every 4th chat request with that fault; ``rate_limit_headers``
are sent with every reply; ``keep_alive=True`` speaks HTTP/1.1 with persistent connections;
``reject_params = {"temperature"}`` answers a chat request that carries one of them with a 400 naming it;
``always = "reject_schema"`` (or "reject_tools") a request that carries ``response_format`` (or ``tools``).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> set[str]:
    return {w for w in WORD.findall(text.lower()) if len(w) > 3}


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


def supported(claim: str, passages: list[str]) -> bool:
    w = words(claim)
    have = set().union(*(words(p) for p in passages)) if passages else set()
    return bool(w) and len(w & have) / len(w) >= 0.6


def answer_for(prompt: str, data: dict) -> dict:
    if prompt == "claims_support":
        return {"texts": [{"id": t["id"], "claims": [
            {"claim": c, "supported": supported(c, data["passages"]), "evidence": None} for c in sentences(t["text"])]}
            for t in data["texts"]]}
    if prompt == "claims":
        return {"texts": [{"id": t["id"], "claims": sentences(t["text"])} for t in data["texts"]]}
    if prompt == "support":
        return {"verdicts": [{"index": c["index"], "supported": supported(c["claim"], data["passages"]), "evidence": None}
                             for c in data["claims"]]}
    if prompt == "usefulness":
        target = words(data["answer"])
        return {"verdicts": [{"index": c["index"], "useful": bool(target) and len(target & words(c["text"])) / len(target) >= 0.3,
                              "reason": "overlap"} for c in data["chunks"]]}
    if prompt == "relevant_sentences":
        q = words(data["question"])
        return {"relevant": [s["index"] for s in data["sentences"] if q & words(s["text"])]}
    if prompt == "answer_relevance":
        answer = data["answer"]
        head = " ".join(answer.split()[:8]).rstrip(".")
        return {"questions": [f"What is {head}?", f"Which {head}?", f"Tell me: {head}?"],
                "noncommittal": "don't know" in answer.lower()}
    raise ValueError(prompt)


def instance_of(schema: dict, defs: dict, name: str = "") -> object:
    """A small valid instance of a JSON schema (for prompts of other tools, such as ragas,
    that put their output schema in the prompt): one item per array, verdicts of 1, and 0 for a
    flag named ``noncommittal`` (ragas' answer relevance scores a noncommittal answer 0)."""
    if "$ref" in schema:
        return instance_of(defs[schema["$ref"].rsplit("/", 1)[-1]], defs, name)
    if "anyOf" in schema:
        return instance_of(schema["anyOf"][0], defs, name)
    kind = schema.get("type")
    if kind == "object":
        return {k: instance_of(v, defs, k) for k, v in schema.get("properties", {}).items()}
    if kind == "array":
        return [instance_of(schema.get("items", {}), defs)]
    if kind == "integer":
        return 0 if name == "noncommittal" else 1
    if kind == "number":
        return 1.0
    if kind == "boolean":
        return True
    return "a statement from the answer"


def schema_in_prompt(text: str) -> dict | None:
    at = text.find("JSON Schema")
    start = text.find("{", at) if at >= 0 else -1
    depth = 0
    for i in range(start, len(text)) if start >= 0 else ():
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            try:
                return json.loads(text[start:i + 1])
            except json.JSONDecodeError:
                return None
    return None


PROMPT_MARKERS = [("claims_support", "check whether texts are supported"), ("claims", "split texts into atomic claims"),
                  ("support", "decide whether claims are supported"), ("usefulness", "judge retrieved chunks"),
                  ("relevant_sentences", "numbered sentences"), ("answer_relevance", "write 3 different questions")]


def which_prompt(system: str) -> str:
    low = system.lower()
    for name, marker in PROMPT_MARKERS:
        if marker in low:
            return name
    raise ValueError("unknown prompt")


def embed(text: str, dim: int = 64) -> list[float]:
    vec = [0.0] * dim
    for w in WORD.findall(text.lower()):
        vec[int(hashlib.md5(w.encode()).hexdigest(), 16) % dim] += 1.0
    return vec


PROSE = "Looking at the passages, I would say the first statement holds up well while the others are less clear."


def schema_sent(body: dict) -> dict | str | None:
    """The schema a request asks the reply to follow: a dict, "json_mode", or None."""
    fmt = body.get("response_format") or {}
    if fmt.get("type") == "json_schema":
        return fmt.get("json_schema", {}).get("schema") or {}
    if fmt.get("type") == "json_object":
        return "json_mode"
    tools = body.get("tools") or []
    if tools:
        tool = tools[0]
        return tool.get("input_schema") or tool.get("function", {}).get("parameters") or {}
    out = (body.get("output_config") or {}).get("format") or body.get("output_format")
    if isinstance(out, dict):
        return out.get("schema") or {}
    return None


def tool_name(body: dict) -> str | None:
    tools = body.get("tools") or []
    if not tools:
        return None
    return tools[0].get("name") or tools[0].get("function", {}).get("name")


class Handler(BaseHTTPRequestHandler):
    server: "FakeOpenAIServer"

    def setup(self):
        if self.server.keep_alive:
            self.protocol_version = "HTTP/1.1"
        super().setup()

    def log_message(self, *args):  # quiet
        return

    def _send(self, status: int, body: dict | str, headers: dict | None = None) -> None:
        data = body if isinstance(body, str) else json.dumps(body)
        raw = data.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        for k, v in {**self.server.rate_limit_headers, **(headers or {})}.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(raw)

    def do_POST(self):  # noqa: N802
        length = int(self.headers.get("Content-Length", 0))
        body = json.loads(self.rfile.read(length) or b"{}")
        srv = self.server
        with srv.lock:
            srv.requests.append({"path": self.path, "headers": dict(self.headers), "body": body, "t": time.time()})
            queued = srv.faults.popleft() if srv.faults else None
            fault = queued or srv.always
            if queued and queued.startswith("always_"):
                # put back at once, under the lock: put back after the reply was made, a request
                # served meanwhile found no fault and got a good reply (the exit-code test saw 3
                # of 8 results scored under load)
                srv.faults.appendleft(queued)
            if srv.every and not self.path.endswith("/embeddings"):
                srv.counted += 1
                fault = fault or (srv.every[1] if srv.counted % srv.every[0] == 0 else None)
            srv.in_flight += 1
            srv.peak_in_flight = max(srv.peak_in_flight, srv.in_flight)
        try:
            if srv.latency:
                time.sleep(srv.latency)
            if not self._hostile(fault):
                self._handle(body, fault)
        except (BrokenPipeError, ConnectionResetError):  # the client hung up: what several faults expect
            self.close_connection = True
        finally:
            with srv.lock:
                srv.in_flight -= 1

    def _hostile(self, fault: str | None) -> bool:
        """Answer with a fault of a broken or hostile endpoint; False if ``fault`` is not one."""
        srv = self.server
        if fault in ("401", "403"):
            self._send(int(fault), {"error": {"message": "invalid api key"}})
        elif fault == "hang":
            time.sleep(srv.hang_seconds)
            self.close_connection = True
        elif fault == "drip":
            self.send_response(200)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            for _ in range(int(srv.hang_seconds / 0.1)):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(0.1)
            self.close_connection = True
        elif fault == "huge":
            self._stream(20 * 1024 * 1024, chunked=False)
        elif fault == "endless":
            self._stream(256 * 1024 * 1024, chunked=True)
        else:
            return False
        return True

    def _stream(self, total: int, chunked: bool) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header(*(("Transfer-Encoding", "chunked") if chunked else ("Content-Length", str(total))))
        self.end_headers()
        piece = b"x" * 65536
        for _ in range(total // len(piece)):
            self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")
        self.close_connection = True

    def _echo_key(self, json_reply: bool) -> str:
        key = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
        if not json_reply:  # a proxy's error page, served with status 200
            return f"<html>Gateway: forwarded with key {key.upper()} (original: {key})</html>"
        return json.dumps({"texts": [{"id": "t0", "claims": [
            {"claim": f"The key is {key.lower()}", "supported": True, "evidence": f"Authorization: Bearer {key}"}]}],
            "verdicts": [{"index": 0, "useful": True, "reason": f"key {key.swapcase()}"}]})

    def _handle(self, body: dict, fault: str | None) -> None:
        srv = self.server
        if fault == "429":
            return self._send(429, {"error": {"message": "rate limited"}}, {"Retry-After": str(srv.retry_after)})
        if fault == "500":
            return self._send(500, {"error": {"message": "boom"}})
        if fault == "401_echo":  # a careless server that echoes the credentials it got
            return self._send(401, {"error": {"message": f"bad key {self.headers.get('Authorization')}"}})
        if fault == "drop":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        if fault == "slow":
            time.sleep(srv.slow_seconds)
        if self.path.endswith("/embeddings"):
            inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
            return self._send(200, {"data": [{"index": i, "embedding": embed(t)} for i, t in enumerate(inputs)],
                                    "usage": {"prompt_tokens": sum(len(t) // 4 for t in inputs)}})
        refused = next((p for p in srv.reject_params if p in body), None)
        if refused:
            return self._send(400, {"error": {"message": f"Unsupported parameter: '{refused}' is not supported with "
                                                         "this model.", "param": refused}})
        if fault == "reject_schema" and "response_format" in body:
            return self._send(400, {"error": {"message": "response_format json_schema is not supported"}})
        if fault == "reject_tools" and "tools" in body:
            return self._send(400, {"type": "error", "error": {"type": "invalid_request_error",
                                                               "message": "tools are not supported by this model"}})
        anthropic = self.path.endswith("/messages")
        messages = body["messages"]
        if not anthropic and not any(m["role"] == "system" for m in messages):  # another tool's prompt
            schema = schema_in_prompt(messages[-1]["content"])
            if schema is None:
                return self._send(400, {"error": {"message": "unrecognised prompt"}})
            content = json.dumps(instance_of(schema, schema.get("$defs", {})))
            return self._send(200, {"id": "x", "object": "chat.completion", "model": body.get("model"),
                                    "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                                 "finish_reason": "stop"}],
                                    "usage": {"prompt_tokens": len(messages[-1]["content"]) // 4,
                                              "completion_tokens": len(content) // 4}})
        system = text_of(body["system"]) if anthropic else next(text_of(m["content"]) for m in messages
                                                                 if m["role"] == "system")
        user = next(text_of(m["content"]) for m in messages if m["role"] == "user")
        data = json.loads(user.split("<data>", 1)[1].rsplit("</data>", 1)[0])
        answer = answer_for(which_prompt(system), data)
        schema = schema_sent(body)
        if isinstance(schema, dict) and not set(answer) <= set(schema.get("properties", {})):
            return self._send(400, {"error": {"message": f"the schema sent ({sorted(schema.get('properties', {}))}) "
                                                         f"does not fit the prompt ({sorted(answer)})"}})
        content = json.dumps(answer) if schema is not None or not srv.schema_only else PROSE
        finish = "stop"
        if fault == "malformed" or (fault == "always_malformed"):
            content = "Sure! Here is my verdict: {\"texts\": [oops"
        elif fault in ("incomplete", "always_incomplete"):  # the schema's shape, one item left out
            reply = json.loads(content)
            for key in ("texts", "verdicts"):
                if isinstance(reply.get(key), list) and reply[key]:
                    reply[key] = reply[key][:-1]
            content = json.dumps(reply)
        elif fault == "fenced":
            content = f"```json\n{content}\n```\nHope that helps."
        elif fault == "truncated":
            content, finish = content[: len(content) // 2], "length"
        elif fault in ("echo_key", "echo_key_json"):
            content = self._echo_key(fault == "echo_key_json")
        prompt_tokens = sum(len(text_of(m["content"])) for m in messages) // 4
        completion_tokens = srv.completion_tokens or len(content) // 4
        if fault == "absurd_usage":
            prompt_tokens = completion_tokens = 10 ** 12
        srv.billed.append((prompt_tokens, completion_tokens))
        tool = tool_name(body) if finish == "stop" and fault is None else None
        if anthropic:
            block = ({"type": "tool_use", "id": "toolu_1", "name": tool, "input": json.loads(content)} if tool
                     else {"type": "text", "text": content})
            return self._send(200, {"id": "msg_1", "type": "message", "role": "assistant", "model": body.get("model"),
                                    "content": [block], "stop_sequence": None,
                                    "stop_reason": "tool_use" if tool else "max_tokens" if finish == "length" else "end_turn",
                                    "usage": {"input_tokens": prompt_tokens, "output_tokens": completion_tokens}})
        message = {"role": "assistant", "content": content}
        if tool:
            message = {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": tool, "arguments": content}}]}
        self._send(200, {"id": "x", "object": "chat.completion", "created": int(time.time()), "model": body.get("model"),
                         "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if tool else finish}],
                         "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                                   "total_tokens": prompt_tokens + completion_tokens}})


def text_of(content) -> str:
    """A message's text: a string, or the text blocks of a list (as Anthropic's clients send it)."""
    if isinstance(content, str):
        return content
    return "".join(b.get("text", "") for b in content or [] if isinstance(b, dict))


class FakeOpenAIServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024  # a real server accepts many connections at once (the default, 5, serialises them)

    def __init__(self, latency: float = 0.0, port: int = 0, keep_alive: bool = False):
        super().__init__(("127.0.0.1", port), Handler)
        self.latency = latency
        self.keep_alive = keep_alive
        self.schema_only = False
        self.reject_params: set[str] = set()  # request fields answered with a 400 naming them (as for gpt-5's temperature)
        self.every: tuple[int, str] | None = None
        self.counted = 0
        self.rate_limit_headers: dict[str, str] = {}
        self.faults: deque[str] = deque()
        self.requests: list[dict] = []
        self.lock = threading.Lock()
        self.retry_after = "0.05"
        self.slow_seconds = 2.0
        self.always: str | None = None  # a fault for every request
        self.hang_seconds = 5.0
        self.completion_tokens: int | None = None  # report every chat reply as this many tokens
        self.billed: list[tuple[int, int]] = []  # (prompt, completion) tokens of each chat reply sent
        self.in_flight = 0
        self.peak_in_flight = 0
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)

    def handle_error(self, request, client_address) -> None:
        """A client that hangs up on a kept-alive connection is normal; anything else is printed."""
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"

    def chat_requests(self) -> list[dict]:
        return [r for r in self.requests if r["path"].endswith(("/chat/completions", "/messages"))]

    def __enter__(self) -> "FakeOpenAIServer":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.shutdown()
        self.server_close()


if __name__ == "__main__":  # run standalone: python openai_server.py PORT_FILE [LATENCY]
    with FakeOpenAIServer(latency=float(sys.argv[2]) if len(sys.argv) > 2 else 0.0) as srv:
        with open(sys.argv[1] + ".tmp", "w") as fh:
            fh.write(srv.url)
        __import__("os").replace(sys.argv[1] + ".tmp", sys.argv[1])
        while True:
            time.sleep(3600)
