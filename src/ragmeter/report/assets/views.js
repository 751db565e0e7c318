// ragmeter report, part 4 of 4: the Samples tab of each run, the Compare tab (every pair, paged), and the start.
function idsOf(samples) {
  const ids = samples.map(s => s.id);
  const unique = ids.every(x => x !== null && x !== undefined) && new Set(ids.map(String)).size === ids.length;
  return unique ? ids.map(String) : ids.map((_, i) => String(i));
}

function SamplesView(run, k, root) {
  const ids = idsOf(run.samples);
  const metricSel = el("select", { "data-role": "filter-metric", "aria-label": "metric" }, el("option", { value: "" }, "any metric"),
    ...run.metrics.map(m => el("option", { value: m }, m)));
  const statusSel = el("select", { "data-role": "filter-status", "aria-label": "status" }, ...["all", "ok", "skipped", "error"].map(s => el("option", { value: s }, s)));
  const below = el("input", { type: "number", step: "0.05", min: "0", max: "1", placeholder: "score below", "data-role": "filter-below", "aria-label": "score below", class: "narrow" });
  const legend = el("span", { class: "legend" }, "score: ", el("span", { class: "chip sv-low" }, "< 0.5"), el("span", { class: "chip sv-mid" }, "< 0.8"), el("span", { class: "chip sv-high" }, "≥ 0.8"));
  const columns = [
    { id: "#", label: "#", key: row => [0, row.i], cell: row => el("td", { class: "id" }, ids[row.i]) },
    { id: "question", label: "question", cell: row => el("td", { class: "q" }, clip(row.s.q, 90)) },
    ...run.metrics.map(m => ({ id: m, label: metricLabel(m), key: row => { const r = res(run, row.s, m); return [r.rank, r.score]; },
      cell: row => scoreCell(res(run, row.s, m)) })),
  ];
  function filter(row) {
    const ms = metricSel.value ? [metricSel.value] : run.metrics;
    const st = statusSel.value, lim = below.value === "" ? null : Number(below.value);
    if (st !== "all" && !ms.some(m => res(run, row.s, m).status === st)) return false;
    if (lim !== null && !ms.some(m => { const r = res(run, row.s, m); return r.score !== null && r.score < lim; })) return false;
    return true;
  }
  const view = { tab: "samples", name: run.name, k };
  view.table = PagedTable(root, {
    rows: run.samples.map((s, i) => ({ i, s })), total: run.total, noun: "samples", columns, filter,
    controls: [metricSel, statusSel, below, legend],
    placeholder: "search ids, questions, answers, contexts, references",
    idOf: row => ids[row.i],
    hay: row => [ids[row.i], row.s.q, row.s.a, row.s.ref, ...(row.s.ctx || [])].map(x => x || ""),
    open: (row, box) => showSample(run, row.s, box),
    heading: row => `${run.name}: sample ${ids[row.i]}`,
  });
  [metricSel, statusSel, below].forEach(x => x.addEventListener("input", view.table.refresh));
  if (run.mapped) root.prepend(el("p", { class: "note", "data-role": "mapped-note" }, "Scores of ", run.mapped.join(", "),
    " are mapped onto your labels' scale by a calibration (see the Summary); a sample's detail shows the judge's own score too."));
  view.state = () => ({ tab: "samples", run: run.name, ...view.table.state() });
  view.apply = p => view.table.apply(p);
  return view;
}

function CompareView(cmp, root) {
  const A = DATA.runs[cmp.a], B = DATA.runs[cmp.b];
  const rows = cmp.pairs.map(([i, j], n) => ({ i: n, a: A.samples[i], b: B.samples[j] }));
  const ids = idsOf(rows.map(r => r.a));
  let metric = cmp.metrics[0];
  const metricSel = el("select", { "data-role": "compare-metric", "aria-label": "metric" }, ...cmp.metrics.map(m => el("option", { value: m }, m)));
  const which = el("select", { "data-role": "compare-filter", "aria-label": "which pairs" },
    el("option", { value: "" }, "all pairs"), el("option", { value: "lower" }, `${B.name} lower`),
    el("option", { value: "higher" }, `${B.name} higher`), el("option", { value: "tied" }, "tied"), el("option", { value: "unscored" }, "unscored in a run"));
  function delta(row) {
    const ra = res(A, row.a, metric), rb = res(B, row.b, metric);
    return ra.status === "ok" && rb.status === "ok" ? rb.score - ra.score : null;
  }
  const tie = 1e-9;
  function filter(row) {
    const d = delta(row), f = which.value;
    return !f || (f === "unscored" ? d === null : d !== null && (f === "lower" ? d < -tie : f === "higher" ? d > tie : Math.abs(d) <= tie));
  }
  const columns = [
    { id: "#", label: "#", key: row => [0, row.i], cell: row => el("td", { class: "id" }, ids[row.i]) },
    { id: "question", label: "question", cell: row => el("td", { class: "q" }, clip(row.a.q, 80)) },
    { id: "a", label: runName(cmp.a, A.name), key: row => { const r = res(A, row.a, metric); return [r.rank, r.score]; }, cell: row => scoreCell(res(A, row.a, metric)) },
    { id: "b", label: runName(cmp.b, B.name), key: row => { const r = res(B, row.b, metric); return [r.rank, r.score]; }, cell: row => scoreCell(res(B, row.b, metric)) },
    { id: "delta", label: `Δ (${B.name} − ${A.name})`, key: row => { const d = delta(row); return d === null ? [1, 0] : [0, d]; },
      cell: row => { const d = delta(row); return el("td", { class: "score " + (d === null ? "st-skipped" : d < -tie ? "d-worse" : d > tie ? "d-better" : "d-ns") }, d === null ? "unscored" : (d > 0 ? "+" : "") + d.toFixed(3)); } },
  ];
  const view = { tab: "compare", name: "compare" };
  view.table = PagedTable(root, {
    rows, noun: "pairs", columns, filter, controls: ["by ", metricSel, which], sortKey: "delta", sortDir: 1, role: "compare-table",
    placeholder: "search ids, questions, answers, contexts, references",
    idOf: row => ids[row.i],
    hay: row => [ids[row.i], row.a.id, row.a.q, row.a.a, row.b.a, row.a.ref, ...(row.a.ctx || []), ...(row.b.ctx || [])].map(x => x === null || x === undefined ? "" : String(x)),
    open(row, box) {
      const sideA = el("div"), sideB = el("div");
      showSample(A, row.a, sideA); showSample(B, row.b, sideB);
      box.replaceChildren(el("div", { class: "side" }, el("div", {}, el("h3", {}, runName(cmp.a, A.name)), sideA),
        el("div", {}, el("h3", {}, runName(cmp.b, B.name)), sideB)));
    },
    heading: row => `pair ${ids[row.i]}: ${A.name} and ${B.name}`,
  });
  metricSel.addEventListener("input", () => { metric = metricSel.value; view.table.refresh(); });
  which.addEventListener("input", view.table.refresh);
  view.state = () => ({ tab: "compare", metric, pairs: which.value, ...view.table.state() });
  view.apply = p => {
    if (cmp.metrics.includes(p.get("metric"))) { metric = p.get("metric"); metricSel.value = metric; }
    which.value = [...which.options].some(x => x.value === p.get("pairs")) ? p.get("pairs") : "";
    if (!p.has("sort")) p.set("sort", "delta");
    view.table.apply(p);
  };
  return view;
}

DATA.runs.forEach((run, k) => { State.views["tab-samples-" + k] = SamplesView(run, k, document.getElementById("samples-" + k)); });
if (DATA.comparison) State.views["tab-compare"] = CompareView(DATA.comparison, document.getElementById("compare-view"));
if (location.hash.length > 1) State.restore();
