import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hostConfigCommand, type HostConfigOptions } from "../../src/commands/host-config-command.ts";
import { caddyConfig } from "../../src/hosting/caddy-config.ts";
import { headersFile, headersFor, hostingHeaders, parseHeadersFile, type HeaderRule } from "../../src/hosting/headers-file.ts";
import { hostLocations, parseListen, unsafeCharacter } from "../../src/hosting/host-plan.ts";
import { nginxConfig } from "../../src/hosting/nginx-config.ts";
import { withoutUpgrade } from "../../src/hosting/plain-http.ts";
import { createLogger } from "../../src/log.ts";
import { loadSample } from "../helpers/sample-data.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const RULES: HeaderRule[] = [
  { path: "/*", headers: [["X-Frame-Options", "DENY"], ["Content-Security-Policy", "default-src 'self'"]] },
  { path: "/assets/*", headers: [["Cache-Control", "public, max-age=31536000, immutable"]] },
];
const INPUT = { rules: RULES, headersFile: "dist/_headers", root: "/srv/site", listen: { port: 8080 }, notFoundFolders: [], hidden: ["/_headers"] };
/** A site with a Spanish 404 page in es/, and so a `_redirects` for Netlify. */
const SPANISH = { ...INPUT, notFoundFolders: ["/es/"], hidden: ["/_headers", "/_redirects"] };

describe("_headers read back", () => {
  it("gives the rules it was written from", async () => {
    const rules = hostingHeaders((await loadSample()).site);
    expect(parseHeadersFile(headersFile(rules), "dist/_headers")).toEqual(rules);
  });

  it("names the file and line of every line it cannot read, all at once", () => {
    expect(() => parseHeadersFile("  X-Early: 1\n/*\n  no colon here\nabout\n", "dist/_headers")).toThrow(
      [
        "dist/_headers:1  the header X-Early has no path above it",
        'dist/_headers:3  expected an indented "Name: value" header line, got "no colon here"',
        'dist/_headers:4  expected a path starting with / (headers are indented below their path), got "about"',
        "gopher-site writes this file: build again to replace it",
      ].join("\n"),
    );
  });
});

describe("hostLocations", () => {
  it("gives each folder every header that applies to it, and revalidation where no rule caches", () => {
    expect(hostLocations(INPUT)).toEqual([
      { prefix: "/", headers: [["X-Frame-Options", "DENY"], ["Content-Security-Policy", "default-src 'self'"], ["Cache-Control", "no-cache"]], notFound: "/404.html" },
      {
        prefix: "/assets/",
        headers: [["X-Frame-Options", "DENY"], ["Content-Security-Policy", "default-src 'self'"], ["Cache-Control", "public, max-age=31536000, immutable"]],
        notFound: "/404.html",
      },
    ]);
  });

  it("gives a folder with its own 404 page a location of its own, with every header and that page", () => {
    expect(hostLocations(SPANISH).map(({ prefix, notFound }) => [prefix, notFound])).toEqual([
      ["/", "/404.html"],
      ["/es/", "/es/404.html"],
      ["/assets/", "/404.html"],
    ]);
    expect(hostLocations(SPANISH)[1]!.headers).toEqual(hostLocations(SPANISH)[0]!.headers);
  });

  it("refuses what a server configuration cannot say: patterns that are not folders, values that break quoting", () => {
    const rules: HeaderRule[] = [
      { path: "/blog/:slug", headers: [] },
      { path: "/*", headers: [["X-Note", 'say "hi"'], ["X-Cost", "$5"]] },
    ];
    expect(() => hostLocations({ rules, headersFile: "dist/_headers", notFoundFolders: [] })).toThrow(
      [
        "dist/_headers  the path /blog/:slug is not a folder pattern (/* or /folder/*), which is all a server configuration is made from",
        "dist/_headers  X-Note  the value has the character \", which cannot be written in a server configuration",
        "dist/_headers  X-Cost  the value has the character $, which cannot be written in a server configuration",
      ].join("\n"),
    );
    expect(unsafeCharacter("line\nbreak")).toBe("a control character");
    expect(unsafeCharacter("default-src 'self' https://*.example.com")).toBeUndefined();
  });
});

describe("--listen", () => {
  it("takes a port, or an address and port", () => {
    expect(parseListen("8080")).toEqual({ port: 8080 });
    expect(parseListen("127.0.0.1:8081")).toEqual({ host: "127.0.0.1", port: 8081 });
    expect(parseListen("[::1]:8082")).toEqual({ host: "[::1]", port: 8082 });
    for (const bad of ["0", "65536", "http", ":80", "127.0.0.1", "a b:80"]) expect(parseListen(bad), bad).toBeUndefined();
  });
});

/** The nginx location of a folder of pages with INPUT's headers, and `extra` lines at its end. */
function pageLocation(prefix: string, ...extra: string[]): string[] {
  return [
    `    location ${prefix} {`,
    '        add_header X-Frame-Options "DENY" always;',
    `        add_header Content-Security-Policy "default-src 'self'" always;`,
    '        add_header Cache-Control "no-cache" always;',
    "        # /about/ -> /about (301), then /about is about.html or about/index.html, without a redirect.",
    "        rewrite ^/(.+)/$ /$1 permanent;",
    "        try_files $uri $uri.html $uri/index.html =404;",
    ...extra,
    "    }",
  ];
}

describe("nginxConfig", () => {
  it("repeats every header in each location (nginx drops inherited add_headers), always, with clean URLs and the 404 page", () => {
    const config = nginxConfig({ ...INPUT, listen: { host: "127.0.0.1", port: 9000 } });
    expect(config).toContain("    listen 127.0.0.1:9000;\n    root \"/srv/site\";\n");
    expect(config).toContain(
      [
        ...pageLocation("/"),
        "",
        "    location /assets/ {",
        '        add_header X-Frame-Options "DENY" always;',
        `        add_header Content-Security-Policy "default-src 'self'" always;`,
        '        add_header Cache-Control "public, max-age=31536000, immutable" always;',
      ].join("\n"),
    );
    expect(config).toContain("    error_page 404 /404.html;\n");
    expect(config).toContain("    location = /_headers {\n        return 404;\n    }\n}\n");
    expect(config).toContain("        text/javascript js mjs;\n");
    expect(config).toMatch(/\n {4}gzip_types text\/css text\/javascript .*image\/svg\+xml;\n/);
    // text/html is nginx's own: naming it again is a warning.
    expect(config).not.toMatch(/(charset|gzip)_types[^;]*text\/html/);
    expect(config).not.toMatch(/charset_types[^;]*svg/);
  });
});

describe("caddyConfig", () => {
  it("sets the headers in order (every path, then what /assets/ changes) before the clean-URL rewrite, and again for the 404 page", () => {
    const config = caddyConfig(INPUT);
    expect(config).toContain("http://:8080 {\n\troot * \"/srv/site\"\n");
    expect(config).not.toContain("bind");
    expect(config).toContain(
      [
        "\troute {",
        "\t\theader {",
        '\t\t\tX-Frame-Options "DENY"',
        `\t\t\tContent-Security-Policy "default-src 'self'"`,
        '\t\t\tCache-Control "no-cache"',
        "\t\t}",
        "\t\theader /assets/* {",
        '\t\t\tCache-Control "public, max-age=31536000, immutable"',
        "\t\t}",
      ].join("\n"),
    );
    expect(config.indexOf("try_files {path} {path}.html {path}/index.html")).toBeGreaterThan(config.indexOf("header /assets/*"));
    expect(config).toContain("\t\terror /_headers 404\n");
    expect(config).toContain('\t\theader @type_js Content-Type "text/javascript; charset=utf-8"\n');
    expect(config).toContain("\t\t\t\trewrite * /404.html\n\t\t\t\theader {\n\t\t\t\t\tX-Frame-Options \"DENY\"\n");
    expect(config).toContain("\t\t\t\tfile_server {\n\t\t\t\t\tstatus 404\n\t\t\t\t}\n");
    expect(caddyConfig({ ...INPUT, listen: { host: "[::1]", port: 9000 } })).toContain("http://:9000 {\n\tbind ::1\n");
  });
});

describe("a language folder's 404 page", () => {
  it("nginx: a location for the folder with every header, always, and its own error_page; _redirects hidden", () => {
    const config = nginxConfig(SPANISH);
    expect(config).toContain(
pageLocation("/es/", "        error_page 404 /es/404.html;").join("\n"),
    );
    expect(config.match(/error_page/g)).toHaveLength(2);
    expect(config).toContain("    location = /_redirects {\n        return 404;\n    }\n");
  });

  it("Caddy: a handler for the folder's 404s, before the site's, with the folder's headers", () => {
    const config = caddyConfig(SPANISH);
    const spanish = [
      "\t\t@not_found_1 {",
      "\t\t\texpression {err.status_code} == 404",
      "\t\t\tpath /es/*",
      "\t\t}",
      "\t\thandle @not_found_1 {",
      "\t\t\troute {",
    ].join("\n");
    expect(config).toContain(spanish);
    expect(config).toContain("\t\t\t\trewrite * /es/404.html\n\t\t\t\theader /es/* {\n\t\t\t\t\tX-Frame-Options \"DENY\"\n");
    expect(config.indexOf(spanish)).toBeLessThan(config.indexOf("\t\t@not_found expression {err.status_code} == 404"));
    expect(config).toContain("\t\terror /_redirects 404\n");
    // Same headers as every path: no `header /es/*` in the main route.
    expect(config.slice(0, config.indexOf("handle_errors"))).not.toContain("/es/");
  });

  it("leaves a one-language site's configurations as they were: the folder's lines are all that is added", () => {
    for (const config of [nginxConfig, caddyConfig]) {
      const one = config(INPUT);
      expect(one).not.toMatch(/\/es\/|_redirects|not_found_1/);
      const added = config(SPANISH).split("\n");
      // Every line of the one-language configuration is there, in order.
      let at = 0;
      for (const line of one.split("\n")) {
        at = added.indexOf(line, at);
        expect(at, line).toBeGreaterThanOrEqual(0);
        at++;
      }
    }
  });
});

const temporaryFolder = temporaryFolders("gopher-host-config-");

/** What `host-config` prints for a built site whose `_headers` is the sample's. */
async function printed(options: Partial<HostConfigOptions> & Pick<HostConfigOptions, "server">): Promise<string> {
  const out = temporaryFolder();
  writeFileSync(path.join(out, "_headers"), headersFile(hostingHeaders((await loadSample()).site)));
  let text = "";
  const stdout = { write: (chunk: string) => ((text += chunk), true) } as unknown as NodeJS.WritableStream;
  await hostConfigCommand({ out, listen: { port: 8080 }, ...options }, createLogger({ level: "quiet" }), stdout);
  return text;
}

describe("over plain HTTP", () => {
  it("a policy leaves out upgrade-insecure-requests, and nothing else", () => {
    expect(withoutUpgrade("default-src 'self'; frame-ancestors 'none'; upgrade-insecure-requests")).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(withoutUpgrade("default-src 'self'; upgrade-insecure-requests; img-src 'self'")).toBe("default-src 'self'; img-src 'self'");
    expect(withoutUpgrade("default-src 'self'; img-src data:")).toBe("default-src 'self'; img-src data:");
  });

  it("host-config's blocks, which listen on plain HTTP, send the policy of _headers without it (_headers keeps it: Netlify and Cloudflare are HTTPS)", async () => {
    const policy = headersFor(hostingHeaders((await loadSample()).site), "/")["content-security-policy"]!;
    expect(policy).toMatch(/; upgrade-insecure-requests$/);
    for (const server of ["nginx", "caddy"] as const) {
      const config = await printed({ server });
      expect(config, server).toContain(withoutUpgrade(policy));
      expect(config.split("\n").filter((line) => line.includes("upgrade-insecure-requests")), server).toEqual([
        "# plain HTTP, so the policy leaves out upgrade-insecure-requests (browsers would ask for every file at https).",
      ]);
    }
  });
});

describe("--root", () => {
  it("is the folder on the server, written into the configuration as given", async () => {
    for (const root of ["/var/www/gopher-site", "/srv/site/"]) {
      expect(await printed({ server: "nginx", root }), root).toContain(`    root "${root}";\n`);
      expect(await printed({ server: "caddy", root }), root).toContain(`\troot * "${root}"\n`);
    }
  });

  it("must be a POSIX absolute path: a relative one or a Windows one is refused, never resolved on this machine", async () => {
    for (const root of ["var/www/gopher-site", "./dist", "C:\\var\\www", "C:/var/www"]) {
      await expect(printed({ server: "nginx", root }), root).rejects.toThrowError(
        `the root folder ${JSON.stringify(root)} is not an absolute path on the server; pass --root as the server sees it, starting with / (for example /var/www/gopher-site)`,
      );
    }
  });
});
