import type { EditorServer } from "../../src/editor/editor-server.ts";

/**
 * The editor's API as its page calls it (its Origin and this run's secret): a route and, for a
 * POST, its JSON body; the answer's status and parsed body.
 */
export function editorApi(editor: () => EditorServer) {
  return async (route: string, body?: unknown) => {
    const { url, secret } = editor();
    const response = await fetch(`${url}/__editor/api/${route}`, {
      method: body ? "POST" : "GET",
      headers: { origin: url, "x-editor-secret": secret, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
}
