import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hostSettingsFiles, redirectsFile } from "../../src/hosting/host-files.ts";
import { languageFolders, notFoundCandidates, notFoundPageFor, parseLanguageFolders, readLanguageFolders } from "../../src/hosting/not-found-pages.ts";
import { loadSample } from "../helpers/sample-data.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const temporaryFolder = temporaryFolders("gopher-404s-");
const languages = (...codes: string[]) => ({ languages: codes.map((code) => ({ code, locale: code, name: code })) as never });

describe("the folders with a 404 page of their own", () => {
  it("are the folders of site.yaml's languages but the default, as request prefixes", () => {
    expect(languageFolders(languages("en", "pt", "es"))).toEqual(["/es/", "/pt/"]);
    expect(languageFolders(languages("en"))).toEqual([]);
  });

  it("are read back from the _redirects a build wrote for them, and from nothing else", () => {
    expect(parseLanguageFolders(redirectsFile(["/es/", "/pt/"])!)).toEqual(["/es/", "/pt/"]);
    // An owner's own rules are not languages.
    expect(parseLanguageFolders("/blog/*  /blog/404.html  302\n/old  /new  301\n/a/*  /b/404.html  404\n")).toEqual([]);
    const dir = temporaryFolder();
    expect(readLanguageFolders(dir)).toEqual([]);
    writeFileSync(path.join(dir, "_redirects"), redirectsFile(["/es/"])!);
    expect(readLanguageFolders(dir)).toEqual(["/es/"]);
  });

  it("answer the unknown paths inside them, and only those", () => {
    expect(notFoundCandidates("/es/no-such-page", ["/es/"])).toEqual(["/es/404.html", "/404.html"]);
    expect(notFoundCandidates("/es/blog/nope", ["/es/"])).toEqual(["/es/404.html", "/404.html"]);
    // A folder that is not a language's, even with a 404.html in it (an article with the slug 404).
    expect(notFoundCandidates("/blog/nope", ["/es/"])).toEqual(["/404.html"]);
    for (const outside of ["/no-such-page", "/es", "/", "/../x", "/.git/config", "//es/x", "/a b/x"]) expect(notFoundCandidates(outside, ["/es/"]), outside).toEqual(["/404.html"]);
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

  it("is written beside _headers only when site.yaml lists a second language", async () => {
    const { site } = await loadSample();
    const one = hostSettingsFiles({ ...site, languages: site.languages.slice(0, 1) });
    expect(one.map((file) => file.path)).toEqual(["_headers"]);
    expect(site.languages.map((language) => language.code)).toEqual(["en", "es"]);
    expect(hostSettingsFiles(site)).toEqual([one[0], { path: "_redirects", data: redirectsFile(["/es/"]) }]);
  });
});
