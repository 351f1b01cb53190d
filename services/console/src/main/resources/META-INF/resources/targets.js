// A job's target pages, a page of PAGE at a time, searchable by URL. Strings are set as text.
"use strict";

const job = new URLSearchParams(location.search).get("job") || "";
const api = "api/jobs/" + encodeURIComponent(job);
const PAGE = 50;
let offset = 0;

function live(text) { document.getElementById("live").textContent = text; }

function cell(text) { const td = document.createElement("td"); td.textContent = String(text); return td; }

async function targets() {
  const q = document.getElementById("q").value;
  const r = await fetch(api + "/targets?offset=" + offset + "&limit=" + PAGE + "&q=" + encodeURIComponent(q));
  if (!r.ok) { live("could not load the targets: HTTP " + r.status); return; }
  const page = await r.json();
  document.querySelector("#targets tbody").replaceChildren(...page.items.map((t, i) => {
    const tr = document.createElement("tr");
    tr.append(cell(page.offset + i + 1), cell(t.url), cell(t.similarity.toFixed(3)), cell(t.pageClass > 0 ? "class " + t.pageClass : "–"),
      cell(t.crawled ? "crawl" : "mapping"));
    return tr;
  }));
  document.getElementById("targets-caption").textContent = page.total + " target pages" + (q ? " whose URL contains \u201c" + q + "\u201d" : "")
    + (page.total ? ", " + (page.offset + 1) + "–" + (page.offset + page.items.length) + " shown" : "") + ", in the order they were found.";
  document.getElementById("prev").disabled = page.offset === 0;
  document.getElementById("next").disabled = page.offset + page.items.length >= page.total;
  if (window.__targetsShownAt === undefined) window.__targetsShownAt = performance.now();
  live("as of " + new Date().toLocaleTimeString());
}

document.getElementById("title").textContent = "Target pages of " + job;
document.getElementById("job-link").href = "job.html?" + new URLSearchParams({job: job});
document.getElementById("target-search").addEventListener("submit", e => { e.preventDefault(); offset = 0; targets(); });
document.getElementById("prev").addEventListener("click", () => { offset = Math.max(0, offset - PAGE); targets(); });
document.getElementById("next").addEventListener("click", () => { offset += PAGE; targets(); });
targets().catch(e => live("could not load the targets: " + e.message));
