import type { IncomingMessage, ServerResponse } from "node:http";

/** What reading a request's body came to: its text, or why it was not read to the end. */
export type BodyResult = { kind: "body"; bytes: Buffer; readonly text: string } | { kind: "too-large" } | { kind: "too-slow" } | { kind: "aborted" };

export interface BodyLimits {
  /** Bytes; a body declared or sent past this is refused at once, never read on. */
  maxBytes: number;
  /** The whole body must arrive within this long, however slowly it trickles. */
  deadlineMs: number;
}

/**
 * Reads a request's body within limits. A `Content-Length` past the limit is refused before a byte
 * is read; a body that grows past it, or is still arriving at the deadline, stops being read at once.
 * The caller answers (413 or 408) and closes the connection (see `closeAfter`).
 */
export function readBody(request: IncomingMessage, limits: BodyLimits): Promise<BodyResult> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limits.maxBytes) return Promise.resolve({ kind: "too-large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyResult) => {
      clearTimeout(timer);
      request.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      if (result.kind !== "body") request.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) return finish({ kind: "too-large" });
      chunks.push(chunk);
    };
    const onEnd = () => {
      const bytes = Buffer.concat(chunks);
      // As text only when asked: an upload's bytes are not.
      finish({ kind: "body", bytes, get text() { return bytes.toString("utf8"); } });
    };
    const onError = () => finish({ kind: "aborted" });
    const onClose = () => finish({ kind: "aborted" });
    const timer = setTimeout(() => finish({ kind: "too-slow" }), limits.deadlineMs);
    timer.unref();
    request.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

/** How long the rest of a refused body is read and thrown away before the connection is closed. */
const LINGER_MS = 1_000;

/**
 * Ends the connection once `response` is sent. A body left unread (too large, too slow) is read
 * and thrown away for at most a second first, as servers do when they close early ("lingering
 * close"): closed at once, the client, still sending, would be reset before it read the answer.
 */
export function closeAfter(request: IncomingMessage, response: ServerResponse): void {
  response.once("finish", () => {
    const socket = request.socket;
    const linger = setTimeout(() => socket.destroy(), LINGER_MS);
    linger.unref();
    socket.once("close", () => clearTimeout(linger));
    request.once("end", () => socket.destroySoon());
    request.resume();
  });
}
