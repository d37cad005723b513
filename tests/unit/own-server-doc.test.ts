import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { LINK_MINUTES } from "../../src/online/owner-store.ts";
import { linkPage, signInPage } from "../../src/online/sign-in-pages.ts";
import { ROOT } from "../helpers/sample-data.ts";

// docs/own-server.md walks an owner through buttons and commands: each is held to what is there.
const doc = readFileSync(path.join(ROOT, "docs", "own-server.md"), "utf8");
const flat = doc.replace(/\s+/g, " ");

describe("docs/own-server.md", () => {
  it("names the sign-in's buttons and questions as the editor shows them, and the link's life", () => {
    const shown = [signInPage("Gopher Guard"), linkPage("Gopher Guard", "token"), readFileSync(path.join(ROOT, "src", "online", "app", "account.ts"), "utf8")].join("\n");
    const named = [...flat.matchAll(/\*([^*]+)\*/g)].map((match) => match[1]!).filter((words) => /sign|set it up|fingerprint/i.test(words));
    // "Sign out everywhere" is the account bar's button, in account.ts.
    expect(named).toEqual(["E-mail me a sign-in link", "Sign in", "Use this phone's fingerprint or face to sign in next time?", "Set it up", "Sign in with this phone's fingerprint or face", "Sign out everywhere"]);
    for (const words of named) expect(shown, words).toContain(words);
    expect(flat).toContain(`The link works once, for ${LINK_MINUTES} minutes.`);
  });

  it("runs the container's commands against compose.yaml's services, serve's port and the built site's volume", () => {
    const compose = parse(readFileSync(path.join(ROOT, "deploy", "compose.yaml"), "utf8")) as { services: Record<string, { command: string[] }> };
    const serve = compose.services.site!.command;
    const out = serve[serve.indexOf("--out") + 1]!;
    expect(doc).toContain(`sudo docker compose run --rm site build --out ${out}\n`);
    expect(doc).toContain(`sudo docker compose run --rm -T site host-config caddy --editor --lead-server site:8788 --out ${out} | sudo tee Caddyfile\n`);
    expect(readFileSync(path.join(ROOT, "deploy", "Dockerfile"), "utf8")).toContain("\nEXPOSE 8788\n");
    // Without the container, serve's port is the unit's default, which Caddy's block names.
    expect(doc).toContain("sudo -u gopher-site -H npx gopher-site host-config caddy --editor --lead-server 127.0.0.1:8788 | sudo tee /etc/caddy/Caddyfile\n");
    expect(doc).toContain("sudo install -m 600 /dev/null /etc/gopher-site.env\n");
  });
});
