/**
 * A fetch `Request`'s body read within a limit, for the Cloudflare worker (serve reads Node's
 * requests with src/http/body.ts). `request.text()` would take a body of any size whole.
 */

/** The body as UTF-8 text; undefined when its Content-Length or the bytes it sent pass `maxBytes`, read no further. */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string | undefined> {
  if (declaredTooLarge(request, maxBytes)) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** Whether the request says, before a byte is read, that its body is larger than `maxBytes`. */
export function declaredTooLarge(request: Request, maxBytes: number): boolean {
  const declared = Number(request.headers.get("content-length") ?? 0);
  return Number.isFinite(declared) && declared > maxBytes;
}

/**
 * Lets go of a body left unread (refused by its length, a post past the rate limit): the runtime
 * need not take in the rest. wrangler's dev middleware would otherwise read it to its end before
 * the answer went out.
 */
export async function dropBody(request: Request): Promise<void> {
  if (request.body && !request.bodyUsed) await request.body.cancel().catch(() => undefined);
}
