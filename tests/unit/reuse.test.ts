import { createElement as h, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createReuseStore } from "../../src/render/reuse.ts";
import { Icon, IconSpriteContext } from "../../templates/sections/icon.tsx";
import { Reuse, ReuseContext } from "../../templates/sections/reuse.tsx";

let renders = 0;
function Block({ label }: { label: string }): ReactElement {
  renders++;
  return h("section", null, h("img", { src: "/logo.svg", alt: "" }), h("a", { href: `/${label}` }, label));
}
const page = (labels: string[], title: string) =>
  h("html", null, h("head", null, h("title", null, title)), h("body", null, h(IconSpriteContext.Provider, { value: "/icons.svg" }, ...labels.map((label) => h(Reuse<{ label: string }>, { key: label, component: Block, props: { label } })), h("p", null, title))));

describe("reused blocks", () => {
  it("renders each distinct block once, gives every page the same HTML, and leaves copies out of `own`", () => {
    const store = createReuseStore();
    const render = (labels: string[], title: string) => store.fill(renderToStaticMarkup(h(ReuseContext.Provider, { value: store.registry }, page(labels, title))));
    renders = 0;
    const first = render(["a", "b"], "one");
    const second = render(["a", "b"], "two");
    const third = render(["b", "c"], "three");
    expect(renders).toBe(3);
    expect(first.html).toBe('<html><head><title>one</title></head><body><section><img src="/logo.svg" alt=""/><a href="/a">a</a></section><section><img src="/logo.svg" alt=""/><a href="/b">b</a></section><p>one</p></body></html>');
    expect(second.html).toBe(first.html.replaceAll("one", "two"));
    expect(first.own).toBe(first.html);
    expect(second.own).toBe("<html><head><title>two</title></head><body><p>two</p></body></html>");
    expect(third.own).toContain('<a href="/c">c</a>');
    expect(third.own).not.toContain('<a href="/b">b</a>');
  });

  it("refuses props that are not plain data (a function would not be part of the key)", () => {
    const store = createReuseStore();
    const Card = ({ onPick }: { onPick: () => void }): ReactElement => h("button", { type: "button" }, String(typeof onPick));
    const doc = h(ReuseContext.Provider, { value: store.registry }, h(Reuse<{ onPick: () => void }>, { component: Card, props: { onPick: () => {} } }));
    expect(() => renderToStaticMarkup(doc)).toThrow('<Reuse> props must be plain data; "onPick" is a function');
  });

  it("refuses other values JSON would lose (a Map, NaN)", () => {
    const store = createReuseStore();
    const Show = ({ value }: { value: unknown }): ReactElement => h("p", null, String(value));
    const render = (value: unknown) => () => renderToStaticMarkup(h(ReuseContext.Provider, { value: store.registry }, h(Reuse<{ value: unknown }>, { component: Show, props: { value } })));
    expect(render(new Map([["a", 1]]))).toThrow('"value" is a Map');
    expect(render({ price: Number.NaN })).toThrow('"value.…price" is NaN');
  });

  it("refuses a block that would put elements into the page's head, which a copy would lose", () => {
    const store = createReuseStore();
    const Titled = (): ReactElement => h("section", null, h("title", null, "inside"));
    const html = renderToStaticMarkup(h(ReuseContext.Provider, { value: store.registry }, h("main", null, h(Reuse<object>, { component: Titled, props: {} }))));
    expect(() => store.fill(html)).toThrow(/puts elements into the page's head \(<title>inside<\/title>/);
  });

  it("keeps a block apart for each icon sprite it is rendered under", () => {
    const store = createReuseStore();
    const Uses = (): ReactElement => h(Icon, { name: "phone" });
    const under = (sprite: string) =>
      store.fill(renderToStaticMarkup(h(ReuseContext.Provider, { value: store.registry }, h(IconSpriteContext.Provider, { value: sprite }, h(Reuse<object>, { component: Uses, props: {} }))))).html;
    expect(under("/a.svg")).toContain('href="/a.svg#phone"');
    expect(under("/b.svg")).toContain('href="/b.svg#phone"');
  });

  it("renders in place, as any component, when no renderer provides a store", () => {
    renders = 0;
    const html = renderToStaticMarkup(page(["a"], "alone"));
    expect(renders).toBe(1);
    expect(html).toContain('<section><img src="/logo.svg" alt=""/><a href="/a">a</a></section>');
    expect(html).not.toContain("<gopher-site");
  });
});
