import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hostConfigCommand, type HostConfigOptions } from "../../src/commands/host-config-command.ts";
import { EDITOR_PATH } from "../../src/editor/editor-routes.ts";
import { caddyConfig } from "../../src/hosting/caddy-config.ts";
import { headersFile, headersFor, hostingHeaders, type HeaderRule } from "../../src/hosting/headers-file.ts";
import { EDITOR_PATHS, isExampleDomain, parseDomain, type HostConfigInput } from "../../src/hosting/host-plan.ts";
import { createLogger } from "../../src/log.ts";
import { loadSample, ROOT } from "../helpers/sample-data.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

// `host-config caddy --editor`: the site on its domain over HTTPS, the owner's editor sent to serve.
const RULES: HeaderRule[] = [{ path: "/*", headers: [["Content-Security-Policy", "default-src 'self'; upgrade-insecure-requests"]] }];
const SERVE = { host: "127.0.0.1", port: 8788 };
const PLAIN: HostConfigInput = { rules: RULES, headersFile: "dist/_headers", root: "/srv/site/dist", listen: { port: 8080 }, notFoundFolders: [], hidden: [], leadServer: SERVE };
const EDITOR: HostConfigInput = { ...PLAIN, editor: { domain: "www.acme-gophers.com", server: SERVE } };

describe("caddyConfig for the site with its editor", () => {
  it("is a block for the domain alone (Caddy's certificate and http:// redirect), saying so", () => {
    const head = [
      "# Caddyfile site block for https://www.acme-gophers.com, the site built in /srv/site/dist, made by gopher-site from dist/_headers.",
      "# Caddy gets and renews the certificate for www.acme-gophers.com itself and redirects http:// to https://: the domain's DNS",
      "# must name this server, and ports 80 and 443 be open to it. The owner's editor (/__editor/), the quote form's requests",
      "# and the pages go to gopher-site serve --editor at 127.0.0.1:8788. Make it again after a build that changed",
      "# the headers (site.yaml's integrations change the Content-Security-Policy). It serves HTTPS only, so the policy",
      "# keeps upgrade-insecure-requests.",
      "www.acme-gophers.com {",
      '\troot * "/srv/site/dist"',
      "",
    ].join("\n");
    expect(caddyConfig(EDITOR).slice(0, head.length)).toBe(head);
    expect(caddyConfig(EDITOR)).not.toContain("bind");
  });

  it("sends /__editor and everything under it to serve first in the route, before the site's headers can touch its answers", () => {
    const config = caddyConfig(EDITOR);
    expect(config).toContain(
      [
        "\troute {",
        "\t\t# The owner's editor goes to gopher-site serve --editor. Caddy sends X-Forwarded-Proto itself (https here,",
        "\t\t# whatever the visitor wrote), and serve takes the editor only over HTTPS.",
        "\t\t@editor path /__editor /__editor/*",
        "\t\treverse_proxy @editor 127.0.0.1:8788 {",
        "\t\t\theader_up X-Real-IP {remote_host}",
        "\t\t}",
        "\t\t# The quote form's requests, and the pages (serve fills in their form's stamp), go to gopher-site serve.",
      ].join("\n"),
    );
    expect(config.indexOf("reverse_proxy @editor")).toBeLessThan(config.indexOf("\t\theader {"));
  });

  it("is the plain block with only its address and comment changed and the editor's lines added", () => {
    const body = (config: string) => config.slice(config.indexOf("\troot * ")).split("\n");
    const editorLines = body(caddyConfig(EDITOR));
    const plainLines = body(caddyConfig(PLAIN));
    const start = editorLines.indexOf("\t\t# The owner's editor goes to gopher-site serve --editor. Caddy sends X-Forwarded-Proto itself (https here,");
    expect([...editorLines.slice(0, start), ...editorLines.slice(start + 6)]).toEqual(plainLines);
  });

  it("agrees with the editor's own address", () => {
    expect(EDITOR_PATHS).toEqual([EDITOR_PATH.replace(/\/$/, ""), `${EDITOR_PATH}*`]);
  });
});

describe("--domain", () => {
  it("takes a host name, with a port, or an https address's host, lowercased", () => {
    expect(parseDomain("www.Acme-Gophers.com")).toBe("www.acme-gophers.com");
    expect(parseDomain("acme.com:8443")).toBe("acme.com:8443");
    expect(parseDomain("https://www.acme.com/")).toBe("www.acme.com");
    expect(parseDomain("https://www.acme.com:443")).toBe("www.acme.com");
    expect(parseDomain("localhost")).toBe("localhost");
    for (const bad of ["http://acme.com", "acme .com", "-acme.com", "acme.com:0", "acme.com/path", "ac{me}.com", ""]) expect(parseDomain(bad), bad).toBeUndefined();
  });

  it("knows the starter's example addresses, for which no certificate can be had", () => {
    for (const example of ["www.gopherguard.example.com", "example.org", "site.test", "a.invalid"]) expect(isExampleDomain(example), example).toBe(true);
    for (const real of ["www.acme.com", "example-gophers.com", "localhost", "examples.net"]) expect(isExampleDomain(real), real).toBe(false);
  });
});

const temporaryFolder = temporaryFolders("gopher-host-config-editor-");

/** What the last `printed` warned of. */
let warnings = "";

/** What `host-config` prints for a project whose site.yaml has `siteUrl` and whose built site has the sample's `_headers`. */
async function printed(options: Partial<HostConfigOptions> & Pick<HostConfigOptions, "server">, siteUrl = "https://www.acme-gophers.com"): Promise<string> {
  warnings = "";
  const stderr = { write: (chunk: string) => ((warnings += chunk), true) } as unknown as NodeJS.WritableStream;
  const project = temporaryFolder();
  const sample = readFileSync(path.join(ROOT, "tests", "fixtures", "small", "site.yaml"), "utf8");
  writeFileSync(path.join(project, "site.yaml"), sample.replace(/^siteUrl: .*$/m, `siteUrl: ${siteUrl}`));
  writeFileSync(path.join(project, "_headers"), headersFile(hostingHeaders((await loadSample()).site)));
  let text = "";
  const stdout = { write: (chunk: string) => ((text += chunk), true) } as unknown as NodeJS.WritableStream;
  await hostConfigCommand({ out: project, listen: { port: 8080 }, config: path.join(project, "site.yaml"), ...options }, createLogger({ stdout: stderr, stderr, env: {} }), stdout);
  return text;
}

describe("host-config caddy --editor", () => {
  it("takes the domain from site.yaml's siteUrl, and keeps upgrade-insecure-requests: the block serves HTTPS only", async () => {
    const config = await printed({ server: "caddy", editor: true, leadServer: SERVE });
    expect(config).toContain("\nwww.acme-gophers.com {\n");
    expect(warnings).toBe("");
    const policy = headersFor(hostingHeaders((await loadSample()).site), "/")["content-security-policy"]!;
    expect(policy).toMatch(/; upgrade-insecure-requests$/);
    expect(config).toContain(`\t\t\tContent-Security-Policy "${policy}"\n`);
  });

  it("takes --domain over siteUrl, warning when the editor, which answers only at siteUrl's address, would refuse it", async () => {
    const config = await printed({ server: "caddy", editor: true, leadServer: SERVE, domain: "https://Gophers.Example.net" }, "https://www.gopherguard.example.com");
    expect(config).toContain("\ngophers.example.net {\n");
    expect(warnings).toMatch(
      /^warning --domain gophers\.example\.net is not .*site\.yaml's siteUrl \(https:\/\/www\.gopherguard\.example\.com\), and the editor answers only at that address \(or its www\. twin\): set siteUrl to https:\/\/gophers\.example\.net\n$/,
    );
    for (const twin of ["acme-gophers.com", "www.acme-gophers.com:8443"]) {
      expect(await printed({ server: "caddy", editor: true, leadServer: SERVE, domain: twin })).toContain(`\n${twin} {\n`);
      expect(warnings, twin).toBe("");
    }
  });

  it("refuses what cannot work, before reading anything: nginx, no --lead-server, a bad --domain, an example siteUrl", async () => {
    await expect(printed({ server: "nginx", editor: true, leadServer: SERVE })).rejects.toThrowError(
      "--editor is for caddy, which gets the domain's certificate and renews it itself: gopher-site host-config caddy --editor --lead-server 127.0.0.1:8788",
    );
    await expect(printed({ server: "caddy", editor: true })).rejects.toThrowError(
      "--editor needs --lead-server, where gopher-site serve --editor listens (for example --lead-server 127.0.0.1:8788): the editor, the quote form's requests and the pages go to it",
    );
    await expect(printed({ server: "caddy", editor: true, leadServer: SERVE, domain: "acme .com" })).rejects.toThrowError('--domain "acme .com" is not a domain name; give it as www.example.com');
    await expect(printed({ server: "caddy", editor: true, leadServer: SERVE }, "https://www.gopherguard.example.com")).rejects.toThrowError(
      /site\.yaml {2}siteUrl {2}https:\/\/www\.gopherguard\.example\.com is an example address, for which no certificate can be had: set siteUrl to the site's address \(https:\/\/www\.your-company\.com\), or pass --domain$/,
    );
  });

  it("leaves the plain block as it was: without --editor, site.yaml is not read and the policy leaves out the directive", async () => {
    const config = await printed({ server: "caddy", leadServer: SERVE, config: "/nowhere/site.yaml" });
    expect(config).toContain("\nhttp://:8080 {\n");
    expect(config).not.toContain("@editor");
    expect(config.split("\n").filter((line) => line.includes("upgrade-insecure-requests"))).toHaveLength(1);
  });
});
