import { describe, expect, it } from "vitest";
import { markStarterWords, STARTER_MARK, starterWordsNotice } from "../../src/content/starter-words.ts";

const STARTER = `---\n${STARTER_MARK} say how you work, then this note goes.\ntitle: Terms of service\n---\nWe trap moles.\nWe answer the phone.\n`;

describe("init's starter words, until the owner changes them", () => {
  const marked = markStarterWords(STARTER);

  it("are named by check's notice at the mark's line while the text is as init wrote it", () => {
    expect(starterWordsNotice("content/legal/terms.md", marked)).toBe("content/legal/terms.md:2  Starter words from gopher-site init: say how you work, then this note goes.");
  });

  it("are the same text checked out with CRLF line ends (git on Windows)", () => {
    expect(starterWordsNotice("content/legal/terms.md", marked.replace(/\n/g, "\r\n"))).toBe("content/legal/terms.md:2  Starter words from gopher-site init: say how you work, then this note goes.");
  });

  it("are no longer named once the text is changed", () => {
    expect(starterWordsNotice("content/legal/terms.md", marked.replace("We trap moles.", "We trap moles and voles."))).toBeUndefined();
  });
});
