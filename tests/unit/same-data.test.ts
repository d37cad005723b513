import { describe, expect, it } from "vitest";
import { sameData } from "../../src/plan/same-data.ts";

// How a rebuild decides a page's data did not change (src/dev/same-data.ts): equal data all the
// way down, in the same order, with nothing the renderer could tell apart taken as equal.
describe("sameData", () => {
  it("finds equal data equal however it was made", () => {
    const made = () => ({ title: "Temecula", links: [{ href: "/a", lat: 33.5 }], tags: new Set(["x"]), paths: new Map([["/a", "/es/a"]]), none: undefined, nan: Number.NaN });
    expect(sameData(made(), made())).toBe(true);
  });

  it("tells apart a changed value, a longer list, a missing key, keys in another order, and a class from a plain object", () => {
    const base = { a: 1, b: [1, 2], c: { d: "x" } };
    expect(sameData(base, { a: 1, b: [1, 2], c: { d: "y" } })).toBe(false);
    expect(sameData(base, { a: 1, b: [1, 2, 3], c: { d: "x" } })).toBe(false);
    expect(sameData({ a: 1, b: undefined }, { a: 1 })).toBe(false);
    expect(sameData({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameData(new Map([["a", 1]]), new Map([["a", 2]]))).toBe(false);
    expect(sameData([1], { 0: 1, length: 1 })).toBe(false);
    expect(sameData(null, {})).toBe(false);
  });

  it("compares a shared object once: a pair found equal is remembered", () => {
    let reads = 0;
    const counted = () => new Proxy({ text: "shared" }, { ownKeys: (target) => (reads++, Reflect.ownKeys(target)) });
    const [left, right] = [counted(), counted()];
    const known = new WeakMap<object, object>();
    for (let i = 0; i < 100; i++) expect(sameData({ page: i, copy: left }, { page: i, copy: right }, known)).toBe(true);
    expect(reads).toBeLessThanOrEqual(4);
  });
});
