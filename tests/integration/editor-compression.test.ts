import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptedEncoding } from "../../src/http/compress.ts";
import { useEditorOnFixture } from "../helpers/editor-on-fixture.ts";

// On a phone's slow link the editor's app and its answers go compressed: brotli where the
// browser takes it, else gzip, as they are for a client that takes neither; never a small answer.
// The API's answers are compressed by the server's editor (online-editor.test.ts), not by `edit`'s.

const session = useEditorOnFixture();

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode the answer). */
function get(pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { port } = new URL(session.editor.url);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: "127.0.0.1", port, path: pathname, headers: { host: `127.0.0.1:${port}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

describe("the editor's answers on a slow link", { timeout: 60_000 }, () => {
  it("sends its app in brotli, in gzip, or as it is, the same script each way", async () => {
    // The app's largest script: the header with React (app/editor.tsx), a chunk the page preloads.
    const script = `/__editor/${/href="(editor-[A-Z0-9]+\.js)"/.exec((await get("/__editor/", {})).body.toString("utf8"))![1]}`;
    const plain = await get(script, {});
    const br = await get(script, { "accept-encoding": "gzip, deflate, br" });
    const gzip = await get(script, { "accept-encoding": "gzip, br;q=0" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    for (const answer of [plain, br, gzip]) expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    // The app's script is several hundred KB; brotli takes it to under a third.
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
    expect(Number(br.headers["content-length"])).toBe(br.body.byteLength);
  });

  it("on the computer (`edit`), sends the API's answers as they are: its browser is on this machine, where compressing only adds time", async () => {
    const headers = { origin: session.editor.url, "x-editor-secret": session.editor.secret, "accept-encoding": "gzip" };
    const state = await get("/__editor/api/state", headers);
    expect(state.status).toBe(200);
    expect(state.headers["content-encoding"]).toBeUndefined();
    expect(Object.keys(JSON.parse(state.body.toString("utf8")).files)).toContain("site.yaml");
    const refused = await get("/__editor/api/state", { ...headers, "x-editor-secret": "guess" });
    expect(refused.status).toBe(403);
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(refused.body.toString("utf8")).error).toContain("secret");
  });
});

it("reads Accept-Encoding as browsers and proxies write it", () => {
  const accepted = (value?: string) => acceptedEncoding({ headers: value === undefined ? {} : { "accept-encoding": value } });
  expect(accepted()).toBeUndefined();
  expect(accepted("identity")).toBeUndefined();
  expect(accepted("gzip, deflate, br, zstd")).toBe("br");
  expect(accepted("gzip;q=1.0, br;q=0")).toBe("gzip");
  expect(accepted("BR")).toBe("br");
  expect(accepted("*")).toBe("br");
  expect(accepted("*;q=0")).toBeUndefined();
  expect(accepted("deflate")).toBeUndefined();
});
