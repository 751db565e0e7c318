// ragmeter report, part 1 of 4: data, text without markup, score colours, tabs, view state in the URL hash.
// Dataset text is only ever inserted as text nodes (textContent / createTextNode), never as HTML.
const DATA = JSON.parse(document.getElementById("ragmeter-data").textContent);
const STATUS = ["ok", "skipped", "error"];

// [score, reason, status, evidence] -> {score, reason, status, rank, ev}; rank orders ok before skipped before error
function decode(run) {
  for (const s of run.samples) {
    s.r = s.r.map(e => ({ score: e[0] === undefined ? null : e[0], reason: e[1] || "", status: STATUS[e[2] || 0], rank: e[2] || 0, ev: e[3] }));
  }
  run.index = new Map(run.metrics.map((m, k) => [m, k]));
}
DATA.runs.forEach(decode);
function res(run, s, metric) { return s.r[run.index.get(metric)]; }

const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const BIDI_NAMES = { 0x61c: "ALM", 0x200e: "LRM", 0x200f: "RLM", 0x202a: "LRE", 0x202b: "RLE", 0x202c: "PDF", 0x202d: "LRO",
  0x202e: "RLO", 0x2066: "LRI", 0x2067: "RLI", 0x2068: "FSI", 0x2069: "PDI" };
// Text as nodes, with each bidi control character shown as a visible mark instead of acting on the text around it
function txt(value) {
  const s = value === null || value === undefined ? "" : String(value);
  BIDI.lastIndex = 0;
  if (!BIDI.test(s)) return document.createTextNode(s);
  const frag = document.createDocumentFragment();
  let last = 0;
  BIDI.lastIndex = 0;
  for (const m of s.matchAll(BIDI)) {
    frag.append(document.createTextNode(s.slice(last, m.index)));
    const code = m[0].codePointAt(0);
    const mark = document.createElement("span");
    mark.className = "bidi";
    mark.title = "U+" + code.toString(16).toUpperCase().padStart(4, "0") + ": a bidirectional control character, shown and not applied";
    mark.textContent = BIDI_NAMES[code] || "BIDI";
    frag.append(mark);
    last = m.index + m[0].length;
  }
  frag.append(document.createTextNode(s.slice(last)));
  return frag;
}
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "onclick") node.addEventListener("click", v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : txt(c));
  return node;
}
// A metric name that may break after its underscores (context_<wbr>precision) and nowhere else
function metricLabel(m) {
  const frag = document.createDocumentFragment();
  String(m).split("_").forEach((part, k, all) => { frag.append(txt(part + (k < all.length - 1 ? "_" : ""))); if (k < all.length - 1) frag.append(document.createElement("wbr")); });
  return frag;
}
function fmt(x) { return x === null || x === undefined ? "n/a" : Number(x).toFixed(3); }
function clip(s, n) { s = s || ""; return s.length > n ? s.slice(0, n - 1) + "…" : s; }
// A score's colour is its value's, never its status's: 0.000 is low (red), not "ok" (green)
function band(score) { return score === null || score === undefined ? "sv-none" : score < 0.5 ? "sv-low" : score < 0.8 ? "sv-mid" : "sv-high"; }
function scoreCell(r) {
  const text = r.status === "ok" ? fmt(r.score) : r.status;
  return el("td", { class: "score " + (r.status === "ok" ? band(r.score) : "st-" + r.status), title: r.reason || null }, text);
}
function runName(k, name) { return el("span", { class: "run run-" + k, style: "--run:" + DATA.runs[k].colour }, name); }

// ---- view state in the URL hash: #tab=samples&run=NAME&sample=ID&sort=..&dir=..&q=..&page=..&size=.. ----
const State = {
  views: {},  // tab id -> {name, apply(params), state() -> params}
  active: "summary",
  restoring: false,
  read() { return new URLSearchParams(location.hash.replace(/^#/, "")); },
  write() {
    if (this.restoring) return;
    const view = this.views[this.active];
    const params = new URLSearchParams(view ? view.state() : { tab: "summary" });
    for (const [k, v] of [...params]) if (v === "" || v === "null") params.delete(k);
    const hash = "#" + params.toString();
    if (location.hash !== hash) history.replaceState(null, "", hash);
  },
  show(tabId) {
    this.active = tabId;
    document.querySelectorAll("nav.tabs button").forEach(x => {
      x.classList.toggle("active", x.dataset.tab === tabId);
      x.setAttribute("aria-selected", String(x.dataset.tab === tabId));
    });
    document.querySelectorAll("section.tab").forEach(s => s.classList.toggle("active", s.id === tabId));
    const view = this.views[tabId];
    document.body.classList.toggle("drawer-open", !!(view && view.table.drawer.isOpen));
  },
  restore() {
    const p = this.read();
    const tab = p.get("tab") || (p.get("run") ? "samples" : "summary");
    let target = "summary";
    for (const [id, view] of Object.entries(this.views)) {
      if (view.tab === tab && (tab !== "samples" || view.name === p.get("run") || String(view.k) === p.get("run"))) target = id;
    }
    if (tab === "samples" && target === "summary") target = Object.keys(this.views).find(id => this.views[id].tab === "samples") || "summary";
    this.restoring = true;
    try {
      this.show(target);
      if (this.views[target]) this.views[target].apply(p);
    } finally { this.restoring = false; }
  },
};
document.querySelectorAll("nav.tabs button").forEach(b => b.addEventListener("click", () => { State.show(b.dataset.tab); State.write(); }));
window.addEventListener("hashchange", () => State.restore());
