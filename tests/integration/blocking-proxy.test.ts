import net from "node:net";
import { afterEach, expect, test } from "vitest";
import { startBlockingProxy, type BlockingProxy } from "../helpers/engines/blocking-proxy.ts";

// The proxy Firefox and WebKit browse through: a browser that resets a connection must not end the
// test run with an uncaught ECONNRESET (it did once in CI, after a WebKit test).
let proxy: BlockingProxy | undefined;
afterEach(() => proxy?.close());

test("a CONNECT refused and then reset by the browser is recorded and raises nothing", async () => {
  proxy = await startBlockingProxy();
  const [host, port] = proxy.address.split(":");
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on("uncaughtException", record);
  try {
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), host, () => {
        socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
        // A reset, not a close: what a browser does with a connection it gave up on.
        setTimeout(() => {
          socket.resetAndDestroy();
          setTimeout(resolve, 100);
        }, 0);
      });
      socket.on("error", reject);
    });
  } finally {
    process.off("uncaughtException", record);
  }
  expect(uncaught).toEqual([]);
  expect(proxy.blocked).toEqual(["https://example.com:443"]);
});
