// ragmeter report, part 3 of 4: a paged table for 50,000 rows: search, sort (unscored rows last either way),
// page size and page jump, focusable rows with j / k, and a detail panel kept in view.
const SIZES = [25, 50, 100, 250];
const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]);

function PagedTable(root, o) {
  // o: {rows, columns: [{id, label, key(row) -> [rank, value] | undefined, cell(row) -> td}], idOf(row), hay(row),
  //     controls: [nodes], filter(row) -> bool, open(row, drawer), heading(row), hash(row) -> params, placeholder}
  const t = { sortKey: o.sortKey || null, sortDir: o.sortDir || 1, page: 0, size: 50, q: "", selected: null };
  let cache = null, timer = null;
  const search = el("input", { type: "search", placeholder: o.placeholder, "data-role": "search", "aria-label": "search" });
  const sizeSel = el("select", { "data-role": "page-size", "aria-label": "rows per page" }, ...SIZES.map(n => el("option", { value: String(n) }, `${n} per page`)));
  sizeSel.value = "50";
  const count = el("span", { "data-role": "count" });
  const table = el("table", { class: "samples", "data-role": o.role || "samples-table" });
  const pager = el("div", { class: "pager" });
  const drawer = Drawer(root, () => { t.selected = null; mark(); State.write(); });
  root.prepend(el("div", { class: "controls" }, search, ...(o.controls || []), sizeSel, count),
    el("div", { class: "scroll" }, table), pager);
  // at scale, search once typing pauses; below 5,000 rows at every key
  search.addEventListener("input", () => {
    clearTimeout(timer);
    if (o.rows.length <= 5000) { t.q = search.value; refresh(); } else timer = setTimeout(() => { t.q = search.value; refresh(); }, 150);
  });
  sizeSel.addEventListener("input", () => { t.size = Number(sizeSel.value); t.page = 0; render(); State.write(); });

  function hay(row) { return row._hay || (row._hay = o.hay(row).join("\n").toLowerCase()); }
  function visible() {
    if (cache) return cache;
    const q = t.q.trim().toLowerCase();
    let out = o.rows.filter(row => (!q || hay(row).includes(q)) && (!o.filter || o.filter(row)));
    const col = o.columns.find(c => c.id === t.sortKey);
    if (col && col.key) {
      const keyed = out.map((row, n) => { const [rank, v] = col.key(row); return { row, rank, v, n }; });
      keyed.sort((a, b) => a.rank - b.rank || (a.v < b.v ? -1 : a.v > b.v ? 1 : 0) * t.sortDir || a.n - b.n);
      out = keyed.map(x => x.row);
    }
    return (cache = out);
  }
  function refresh() { cache = null; t.page = 0; render(); State.write(); }
  function pages() { return Math.max(1, Math.ceil(visible().length / t.size)); }

  function head() {
    return el("tr", {}, ...o.columns.map(c => {
      const th = el("th", { "data-col": c.id, scope: "col" }, c.label instanceof Node ? c.label.cloneNode(true) : c.label);
      if (c.key) {
        th.tabIndex = 0;
        th.title = "sort (skipped and error rows stay last)";
        const sort = () => { t.sortDir = t.sortKey === c.id ? -t.sortDir : (c.firstDir || 1); t.sortKey = c.id; refresh(); };
        th.addEventListener("click", sort);
        th.addEventListener("keydown", e => { if (e.key === "Enter") sort(); });
        if (c.id === t.sortKey) {
          th.classList.add(t.sortDir > 0 ? "sorted-asc" : "sorted-desc");
          th.setAttribute("aria-sort", t.sortDir > 0 ? "ascending" : "descending");
        }
      }
      return th;
    }));
  }
  function render() {
    const list = visible();
    t.page = Math.max(0, Math.min(t.page, pages() - 1));
    count.textContent = `${list.length} of ${o.rows.length} ${o.noun}` +
      (o.total > o.rows.length ? ` (the file keeps the worst ${o.rows.length} of ${o.total})` : "");
    const body = el("tbody");
    for (const row of list.slice(t.page * t.size, (t.page + 1) * t.size)) {
      const tr = el("tr", { "data-index": String(row.i), "data-id": o.idOf(row), tabindex: "0" }, ...o.columns.map(c => c.cell(row)));
      tr._row = row;
      tr.addEventListener("click", () => select(row));
      tr.addEventListener("keydown", e => { if (e.key === "Enter") select(row); });
      body.append(tr);
    }
    table.replaceChildren(el("thead", {}, head()), body);
    mark();
    renderPager();
  }
  function renderPager() {
    const n = pages();
    const button = (label, role, to, off) => {
      const b = el("button", { "data-role": role }, label);
      b.disabled = off;
      b.addEventListener("click", () => go(to));
      return b;
    };
    const jump = el("input", { type: "number", min: "1", max: String(n), value: String(t.page + 1), "data-role": "page-jump", "aria-label": "page number" });
    jump.addEventListener("change", () => go(Number(jump.value) - 1));
    pager.replaceChildren(button("« first", "first", 0, t.page === 0), button("‹ prev", "prev", t.page - 1, t.page === 0),
      el("span", { "data-role": "page" }, `page ${t.page + 1} of ${n}`), el("label", {}, "go to page ", jump),
      button("next ›", "next", t.page + 1, t.page >= n - 1), button("last »", "last", n - 1, t.page >= n - 1));
  }
  function go(page) { if (Number.isFinite(page)) { t.page = page; render(); State.write(); } }
  function mark() {
    for (const tr of table.tBodies[0] ? table.tBodies[0].rows : []) {
      const on = tr._row === t.selected;
      tr.classList.toggle("selected", on);
      tr.setAttribute("aria-selected", String(on));
    }
  }
  function rowElement(row) { return [...(table.tBodies[0] || { rows: [] }).rows].find(tr => tr._row === row); }
  function select(row, focus) {
    t.selected = row;
    const at = visible().indexOf(row);
    if (at >= 0 && Math.floor(at / t.size) !== t.page) { t.page = Math.floor(at / t.size); render(); } else mark();
    o.open(row, drawer.body);
    drawer.open(o.heading(row), "#" + new URLSearchParams(api.state()).toString());
    const tr = rowElement(row);
    if (tr && focus !== false) { tr.focus({ preventScroll: true }); tr.scrollIntoView({ block: "nearest" }); }
    State.write();
  }
  function move(step) {
    const list = visible();
    if (!list.length) return;
    const at = t.selected ? list.indexOf(t.selected) : -1;
    const next = at < 0 ? (step > 0 ? t.page * t.size : Math.min(list.length, (t.page + 1) * t.size) - 1) : at + step;
    select(list[Math.max(0, Math.min(list.length - 1, next))]);
  }
  function onKey(e) {
    if (!root.offsetParent || TYPING.has(e.target.tagName) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "j") { e.preventDefault(); move(1); }
    else if (e.key === "k") { e.preventDefault(); move(-1); }
    else if (e.key === "Escape") drawer.close();
  }
  document.addEventListener("keydown", onKey);

  const api = {
    refresh, render, drawer, t,
    state() {
      const out = { sort: t.sortKey || "", dir: t.sortKey ? (t.sortDir > 0 ? "asc" : "desc") : "", q: t.q,
        page: t.selected || t.page === 0 ? "" : String(t.page + 1), size: t.size === 50 ? "" : String(t.size) };
      if (t.selected) out.sample = o.idOf(t.selected);
      return out;
    },
    apply(p) {
      t.q = p.get("q") || ""; search.value = t.q;
      const col = o.columns.find(c => c.id === p.get("sort") && c.key);
      if (col) { t.sortKey = col.id; t.sortDir = p.get("dir") === "desc" ? -1 : 1; } else if (p.has("sort")) t.sortKey = null;
      const size = Number(p.get("size"));
      t.size = SIZES.includes(size) ? size : 50; sizeSel.value = String(t.size);
      cache = null;
      t.page = Math.max(0, (Number(p.get("page")) || 1) - 1);
      const id = p.get("sample");
      const row = id === null ? null : o.rows.find(r => o.idOf(r) === id);
      t.selected = null;
      render();
      if (row) select(row, true); else drawer.close();
    },
  };
  render();
  return api;
}
