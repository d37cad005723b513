import { createServer, type AddressInfo } from "node:net";

/** A TCP port free on 127.0.0.1 now, for a server that takes its port as an argument. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
