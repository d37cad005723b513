import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { commentsByPath, firstItemsOnly } from "../../src/editor/schemas.ts";
import { REPO_ROOT } from "../helpers/sample-site.ts";

// The editor's forms show site.yaml's comments as help (commentsByPath: above keys, and the first
// item's fields of a list). Read from site.yaml with each top-level list cut to its first item,
// they must be the very same: a site of 10,000 towns is then parsed in milliseconds.
describe("site.yaml's comments for the forms", () => {
  it("are the same read from the lists' first items alone, for the sample and every fixture", () => {
    const files = [path.join(REPO_ROOT, "site.yaml"), ...["small", "own-form", "many-services", "two-states", "no-reviews", "own-pages", "local-facts"].map((name) => path.join(REPO_ROOT, "tests", "fixtures", name, "site.yaml"))];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      expect(commentsByPath(firstItemsOnly(text)), file).toEqual(commentsByPath(text));
      expect(firstItemsOnly(text).length, file).toBeLessThanOrEqual(text.length);
    }
  });

  it("keep the comments above the key after a list, drop those between its later items, and cut lists at the margin too", () => {
    const text = [
      "# The file's header",
      "",
      "name: Acme",
      "# The towns served.",
      "cities:",
      "  # The first town's comment",
      "  - name: Ames",
      "    # Its slug",
      "    slug: ames",
      "  # Between items",
      "  - name: Boone",
      "    slug: boone",
      "# Between items, at the margin",
      "  - name: Cary",
      "",
      "# The phone, shown everywhere.",
      "phone:",
      "  display: 555",
      "tags:",
      "- one",
      "- two",
      "# After the tags",
      "email: a@b.c",
      "",
    ].join("\n");
    const cut = firstItemsOnly(text);
    expect(cut).not.toContain("Boone");
    expect(cut).not.toContain("Cary");
    expect(cut).not.toContain("- two");
    expect(cut).not.toContain("Between items, at the margin");
    expect(cut).toContain("# The phone, shown everywhere.\nphone:");
    expect(cut).toContain("# After the tags\nemail: a@b.c");
    expect(commentsByPath(cut)).toEqual(commentsByPath(text));
    expect(commentsByPath(cut).get("cities.items.slug")).toBe("Its slug");
  });
});
