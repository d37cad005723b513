import { readFileSync } from "node:fs";
import { headersFor, parseHeadersFile, type HeaderRule } from "../hosting/headers-file.ts";
import { plainHttpRules } from "../hosting/plain-http.ts";

/**
 * The headers a built site's `_headers` gives a request path, as dev and preview send them: over
 * plain HTTP, so without `upgrade-insecure-requests` (plain-http.ts). Read again when a new build
 * changed the file; none while it is missing. A file it cannot read is refused with file and line.
 */
export function headersFromFile(file: string): (requestPath: string) => Record<string, string> {
  let parsed: { text: string; rules: HeaderRule[] } | undefined;
  return (requestPath) => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return {};
    }
    if (parsed?.text !== text) parsed = { text, rules: plainHttpRules(parseHeadersFile(text, file)) };
    return headersFor(parsed.rules, requestPath);
  };
}
