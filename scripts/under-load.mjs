// Runs a command while every core is kept busy by another process (a busy loop per core), as a
// shared CI machine is: a test that passes here waits on what the code does, not on a quiet moment.
//   node scripts/under-load.mjs npx vitest run tests/e2e tests/integration
//   LOAD_PROCESSES=4 node scripts/under-load.mjs npm test
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/under-load.mjs <command> [args...]");
  process.exit(2);
}
const count = Number(process.env.LOAD_PROCESSES) || availableParallelism();
const loops = Array.from({ length: count }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
const stopLoops = () => {
  for (const loop of loops) loop.kill("SIGKILL");
};
process.on("exit", stopLoops);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
console.error(`under load: ${count} busy loop(s) beside \`${[command, ...args].join(" ")}\``);
const child = spawn(command, args, { stdio: "inherit" });
child.on("exit", (code, signal) => {
  stopLoops();
  process.exit(code ?? (signal ? 1 : 0));
});
