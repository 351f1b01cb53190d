// A job's page: summary, site model (graph and tables), similarity histogram, navigation pattern, drawn again
// records, form probes, drawn again whenever the job changes (live, no reload); the target pages have a page of
// their own (targets.js).
// Every string from the cluster (URLs, paths, regexes, reasons: from users and crawled sites) is set with
// textContent or given to ECharts, which draws on a canvas; the charts' tooltips escape what they show.
"use strict";

const job = new URLSearchParams(location.search).get("job") || "";
const api = "api/jobs/" + encodeURIComponent(job);

function el(tag, text, className) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (className) e.className = className;
  return e;
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"}[c]));
}

function live(text) { document.getElementById("live").textContent = text; }

// One ECharts instance per element, reused when the page is drawn again.
function chartOn(id) {
  const dom = document.getElementById(id);
  return echarts.getInstanceByDom(dom) || echarts.init(dom);
}

function fill(tbody, rows) {
  tbody.replaceChildren(...rows.map(cells => {
    const tr = document.createElement("tr");
    cells.forEach(c => tr.append(c instanceof Node ? wrap(c) : el("td", c)));
    return tr;
  }));
}

function wrap(node) { const td = document.createElement("td"); td.append(node); return td; }

function summary(s) {
  document.getElementById("title").textContent = "Job " + s.jobId;
  document.title = "shapecrawl console: " + s.jobId;
  const dl = document.getElementById("summary");
  const items = [["Entry point", s.entryUrl], ["Phase", s.phase], ["Pages", s.fetched + " of " + s.requested + " requested, " + s.failed + " failed"],
    ["Mapping / crawl", s.mappingFetches + " / " + s.crawlingFetches + " pages, " + s.requestsToSite + " requests to the site"],
    ["Targets", s.targets], ["Records", s.records], ["Pattern", s.patternVersion > 0 ? "version " + s.patternVersion : "none yet"],
    ["Last error", s.lastError || "none"]];
  dl.replaceChildren(...items.flatMap(([k, v]) => [el("dt", k), el("dd", v)]));
}

// An element path's last three steps ("…/ul/li/a"): enough to tell two links of a class apart on the graph; the
// tooltip and the links table give the whole path.
function shortPath(path) {
  const steps = String(path).split(/[\/-]/).filter(s => s.length > 0);
  return steps.length <= 3 ? String(path) : "…/" + steps.slice(-3).join("/");
}

function model(m) {
  const text = document.getElementById("model-text");
  if (!m) { text.textContent = "No site model yet (it comes at the end of the mapping)."; return; }
  text.textContent = m.classes.length + " classes from " + m.sampledPages + " sampled of " + m.mappedPages
    + " mapped pages; target decision: " + (m.decision || m.decisionStatus) + ".";
  fill(document.querySelector("#classes tbody"), m.classes.map(c => [
    "class " + c.id, c.size, el("span", c.target ? "target (" + c.targetPages + ")" : "no", c.target ? "target-yes" : ""),
    c.minSimilarity == null ? "–" : c.minSimilarity.toFixed(3) + "–" + c.maxSimilarity.toFixed(3),
    c.pages.length ? c.pages[0] : "", c.why || ""]));
  fill(document.querySelector("#links tbody"), m.links.map(l => ["class " + l.source, "class " + l.destination, l.anchor ? l.type + " (" + l.anchor.toLowerCase() + " anchor)" : l.type, l.path]));
  const max = Math.max(1, ...m.classes.map(c => c.size));
  const chart = chartOn("graph");
  chart.setOption({
    aria: {enabled: true},
    tooltip: {formatter: p => p.dataType === "edge"
        ? escapeHtml(p.data.type + ": " + p.data.path)
        : escapeHtml(p.data.name + ", " + p.data.value + " pages" + (p.data.target ? ", target" : ""))},
    legend: [{data: ["target class", "other class"]}],
    series: [{
      type: "graph", layout: "force", roam: true, draggable: true,
      // spread a few classes over the chart, keep many within it (roam zooms)
      force: {repulsion: Math.max(300, 2400 / Math.sqrt(m.classes.length)), edgeLength: [120, 260], gravity: 0.08},
      categories: [{name: "target class", itemStyle: {color: "#14532d"}}, {name: "other class", itemStyle: {color: "#9ca3af"}}],
      label: {show: true, formatter: p => p.data.name},
      edgeSymbol: ["none", "arrow"],
      edgeLabel: {show: true, fontSize: 10, formatter: p => p.data.type + " " + shortPath(p.data.path)},
      data: m.classes.map(c => ({id: String(c.id), name: "class " + c.id, value: c.size, target: c.target,
        category: c.target ? 0 : 1, symbolSize: 14 + 46 * Math.sqrt(c.size / max)})),
      links: m.links.filter(l => l.source !== l.destination).map(l => ({source: String(l.source), target: String(l.destination), type: l.type, path: l.path}))
    }]
  });
}

function histogram(h, neighbours) {
  const labels = h.counts.map((_, i) => (i / h.counts.length).toFixed(2));
  const other = h.counts.map((n, i) => n - h.targets[i]);
  const chart = chartOn("histogram");
  const boundaryBin = h.threshold == null ? null : labels[Math.min(labels.length - 1, Math.floor(h.threshold * labels.length))];
  chart.setOption({
    aria: {enabled: true},
    tooltip: {trigger: "axis"},
    legend: {data: ["targets", "other pages"]},
    xAxis: {type: "category", data: labels, name: "similarity"},
    yAxis: {type: "value", name: "pages", minInterval: 1},
    series: [
      {name: "targets", type: "bar", stack: "pages", data: h.targets, itemStyle: {color: "#14532d"},
        markLine: boundaryBin == null ? undefined : {symbol: "none", label: {formatter: "boundary " + h.threshold.toFixed(3)},
          data: [{xAxis: boundaryBin}]}},
      {name: "other pages", type: "bar", stack: "pages", data: other, itemStyle: {color: "#9ca3af"}}
    ]
  });
  const p = document.getElementById("boundary");
  p.textContent = h.pages + " mapped pages. " + (h.threshold == null ? "No boundary (no decision yet, or none taken)." : "Boundary: similarity " + h.threshold.toFixed(3) + ".")
    + (neighbours.length ? " Just outside: " + neighbours.map(n => "class " + n.id + " (" + n.size + " pages, up to " + n.maxSimilarity.toFixed(3) + ")").join(", ") + "." : "");
}

function pattern(p) {
  const div = document.getElementById("pattern");
  if (!p) { div.replaceChildren(el("p", "No navigation pattern yet.")); return; }
  div.replaceChildren(...p.branches.map((b, i) => {
    const section = el("div");
    section.append(el("h4", "Branch " + (i + 1) + " (" + b.targetCount + " targets)"));
    const ol = el("ol", null, "steps");
    b.steps.forEach(s => {
      const li = el("li");
      li.append(el("span", s.kind + " "), el("code", s.urlRegex || s.formId || ""));
      if (s.loop) li.append(el("span", " (repeats: pagination)"));
      if (s.examples && s.examples.length) li.append(el("div", "e.g. " + s.examples[0]));
      ol.append(li);
    });
    section.append(ol);
    return section;
  }));
}

// The records: one table at a time, a page of RECORDS at a time; the downloads are the CLI's files.
const RECORDS = 50;
let recordsTable = "";
let recordsOffset = 0;

async function records() {
  const r = await fetch(api + "/records?" + new URLSearchParams({table: recordsTable, offset: recordsOffset, limit: RECORDS}));
  if (!r.ok) return;
  const page = await r.json();
  recordsTable = page.table;
  const select = document.getElementById("records-table");
  select.replaceChildren(...page.tables.map(t => {
    const o = el("option", t.names.join(" | ") + " (" + t.records + " records on " + t.pages + " pages)");
    o.value = t.id;
    o.selected = t.id === page.table;
    return o;
  }));
  document.getElementById("records-text").textContent = page.total
    ? page.total + " records in " + page.tables.length + (page.tables.length === 1 ? " table" : " tables") + " (records sharing their column names)."
    : "No records yet.";
  const head = document.querySelector("#records thead tr");
  head.replaceChildren(...["Page", "List", "Row", ...page.columns].map(c => { const th = el("th", c); th.scope = "col"; return th; }));
  fill(document.querySelector("#records tbody"), page.rows.map(row => [row.pageUrl, row.listId, row.rowIndex, ...row.cells]));
  document.getElementById("records-caption").textContent = page.held
    ? "Table " + page.table + ": records " + (page.offset + 1) + "–" + (page.offset + page.rows.length) + " of " + page.held + " shown."
    : "No records yet.";
  document.getElementById("records-prev").disabled = page.offset === 0;
  document.getElementById("records-next").disabled = page.offset + page.rows.length >= page.held;
  document.getElementById("download-jsonl").href = api + "/records.jsonl";
  document.getElementById("download-csv").href = api + "/records.csv";
  document.getElementById("download-table-csv").href = api + "/records.csv?" + new URLSearchParams({table: page.table});
}

document.getElementById("records-table").addEventListener("change", e => { recordsTable = e.target.value; recordsOffset = 0; records(); });
document.getElementById("records-prev").addEventListener("click", () => { recordsOffset = Math.max(0, recordsOffset - RECORDS); records(); });
document.getElementById("records-next").addEventListener("click", () => { recordsOffset += RECORDS; records(); });

function forms(list) {
  document.getElementById("forms-section").hidden = list.length === 0;
  fill(document.querySelector("#forms tbody"), list.map(f => [
    f.action ? f.action + " (on " + f.pageUrl + ")" : f.pageUrl,
    f.outcome + (f.mode ? " (" + f.mode + ")" : "") + (f.reason ? ": " + f.reason : ""),
    f.templateFields.length ? f.templateFields.join(", ") : "–",
    f.templates.map(t => "{" + t.fields.join(", ") + "}" + (t.gated ? " gated" : t.informative === true ? " informative"
      : t.informative === false ? " not informative" : "") + " ×" + t.submitted).join("; ") || "–",
    f.submissions, f.pruned, f.distinctRecords, f.instances]));
}

let shownUpdate = null;
let shownRecords = null;
let loading = false;
let again = false;

async function load() {
  const r = await fetch(api);
  if (!r.ok) { live(r.status === 404 ? "no job " + job : "could not load the job: HTTP " + r.status); return; }
  const d = await r.json();
  shownUpdate = d.summary.updatedAtMs;
  shownRecords = d.summary.records;
  summary(d.summary);
  model(d.model);
  histogram(d.histogram, d.neighbours);
  pattern(d.pattern);
  forms(d.forms);
  await records();
  document.getElementById("targets-link").href = "targets.html?" + new URLSearchParams({job: job});
  document.getElementById("targets-link").textContent = "All " + d.targetCount + " target pages";
  live("as of " + new Date().toLocaleTimeString());
}

// Live: the jobs' event stream says when this job changed (its status, or its records); the page then loads the job again (one load at a time,
// and one more if it changed meanwhile), without a reload.
async function reload() {
  if (loading) { again = true; return; }
  loading = true;
  try {
    do { again = false; await load(); } while (again);
  } finally {
    loading = false;
  }
}

function follow() {
  const events = new EventSource("api/jobs/events");
  events.onmessage = e => {
    const mine = JSON.parse(e.data).find(j => j.jobId === job);
    if (mine && (mine.updatedAtMs !== shownUpdate || mine.records !== shownRecords)) reload().catch(err => live("could not load the job: " + err.message));
  };
}

reload().catch(e => live("could not load the job: " + e.message)).finally(follow);
