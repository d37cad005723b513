// `npm run bench:serve`: how many pages a second `gopher-site serve` sends, each with its form's stamp
// filled in, and its p99 latency, alone and while a flood of posts from one network is refused.
// autocannon on loopback; serve, the load and the flood share this machine's cores, as they would
// share a small server's. A benchmark, not a test: it prints figures (docs/taking-requests.md).
//   npm run bench:serve [-- --seconds 10 --connections 20 --flood-rate 1000]
import { spawn } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import autocannon from "autocannon";
import { makeSyntheticSite } from "./synthetic-site.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const BIN = path.join(ROOT, "bin", "gopher-site.js");
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const seconds = option("seconds", 10);
const connections = option("connections", 20);
// A flood as a botnet of small machines sends it, posts a second (0: as fast as this machine can, in a closed loop).
const floodRate = option("flood-rate", 1000);
const floodConnections = Math.max(1, Math.round(connections / 2));

/** Runs the CLI in `dir`; rejects with its output when it fails. */
function cli(dir, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, NO_COLOR: "1", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(output))));
  });
}

/** Starts serve; resolves with its address and a stop. */
function startServe(dir) {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0"], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: "1", GOPHER_SITE_LEAD_SECRET: "bench-secret", GOPHER_SITE_LEAD_WEBHOOK_URL: "http://127.0.0.1:9/hook" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const read = (chunk) => {
      output += chunk;
      const found = /at (http:\/\/[^\s,]+)/.exec(output);
      if (found) resolve({ url: found[1], stop: () => new Promise((done) => (child.once("exit", done), child.kill("SIGTERM"))) });
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", () => reject(new Error(`serve exited:\n${output}`)));
  });
}

const run = (options) => new Promise((resolve, reject) => autocannon({ duration: seconds, connections, ...options }, (error, result) => (error ? reject(error) : resolve(result))));

const dir = await makeSyntheticSite(0);
try {
  // The sample with its own form, delivered to a webhook (none listens: the flood's posts are refused before it matters).
  const config = path.join(dir, "site.yaml");
  const yaml = await readFile(config, "utf8");
  await writeFile(config, yaml.replace(/\n {2}leadForm:\n(?: {4}.*\n)+/, "\n").replace("\nintegrations:\n", "\nleads:\n  delivery: server\n  email: false\n\nintegrations:\n"));
  await cli(dir, ["build", "--quiet"]);
  const serve = await startServe(dir);
  const pages = ["/", "/about", "/temecula-gopher-control", "/residential-gopher-control", "/service-areas"];
  const requests = pages.map((page) => ({ method: "GET", path: page }));
  try {
    await run({ url: serve.url, requests, duration: 2 }); // warm up
    const alone = await run({ url: serve.url, requests });
    // The flood: posts from one IPv6 /64 (as a proxy on this machine passes it), every one past the limit refused.
    const body = new URLSearchParams({ name: "Flood", phone: "9515550155", stamp: "1.00", lang: "en", page: "/", thanks: "/thank-you" }).toString();
    const flood = run({
      url: `${serve.url}/api/lead`,
      connections: floodConnections,
      // Spread over its connections, each at its own pace, as many small senders are.
      ...(floodRate > 0 ? { connectionRate: floodRate / floodConnections } : {}),
      requests: [{ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", "x-real-ip": "2001:db8:bad::1" }, body }],
    });
    const during = await run({ url: serve.url, requests });
    const flooded = await flood;
    // The same flood sent to another process on this machine: what the machine's two shared cores
    // cost the pages, whoever is flooded (the flood's own sender runs here too).
    const other = spawn(process.execPath, ["-e", "require('http').createServer((q, s) => { q.resume(); q.on('end', () => s.writeHead(429).end()); }).listen(0, '127.0.0.1', function () { console.log(this.address().port); })"], { stdio: ["ignore", "pipe", "inherit"] });
    const port = await new Promise((resolve) => other.stdout.once("data", (chunk) => resolve(String(chunk).trim())));
    const elsewhere = run({ url: `http://127.0.0.1:${port}/api/lead`, connections: floodConnections, ...(floodRate > 0 ? { connectionRate: floodRate / floodConnections } : {}), requests: [{ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }] });
    const beside = await run({ url: serve.url, requests });
    await elsewhere;
    other.kill();
    const row = (label, result) => `| ${label} | ${Math.round(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.non2xx} |`;
    console.log(`serve, ${connections} connections, ${seconds} s each, pages: ${pages.join(" ")}`);
    console.log("| | pages/s | p50 | p99 | not 2xx |");
    console.log("|---|---|---|---|---|");
    console.log(row("alone", alone));
    console.log(row("during a post flood", during));
    console.log(row("during the same flood of another process", beside));
    console.log(`the flood: ${Math.round(flooded.requests.average)} posts/s (${floodRate > 0 ? `held at ${floodRate}` : "as fast as it goes"}), ${flooded.non2xx} refused (429), ${flooded["2xx"]} taken`);
    const change = (a, b) => `${Math.round(((b - a) / a) * 100)}%`;
    console.log(`change under the flood: pages/s ${change(alone.requests.average, during.requests.average)}, p99 ${change(alone.latency.p99 || 1, during.latency.p99 || 1)}`);
  } finally {
    await serve.stop();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
