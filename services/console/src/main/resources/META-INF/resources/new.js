// The new-crawl form: a CSRF token first (a cookie, and the same value sent back in a header), then the form as
// JSON to /api/crawl, which checks every URL (scope, address guard) and publishes the job; then the job's page.
// The server's messages are shown as text.
"use strict";

let token = null;

async function fetchToken() {
  const r = await fetch("api/crawl/token", {credentials: "same-origin", cache: "no-store"});
  if (!r.ok) throw new Error("HTTP " + r.status);
  token = (await r.json()).token;
}

function lines(id) {
  return document.getElementById(id).value.split(/\r?\n/).map(s => s.trim()).filter(s => s.length > 0);
}

function number(id) {
  const v = document.getElementById(id).value.trim();
  return v === "" ? null : Number(v);
}

function error(text) {
  document.getElementById("form-error").textContent = text;
}

async function submit(e) {
  e.preventDefault();
  error("");
  const button = document.getElementById("start");
  button.disabled = true;
  try {
    if (token === null) await fetchToken();
    const form = {
      entry: document.getElementById("entry").value.trim(), samples: lines("samples"), notSamples: lines("not-samples"),
      job: document.getElementById("job").value.trim() || null, scope: document.getElementById("scope").value,
      mapping: document.getElementById("mapping").value, maxPages: number("max-pages"),
      samplePages: number("sample-pages"), maxDepth: number("max-depth"),
      scriptLinks: document.getElementById("script-links").checked
    };
    const r = await fetch("api/crawl", {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": token},
      body: JSON.stringify(form)
    });
    const answer = await r.json().catch(() => ({}));
    if (r.status === 202) {
      location.href = "job.html?" + new URLSearchParams({job: answer.jobId});
      return;
    }
    if (r.status === 403) token = null; // a new token next time
    error(answer.error || "HTTP " + r.status);
  } catch (err) {
    error("could not start the crawl: " + err.message);
  } finally {
    button.disabled = false;
  }
}

document.getElementById("crawl").addEventListener("submit", submit);
fetchToken().catch(e => error("could not get a form token: " + e.message));
