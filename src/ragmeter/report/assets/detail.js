// ragmeter report, part 2 of 4: one sample in detail (claims and their evidence, contexts in rank order).
function markIn(container, needle, cls) {
  if (!needle) return false;
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const at = node.data.indexOf(needle);
    if (at >= 0) {
      const range = document.createRange();
      range.setStart(node, at); range.setEnd(node, at + needle.length);
      const mark = el("mark", { class: cls }); range.surroundContents(mark);
      return mark;
    }
  }
  return false;
}
// evidence is [k, start, end] in context k (k = -1: in the answer), or the sentence itself
function located(s, loc) {
  if (Array.isArray(loc)) return { k: loc[0], text: ((loc[0] < 0 ? s.a : (s.ctx || [])[loc[0]]) || "").slice(loc[1], loc[2]) };
  return { k: null, text: loc || "" };
}
function evidenceOf(run, s, metric) {
  const k = run.index.get(metric);
  return k === undefined ? null : s.r[k].ev || null;
}

// A run mapped by a calibration: its scores are the map's, and the judge's own score (s.j, in run.mapped order) is shown beside
function judgeScoreCell(run, s, m) {
  if (!run.mapped) return null;
  const k = run.mapped.indexOf(m);
  if (k < 0) return el("td", { "data-role": "judge-score", class: "note" }, "not mapped");
  const x = (s.j || [])[k];
  return el("td", { "data-role": "judge-score", class: "score " + band(x) }, fmt(x));
}
function metricsTable(run, s) {
  const mapped = !!run.mapped;
  return el("div", { class: "scroll" }, mapped ? el("p", { class: "note", "data-role": "mapped-detail" },
    "score: mapped onto your labels by the calibration; judge score: the judge's own, before mapping") : null,
  el("table", { class: "metrics", "data-role": "metrics" },
    el("tr", {}, el("th", {}, "metric"), el("th", {}, mapped ? "score (mapped)" : "score"), mapped ? el("th", {}, "judge score") : null,
      el("th", {}, "status"), el("th", {}, "reason")),
    ...run.metrics.map(m => {
      const r = res(run, s, m);
      return el("tr", { "data-metric": m }, el("td", {}, metricLabel(m)), el("td", { class: "score " + (r.status === "ok" ? band(r.score) : "") }, fmt(r.score)),
        judgeScoreCell(run, s, m), el("td", { class: "st-" + r.status }, r.status), el("td", { class: "text" }, r.reason || ""));
    })));
}

function contextsBox(run, s) {
  const chunks = evidenceOf(run, s, "context_precision") || [];
  const relevant = evidenceOf(run, s, "context_relevancy") || [];
  const box = el("div", { "data-role": "contexts" });
  if (!s.ctx && s.nctx) box.append(el("p", { class: "note" }, `${s.nctx} contexts, left out of this file`));
  (s.ctx || []).forEach((c, k) => {
    const v = chunks[k];
    const useful = v === undefined ? "" : v[0] ? " useful" : " not useful";
    const div = el("div", { class: "context" + (v === undefined ? "" : v[0] ? " useful" : " not-useful"), "data-rank": String(k + 1) },
      el("span", { class: "rank" }, `#${k + 1}${useful} `), c);
    if (v && v[2] !== undefined) div.append(el("span", { class: "ev" }, "judged text: ", v[2]));
    box.append(div);
    (relevant[k] || []).forEach(loc => markIn(div, located(s, loc).text, "relevant"));
  });
  return box;
}

function claimsBox(run, s, ctxBox) {
  const claims = evidenceOf(run, s, "faithfulness") || [];
  return el("div", { "data-role": "claims" }, ...claims.map(([claim, verdict, p, loc]) => {
    const ev = located(s, loc), text = located(s, claim).text;
    const d = el("div", { class: "claim " + (verdict ? "supported" : "unsupported"), "data-verdict": verdict ? "supported" : "unsupported", tabindex: "0" },
      (verdict ? "✔ supported: " : "✘ unsupported: "), text, p === null || p === undefined ? null : el("span", { class: "p" }, ` (p = ${Number(p).toFixed(2)})`),
      ev.text ? el("span", { class: "ev" }, (verdict ? "evidence: " : "closest passage: ") + ev.text) : null);
    const show = () => {
      ctxBox.querySelectorAll("mark.evidence").forEach(m => m.replaceWith(...m.childNodes));
      const where = ev.k === null ? ctxBox : ctxBox.querySelector(`[data-rank="${ev.k + 1}"]`) || ctxBox;
      const mark = markIn(where, ev.text, "evidence");
      if (mark) mark.scrollIntoView({ block: "nearest" });
    };
    d.addEventListener("click", show);
    d.addEventListener("keydown", e => { if (e.key === "Enter") show(); });
    return d;
  }));
}

function showSample(run, s, box) {
  const ctxBox = contextsBox(run, s);
  const claimBox = claimsBox(run, s, ctxBox);
  box.replaceChildren(...[el("h3", {}, "Question"), el("div", { class: "text", "data-role": "question" }, s.q || ""),
    el("h3", {}, "Answer"), el("div", { class: "text", "data-role": "answer" }, s.a || ""),
    claimBox.childElementCount ? el("h3", {}, "Claims of the answer (click one to see its evidence)") : null, claimBox,
    el("h3", {}, "Retrieved contexts, in rank order"), ctxBox,
    el("h3", {}, "Reference"), el("div", { class: "text", "data-role": "reference" }, s.ref || "—"),
    s.err ? el("div", { class: "st-error text" }, s.err) : null,
    el("h3", {}, "Metrics"), metricsTable(run, s)].filter(x => x !== null));
}

// The panel beside the table (over it on a narrow screen): always in view, closed with ✕ or Escape
function Drawer(root, onClose) {
  const title = el("h2", { class: "drawer-title" });
  const link = el("a", { "data-role": "link" }, "link to this view");
  const close = el("button", { class: "close", "data-role": "close", "aria-label": "close (Escape)" }, "✕");
  const body = el("div", { class: "drawer-body" });
  const box = el("aside", { class: "detail", "data-role": "detail", hidden: "", role: "dialog", "aria-label": "sample" },
    el("div", { class: "drawer-head" }, title, link, close), el("p", { class: "keys" }, "j / k: next / previous sample · Escape: close"), body);
  root.append(box);
  close.addEventListener("click", () => api.close());
  const api = {
    box, body,
    open(heading, hash) {
      title.replaceChildren(txt(heading));
      link.setAttribute("href", hash);
      box.hidden = false;
      document.body.classList.add("drawer-open");
      body.scrollTop = 0;
    },
    close() {
      if (box.hidden) return;
      box.hidden = true;
      document.body.classList.remove("drawer-open");
      onClose();
    },
    get isOpen() { return !box.hidden; },
  };
  return api;
}
