import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hostSettingsFiles, redirectsFile } from "../../src/hosting/host-files.ts";
import { notFoundCandidates, notFoundFolders, notFoundPageFor, readNotFoundFolders } from "../../src/hosting/not-found-pages.ts";
import { loadSample } from "../helpers/sample-data.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const temporaryFolder = temporaryFolders("gopher-404s-");

describe("the folders with a 404 page of their own", () => {
  it("are the top-level folders of the output with a 404.html, as request prefixes", () => {
    expect(notFoundFolders(["404.html", "index.html", "es/404.html", "es/blog/404.html", "assets/x.css", "pt-BR/404.html", ".git/404.html"])).toEqual(["/es/", "/pt-BR/"]);
    // Only names a server configuration can hold unquoted.
    expect(notFoundFolders(["a b/404.html", "es$x/404.html", "{x}/404.html", "e;s/404.html"])).toEqual([]);
    expect(notFoundFolders(["404.html", "about.html", "blog/index.html"])).toEqual([]);
  });

  it("are read from a built site on disk", () => {
    const dir = temporaryFolder();
    for (const file of ["404.html", "es/404.html", "es/blog/index.html", "assets/site.css", "blog/index.html"]) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), "x");
    }
    // A folder named 404.html is not a page.
    mkdirSync(path.join(dir, "fr", "404.html"), { recursive: true });
    expect(readNotFoundFolders(dir)).toEqual(["/es/"]);
  });

  it("answer the unknown paths inside them, and only those", () => {
    expect(notFoundCandidates("/es/no-such-page")).toEqual(["/es/404.html", "/404.html"]);
    expect(notFoundCandidates("/es/blog/nope")).toEqual(["/es/404.html", "/404.html"]);
    for (const outside of ["/no-such-page", "/es", "/", "/../x", "/.git/config", "//es/x", "/a b/x"]) expect(notFoundCandidates(outside), outside).toEqual(["/404.html"]);
    expect(notFoundPageFor(["/es/"], "/es/")).toBe("/es/404.html");
    expect(notFoundPageFor(["/es/"], "/assets/")).toBe("/404.html");
    expect(notFoundPageFor(["/es/"], "/estate/")).toBe("/404.html");
  });
});

describe("_redirects", () => {
  it("sends each language folder's unknown paths to its 404 page, for Netlify", () => {
    expect(redirectsFile(["/es/", "/fr/"])).toBe(
      "# Each language's 404 page for Netlify, made by gopher-site from the built pages.\n/es/*  /es/404.html  404\n/fr/*  /fr/404.html  404\n",
    );
  });

  it("is written beside _headers only when a language folder has its own 404 page", async () => {
    const { site } = await loadSample();
    const one = hostSettingsFiles(site, ["index.html", "404.html", "about.html", "blog/index.html"]);
    expect(one.map((file) => file.path)).toEqual(["_headers"]);
    const two = hostSettingsFiles(site, ["index.html", "404.html", "es/index.html", "es/404.html"]);
    expect(two).toEqual([one[0], { path: "_redirects", data: redirectsFile(["/es/"]) }]);
  });
});
