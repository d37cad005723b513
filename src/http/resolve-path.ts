import path from "node:path";
import { HIDDEN_PATHS } from "../hosting/host-plan.ts";

const WELL_KNOWN = ".well-known";

/** Longest request target we answer; longer gets 414. */
export const MAX_URL_LENGTH = 2048;

export type Resolution =
  | { kind: "candidates"; files: string[]; /** the decoded path, one leading slash */ path: string }
  | { kind: "redirect"; location: string }
  | { kind: "error"; status: 400 | 414 }
  | { kind: "error"; status: 404; /** the decoded path, to pick the nearest 404 page */ path: string };

/**
 * Maps a request URL to the files that may answer it, the way static hosts serve clean URLs:
 * `/about` -> about.html or about/index.html. Pure: never touches the disk, never leaves `root`,
 * never answers with a host's settings (`_headers`, `_redirects`).
 */
export function resolveRequestPath(root: string, rawUrl: string): Resolution {
  if (rawUrl.length > MAX_URL_LENGTH) return { kind: "error", status: 414 };
  const pathname = rawUrl.split(/[?#]/, 1)[0] ?? "/";
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: "error", status: 400 };
  }
  if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.includes("\\")) return { kind: "error", status: 400 };
  const segments = decoded.split("/");
  if (segments.some((segment) => segment === ".." || segment === ".")) return { kind: "error", status: 404, path: decoded };
  // Hidden files stay hidden, but for the one dot-folder the web reserves for files meant to be
  // fetched (RFC 8615): security.txt, domain and app verification.
  const named = segments.filter((segment) => segment !== "");
  const hidden = named.some((segment, index) => segment.startsWith(".") && !(index === 0 && segment === WELL_KNOWN));
  if (hidden) return { kind: "error", status: 404, path: decoded };

  if (decoded.length > 1 && decoded.endsWith("/")) {
    const query = rawUrl.slice(pathname.length);
    // One leading slash: `//evil.example/` must not become a redirect to another site.
    return { kind: "redirect", location: `/${pathname.replace(/^\/+|\/+$/g, "")}${query}` };
  }
  const relative = decoded.replace(/^\/+/, "");
  const base = path.resolve(root, relative);
  if (base !== root && !base.startsWith(root + path.sep)) return { kind: "error", status: 404, path: decoded };
  if (HIDDEN_PATHS.includes(`/${relative}`)) return { kind: "error", status: 404, path: decoded };
  if (relative === "") return { kind: "candidates", files: [path.join(root, "index.html")], path: "/" };
  const files = path.extname(relative) ? [base] : [base, `${base}.html`, path.join(base, "index.html")];
  return { kind: "candidates", files, path: `/${relative}` };
}
