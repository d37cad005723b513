import { expect, it } from "vitest";
import { parseSaveRequest } from "../../src/editor/save-request.ts";

const ONE_THING = "changes.0: must do one thing to its file: create, starter, remove or ops (a body goes with create or ops)";

it("takes a change that creates (a new article with its text), edits, starts or removes a file", () => {
  for (const change of [
    { file: "content/blog/new.md", create: { title: "New" }, body: "Text." },
    { file: "content/blog/old.md", version: "v", ops: [{ op: "set", path: ["title"], value: "Old" }], body: "Text." },
    { file: "content/blog/old.md", version: "v", body: "Text." },
    { file: "content/services/lawn.yaml", starter: { name: "Lawn Care" } },
    { file: "content/services/lawn.yaml", version: "v", remove: true },
  ]) {
    expect(parseSaveRequest({ changes: [change] }), JSON.stringify(change)).toEqual({ changes: [change] });
  }
});

it("refuses a change that does two things to its file", () => {
  for (const change of [
    { file: "content/services/lawn.yaml", version: "v", remove: true, ops: [] },
    { file: "content/services/lawn.yaml", starter: { name: "Lawn" }, body: "Text." },
    { file: "content/services/lawn.yaml", starter: { name: "Lawn" }, create: { name: "Lawn" } },
    { file: "content/services/lawn.yaml", version: "v", remove: true, body: "" },
  ]) {
    expect(parseSaveRequest({ changes: [change] }), JSON.stringify(change)).toEqual({ issues: [ONE_THING] });
  }
  expect(parseSaveRequest({ changes: [{ file: "content/services/lawn.yaml", remove: false }] })).toEqual({ issues: ["changes.0.remove: Invalid input: expected true"] });
});
