import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/sample-site.ts";
import { tradeWords } from "../helpers/trade-words.ts";

// Any local service company builds its site from site.yaml and content/ alone: the sample's trade
// lives there, never in the code. Comments may speak of it (they say why).

/** The code of a file without its comments: TypeScript's printer drops them; CSS loses its comments by pattern. */
function codeOf(file: string): string {
  const text = readFileSync(file, "utf8");
  if (file.endsWith(".css")) return text.replace(/\/\*[\s\S]*?\*\//g, "");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".js") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  return ts.createPrinter({ removeComments: true }).printFile(source);
}

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx|js|css)$/.test(name))
    .map((name) => path.join(REPO_ROOT, folder, name));
}

describe("src/ and templates/", () => {
  it("name no word of the sample's trade outside comments", () => {
    const found = [...filesUnder("src"), ...filesUnder("templates")].flatMap((file) =>
      tradeWords(codeOf(file)).map((word) => `${path.relative(REPO_ROOT, file)}: ${word}`),
    );
    expect(found).toEqual([]);
  });

  it("finds the trade in code, in camelCase, in JSX text and in CSS, and not in comments or the product's name", () => {
    expect(tradeWords('const extraGopherPrice = "Gopher Control"; export const PESTS = 1;')).toEqual(["Gopher", "Gopher", "PESTS"]);
    expect(tradeWords("<p>We trap moles</p>")).toEqual(["trap", "moles"]);
    expect(tradeWords("deepest molecule strap")).toEqual([]);
    expect(tradeWords('import x from "gopher-site"; const y = "__GOPHER_SITE_SETTINGS__" + "/__gopher/events";')).toEqual([]);
    const comments = path.join(REPO_ROOT, "src/routes/languages.ts");
    expect(codeOf(comments)).not.toMatch(/\/\*\*|\/\//);
  });
});
