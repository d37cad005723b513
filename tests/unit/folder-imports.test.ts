import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/sample-site.ts";

const SRC = path.join(REPO_ROOT, "src");

/** Which folders of src/ each folder imports from (files directly in src/ are shared by all and left out). */
function folderImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(SRC, { recursive: true, encoding: "utf8" })) {
    const folder = name.split(path.sep)[0]!;
    if (!/\.(ts|tsx|js)$/.test(name) || folder === name) continue;
    const imports = graph.get(folder) ?? new Set<string>();
    graph.set(folder, imports);
    for (const [, specifier] of readFileSync(path.join(SRC, name), "utf8").matchAll(/(?:from|import\()\s*"(\.[^"]+)"/g)) {
      const target = path.relative(SRC, path.resolve(path.dirname(path.join(SRC, name)), specifier!)).split(path.sep);
      if (target.length > 1 && target[0] !== folder && target[0] !== "..") imports.add(target[0]!);
    }
  }
  return graph;
}

describe("the folders of src/", () => {
  it("do not import each other in circles: each stage's folder can be read without the ones after it", () => {
    const graph = folderImports();
    const cycles: string[] = [];
    const visit = (folder: string, trail: string[]) => {
      if (trail.includes(folder)) return void cycles.push([...trail.slice(trail.indexOf(folder)), folder].join(" -> "));
      for (const next of graph.get(folder) ?? []) visit(next, [...trail, folder]);
    };
    for (const folder of graph.keys()) visit(folder, []);
    expect(graph.get("routes")).toBeDefined();
    expect(cycles).toEqual([]);
  });
});
