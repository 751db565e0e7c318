// ragmeter report: renders the samples tables and views from the embedded JSON.
// Dataset text is only ever inserted with textContent / createTextNode, never as HTML.
(function () {
  "use strict";
  const DATA = JSON.parse(document.getElementById("ragmeter-data").textContent);
  const PAGE = 50;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k === "onclick") node.addEventListener("click", v);
      else node.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    return node;
  }
  function fmt(x) { return x === null || x === undefined ? "n/a" : Number(x).toFixed(3); }
  function clip(s, n) { s = s || ""; return s.length > n ? s.slice(0, n - 1) + "…" : s; }

  // ---- tabs ----
  document.querySelectorAll("nav.tabs button").forEach(b => b.addEventListener("click", () => {
    document.querySelectorAll("nav.tabs button").forEach(x => x.classList.toggle("active", x === b));
    document.querySelectorAll("section.tab").forEach(s => s.classList.toggle("active", s.id === b.dataset.tab));
  }));

  // ---- samples table ----
  function SamplesView(run, root) {
    const metrics = run.metrics;
    let rows = run.samples.map((s, i) => ({ i, s }));
    let sortKey = null, sortDir = 1, page = 0, selected = null;
    const search = el("input", { type: "search", placeholder: "search question, answer, reference", "data-role": "search" });
    const metricSel = el("select", { "data-role": "filter-metric" }, el("option", { value: "" }, "any metric"),
      ...metrics.map(m => el("option", { value: m }, m)));
    const statusSel = el("select", { "data-role": "filter-status" }, ...["all", "ok", "skipped", "error"].map(s => el("option", { value: s }, s)));
    const below = el("input", { type: "number", step: "0.05", min: "0", max: "1", placeholder: "score below", "data-role": "filter-below", style: "width:110px" });
    const count = el("span", { "data-role": "count" });
    const table = el("table", { class: "samples", "data-role": "samples-table" });
    const pager = el("div", { class: "pager" });
    const detail = el("div", { class: "detail", "data-role": "detail", hidden: "" });
    root.append(el("div", { class: "controls" }, search, metricSel, statusSel, below, count), table, pager, detail);
    [search, metricSel, statusSel, below].forEach(x => x.addEventListener("input", () => { page = 0; render(); }));

    function visible() {
      const q = search.value.trim().toLowerCase();
      const m = metricSel.value, st = statusSel.value, lim = below.value === "" ? null : Number(below.value);
      let out = rows.filter(({ s }) => {
        if (q && ![s.q, s.a, s.ref].some(t => (t || "").toLowerCase().includes(q))) return false;
        const ms = m ? [m] : metrics;
        if (st !== "all" && !ms.some(k => s.r[k].status === st)) return false;
        if (lim !== null && !ms.some(k => s.r[k].score !== null && s.r[k].score < lim)) return false;
        return true;
      });
      if (sortKey) {
        const val = r => sortKey === "#" ? r.i : (r.s.r[sortKey].score === null ? -1 : r.s.r[sortKey].score);
        out = out.slice().sort((a, b) => (val(a) - val(b)) * sortDir || a.i - b.i);
      }
      return out;
    }
    function render() {
      const list = visible();
      const pages = Math.max(1, Math.ceil(list.length / PAGE));
      page = Math.min(page, pages - 1);
      count.textContent = `${list.length} of ${rows.length} samples`;
      const head = el("tr", {}, ...["#", "question", ...metrics].map(h => {
        const th = el("th", { "data-col": h }, h);
        if (h !== "question") th.addEventListener("click", () => { sortDir = sortKey === h ? -sortDir : 1; sortKey = h; render(); });
        if (h === sortKey) th.classList.add(sortDir > 0 ? "sorted-asc" : "sorted-desc");
        return th;
      }));
      const body = el("tbody");
      for (const r of list.slice(page * PAGE, (page + 1) * PAGE)) {
        const tr = el("tr", { "data-index": String(r.i) }, el("td", {}, r.s.id ?? r.i), el("td", {}, clip(r.s.q, 90)),
          ...metrics.map(m => el("td", { class: "score st-" + r.s.r[m].status, title: r.s.r[m].reason || "" },
            r.s.r[m].status === "ok" ? fmt(r.s.r[m].score) : r.s.r[m].status)));
        if (selected === r.i) tr.classList.add("selected");
        tr.addEventListener("click", () => { selected = r.i; showSample(run, r.s, detail); render(); });
        body.append(tr);
      }
      table.replaceChildren(el("thead", {}, head), body);
      const prev = el("button", { "data-role": "prev" }, "‹ prev"), next = el("button", { "data-role": "next" }, "next ›");
      prev.disabled = page === 0; next.disabled = page >= pages - 1;
      prev.addEventListener("click", () => { page--; render(); }); next.addEventListener("click", () => { page++; render(); });
      pager.replaceChildren(prev, el("span", { "data-role": "page" }, `page ${page + 1} of ${pages}`), next);
    }
    render();
  }

  // ---- one sample ----
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
  function showSample(run, s, box) {
    box.hidden = false;
    const metrics = el("table", { class: "metrics" }, el("tr", {}, el("th", {}, "metric"), el("th", {}, "score"), el("th", {}, "status"), el("th", {}, "reason")),
      ...run.metrics.map(m => el("tr", {}, el("td", {}, m), el("td", {}, fmt(s.r[m].score)), el("td", { class: "st-" + s.r[m].status }, s.r[m].status), el("td", {}, s.r[m].reason || ""))));
    const claims = (s.r.faithfulness && s.r.faithfulness.evidence && s.r.faithfulness.evidence.claims) || [];
    const chunks = (s.r.context_precision && s.r.context_precision.evidence && s.r.context_precision.evidence.chunks) || [];
    const relevant = (s.r.context_relevancy && s.r.context_relevancy.evidence && s.r.context_relevancy.evidence.relevant_sentences) || [];
    const ctxBox = el("div", { "data-role": "contexts" });
    (s.ctx || []).forEach((c, k) => {
      const verdict = chunks[k];
      const cls = verdict === undefined ? "context" : "context " + (verdict.verdict ? "useful" : "not-useful");
      const div = el("div", { class: cls, "data-rank": String(k + 1) }, el("span", { class: "rank" }, `#${k + 1}${verdict === undefined ? "" : verdict.verdict ? " useful" : " not useful"} `), c);
      ctxBox.append(div);
      (relevant[k] || []).forEach(sent => markIn(div, sent, "relevant"));
    });
    const claimBox = el("div", { "data-role": "claims" }, ...claims.map(c => {
      const d = el("div", { class: "claim " + (c.verdict ? "supported" : "unsupported"), "data-verdict": c.verdict ? "supported" : "unsupported" },
        (c.verdict ? "✔ supported: " : "✘ unsupported: "), c.text,
        c.evidence ? el("span", { class: "ev" }, (c.verdict ? "evidence: " : "closest passage: ") + c.evidence) : null);
      d.addEventListener("click", () => {
        ctxBox.querySelectorAll("mark.evidence").forEach(m => m.replaceWith(...m.childNodes));
        const mark = markIn(ctxBox, c.evidence, "evidence");
        if (mark) mark.scrollIntoView({ block: "nearest" });
      });
      return d;
    }));
    box.replaceChildren(...[el("h3", {}, "Question"), el("div", { "data-role": "question" }, s.q || ""),
      el("h3", {}, "Answer"), el("div", { "data-role": "answer" }, s.a || ""),
      claims.length ? el("h3", {}, "Claims of the answer (click one to see its evidence)") : null, claimBox,
      el("h3", {}, "Retrieved contexts, in rank order"), ctxBox,
      el("h3", {}, "Reference"), el("div", { "data-role": "reference" }, s.ref || "—"),
      s.error ? el("div", { class: "st-error" }, s.error) : null,
      el("h3", {}, "Metrics"), metrics].filter(x => x !== null));
  }

  // ---- comparison ----
  function CompareView(cmp, root) {
    const metricSel = el("select", { "data-role": "compare-metric" }, ...cmp.metrics.map(m => el("option", { value: m }, m)));
    const table = el("table", { class: "samples", "data-role": "compare-table" });
    const detail = el("div", { class: "detail", hidden: "" });
    root.append(el("div", { class: "controls" }, "biggest regressions first, by ", metricSel), table, detail);
    metricSel.addEventListener("input", render);
    function render() {
      const m = metricSel.value;
      const pairs = cmp.pairs.filter(p => p.a.r[m].score !== null && p.b.r[m].score !== null)
        .map(p => ({ p, d: p.b.r[m].score - p.a.r[m].score })).sort((x, y) => x.d - y.d);
      const body = el("tbody");
      for (const { p, d } of pairs.slice(0, 500)) {
        const tr = el("tr", {}, el("td", {}, clip(p.a.q, 80)), el("td", { class: "score" }, fmt(p.a.r[m].score)),
          el("td", { class: "score" }, fmt(p.b.r[m].score)), el("td", { class: "score " + (d < 0 ? "delta-neg" : d > 0 ? "delta-pos" : "") }, (d > 0 ? "+" : "") + d.toFixed(3)));
        tr.addEventListener("click", () => {
          detail.hidden = false;
          const sideA = el("div"), sideB = el("div");
          showSample({ metrics: cmp.metrics }, p.a, sideA); showSample({ metrics: cmp.metrics }, p.b, sideB);
          detail.replaceChildren(el("div", { class: "side" }, el("div", {}, el("h3", {}, "Run A: " + cmp.name_a), sideA), el("div", {}, el("h3", {}, "Run B: " + cmp.name_b), sideB)));
        });
        body.append(tr);
      }
      table.replaceChildren(el("thead", {}, el("tr", {}, ...["question", "A", "B", "Δ (B − A)"].map(h => el("th", {}, h)))), body);
    }
    render();
  }

  DATA.runs.forEach((run, k) => SamplesView(run, document.getElementById("samples-" + k)));
  if (DATA.comparison) CompareView(DATA.comparison, document.getElementById("compare-view"));
})();
