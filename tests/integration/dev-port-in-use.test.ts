import { createServer, type AddressInfo } from "node:net";
import { afterAll, expect, it } from "vitest";
import { copyFixture } from "../helpers/fixture-site.ts";
import { runCli } from "../helpers/run-cli.ts";
import { removeDir } from "../helpers/sample-site.ts";

// A port in use: dev says so and ends. Its site watcher starts before the server listens; left
// running, it kept the process (and its rebuilds) going after the error.
let dir: string;
const busy = createServer();
afterAll(async () => {
  busy.close();
  if (dir) await removeDir(dir);
});

it("gopher-site dev on a port in use says so and exits, leaving no watcher running", async () => {
  dir = await copyFixture("small", { oneLanguage: true });
  await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
  const port = (busy.address() as AddressInfo).port;
  // runCli resolves when the process exits: a watcher left open keeps it alive until the test's timeout.
  const result = await runCli(["dev", "--port", String(port)], { cwd: dir, env: { NO_COLOR: "1" } });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`port ${port} is already in use on 127.0.0.1`);
}, 60_000);
