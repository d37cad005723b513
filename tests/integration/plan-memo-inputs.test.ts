import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseDocument } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stageTimer } from "../../src/build.ts";
import { realProjectPaths } from "../../src/paths.ts";
import { createPlanMemo } from "../../src/plan/plan-memo.ts";
import { namer, planSite } from "../../src/plan/plan-site.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { removeDir } from "../helpers/sample-site.ts";

// A dev server makes a town's page again only when one of the values the memo tracks for it changed
// (src/plan/plan-memo.ts: townPageReuse, townListInputs). Proved here, field by field: every field of
// every town, changed alone, gives the very pages a plan without the memo makes. A page that reads
// a value the memo does not track (another town's state, say) would be served stale, and fails here.

let dir: string;
let original: string;
const config = () => path.join(dir, "site.yaml");

beforeAll(async () => {
  dir = await copyFixture("two-states");
  original = await readFile(config(), "utf8");
});
afterAll(() => removeDir(dir));

/** A new value of the same kind, that keeps the site valid. */
function changed(field: string, value: unknown): unknown {
  if (field === "region") return value === "WA" ? "ID" : "WA";
  if (typeof value === "number") return Math.round((value + 0.05) * 1e4) / 1e4;
  if (typeof value === "string") return `${value} Changed`;
  if (Array.isArray(value)) return field === "nearby" ? [...value].reverse() : [...value, "Changed Place"];
  throw new Error(`no change for ${field}`);
}

async function plan(memo?: ReturnType<typeof createPlanMemo>) {
  const planned = await planSite({ paths: realProjectPaths(config()), named: namer(dir), stage: stageTimer(undefined), memo, today: "2026-12-01" });
  return new Map(planned.pages.map((page) => [page.outFile, JSON.stringify(page)]));
}

describe("the memo of a dev server's town pages", { timeout: 120_000 }, () => {
  it("tracks every value a town's page is made from: each town's every field changed alone, the pages are a fresh plan's", async () => {
    const memo = createPlanMemo();
    await plan(memo);
    const towns = (parseDocument(original).toJS() as { cities: Array<Record<string, unknown>>; townsWithoutPage: Array<Record<string, unknown>> });
    const cases = [
      ...towns.cities.flatMap((town, index) => Object.keys(town).filter((field) => field !== "slug").map((field) => ({ list: "cities", index, field, value: town[field] }))),
      ...towns.townsWithoutPage.flatMap((town, index) => Object.keys(town).filter((field) => field !== "slug").map((field) => ({ list: "townsWithoutPage", index, field, value: town[field] }))),
    ];
    expect(cases.length).toBeGreaterThan(30);
    const stale: string[] = [];
    for (const { list, index, field, value } of cases) {
      const document = parseDocument(original);
      document.setIn([list, index, field], changed(field, value));
      await writeFile(config(), document.toString({ lineWidth: 0 }));
      const [withMemo, anew] = [await plan(memo), await plan()];
      for (const [file, page] of anew) if (withMemo.get(file) !== page) stale.push(`${list}.${index}.${field}: ${file}`);
    }
    await writeFile(config(), original);
    expect(stale).toEqual([]);
  });
});
