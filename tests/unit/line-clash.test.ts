import { describe, expect, it } from "vitest";
import { firstClash, parseHunks } from "../../src/publish/line-clash.ts";

describe("the later change that touched a version's lines", () => {
  it("reads git's -U0 hunks, an empty side starting after the line git names", () => {
    expect(parseHunks("@@ -3,2 +3,2 @@ x\n-a\n-b\n+c\n+d\n@@ -9,0 +10 @@\n+e\n")).toEqual([
      { old: { start: 3, end: 5 }, new: { start: 3, end: 5 } },
      { old: { start: 10, end: 10 }, new: { start: 10, end: 11 } },
    ]);
  });

  it("follows the lines as earlier changes move them, and counts a neighbouring line as touching", () => {
    const written = [{ start: 20, end: 22 }];
    const addsTwoLinesAbove = parseHunks("@@ -5,0 +6,2 @@\n+x\n+y\n");
    const changesLine10 = parseHunks("@@ -10 +10 @@\n-a\n+b\n");
    const changesLine24 = parseHunks("@@ -24 +24 @@\n-a\n+b\n");
    // After two lines above, the version's lines are 22 and 23: line 24 is next to them, line 23 is one of them.
    expect(firstClash(written, [addsTwoLinesAbove, changesLine10, changesLine24])).toBe(2);
    // Unmoved, the version's lines are 20 and 21: 22 is next to them, 23 has a line between.
    expect(firstClash(written, [parseHunks("@@ -22 +22 @@\n-a\n+b\n")])).toBe(0);
    expect(firstClash(written, [parseHunks("@@ -23 +23 @@\n-a\n+b\n")])).toBe(-1);
    expect(firstClash(written, [changesLine10, parseHunks("@@ -30 +30 @@\n-a\n+b\n")])).toBe(-1);
  });
});
