// The jobs page: the list from /api/jobs, then live from /api/jobs/events (server-sent events), no reload.
// Every string from the cluster (job ids, URLs, errors: they come from crawled sites and users) is set with
// textContent, never parsed as HTML.
"use strict";

const COLUMNS = [
  (j, td) => {
    const a = document.createElement("a");
    a.href = "job.html?" + new URLSearchParams({job: j.jobId});
    a.textContent = j.jobId;
    td.append(a);
  },
  (j, td) => { td.textContent = j.entryUrl; td.className = "url"; },
  (j, td) => { td.textContent = j.phase; td.className = "phase phase-" + j.phase.replace(/[^A-Z_]/g, ""); },
  (j, td) => {
    const bar = document.createElement("progress");
    bar.max = Math.max(1, j.requested);
    bar.value = Math.min(j.fetched, bar.max);
    bar.setAttribute("aria-label", "pages fetched of requested for " + j.jobId);
    const text = document.createElement("span");
    text.textContent = " " + j.fetched + " / " + j.requested + (j.failed > 0 ? " (" + j.failed + " failed)" : "");
    td.append(bar, text);
  },
  (j, td) => { td.textContent = j.mappingFetches; td.className = "num"; },
  (j, td) => { td.textContent = j.crawlingFetches; td.className = "num"; },
  (j, td) => { td.textContent = j.requestsToSite + (j.notModified > 0 ? " (" + j.notModified + " × 304)" : ""); td.className = "num"; },
  (j, td) => { td.textContent = j.targets; td.className = "num"; },
  (j, td) => { td.textContent = j.records; td.className = "num"; },
  (j, td) => { td.textContent = j.patternVersion > 0 ? "v" + j.patternVersion : "–"; },
  (j, td) => { td.textContent = j.classes > 0 ? j.classes + " (" + j.targetClasses + " target)" + (j.decision ? " " + j.decision : "") : "–"; },
  (j, td) => { td.textContent = j.lastError; td.className = "error"; },
];

function render(jobs) {
  const body = document.querySelector("#jobs tbody");
  const rows = jobs.map(j => {
    const tr = document.createElement("tr");
    tr.dataset.job = j.jobId;
    for (const fill of COLUMNS) {
      const td = document.createElement("td");
      fill(j, td);
      tr.append(td);
    }
    return tr;
  });
  body.replaceChildren(...rows);
  document.getElementById("empty").hidden = jobs.length > 0;
}

function live(text) {
  document.getElementById("live").textContent = text;
}

function connect() {
  const events = new EventSource("api/jobs/events");
  events.onopen = () => live("live");
  events.onmessage = e => {
    render(JSON.parse(e.data));
    live("live, updated " + new Date().toLocaleTimeString());
  };
  events.onerror = () => live("reconnecting…");
}

fetch("api/jobs").then(r => r.ok ? r.json() : Promise.reject(new Error("HTTP " + r.status)))
  .then(render)
  .catch(e => live("could not load the jobs: " + e.message))
  .finally(connect);
