// Runs the CLI in this process and reports its peak memory on exit, for scripts/bench.mjs.
process.on("exit", () => process.stderr.write(`\nBENCH maxRSS ${process.resourceUsage().maxRSS}\n`));
process.argv.splice(1, 1, new URL("../bin/gopher-site.js", import.meta.url).pathname);
await import("../bin/gopher-site.js");
