import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { UserError } from "../errors.ts";

/** Starts listening; a port in use or a bad host is the user's to fix, not a crash. */
export function listen(server: Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      if (error.code === "EADDRINUSE") reject(new UserError(`port ${port} is already in use on ${host}; stop the other server or pass --port <another>`, { cause: error }));
      else if (error.code === "EACCES") reject(new UserError(`not allowed to listen on port ${port}; use a port above 1023`, { cause: error }));
      else if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND") reject(new UserError(`cannot listen on host ${host}; use 127.0.0.1 or an address of this machine`, { cause: error }));
      else reject(error);
    };
    const onListening = () => {
      server.off("error", onError);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolve(`http://${shownHost}:${address.port}`);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}
