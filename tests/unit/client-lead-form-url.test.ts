import { describe, expect, it } from "vitest";
import { leadFormUrl } from "../../templates/client/lead-form-url.ts";

const FORM = "https://api.leadconnectorhq.com/widget/form/SAMPLEFORMID0000";

describe("leadFormUrl", () => {
  it("sends gclid as gclid_value, the utm parameters, and the path as source_page", () => {
    const url = leadFormUrl(FORM, "?gclid=abc123&utm_source=google&utm_medium=cpc&utm_campaign=spring", "/temecula-gopher-control");
    expect(url).toBe(
      `${FORM}?gclid_value=abc123&utm_source=google&utm_medium=cpc&utm_campaign=spring&source_page=%2Ftemecula-gopher-control`,
    );
  });

  it("omits parameters that are missing, empty or blank", () => {
    expect(leadFormUrl(FORM, "?gclid=&utm_source=&utm_medium=%20&utm_campaign=fall", "/")).toBe(
      `${FORM}?utm_campaign=fall&source_page=%2F`,
    );
    expect(leadFormUrl(FORM, "", "/about")).toBe(`${FORM}?source_page=%2Fabout`);
  });

  it("does not forward other page parameters, nor gclid under its own name", () => {
    const url = new URL(leadFormUrl(FORM, "?gclid=g1&fbclid=f1&ref=x", "/"));
    expect([...url.searchParams.keys()]).toEqual(["gclid_value", "source_page"]);
  });

  it("encodes values and keeps a query the form URL already has", () => {
    const url = new URL(leadFormUrl(`${FORM}?layout=inline`, "?utm_campaign=a%26b%20c", "/blog/gopher-damage-costs"));
    expect(url.searchParams.get("layout")).toBe("inline");
    expect(url.searchParams.get("utm_campaign")).toBe("a&b c");
    expect(url.searchParams.get("source_page")).toBe("/blog/gopher-damage-costs");
  });

  it("omits source_page when there is no path", () => {
    expect(leadFormUrl(FORM, "?utm_source=x", "")).toBe(`${FORM}?utm_source=x`);
  });
});
