import { describe, expect, it } from "vitest";
import type { Site } from "../../src/config/schema.ts";
import { businessProfile, profileText } from "../../src/seo/business-profile.ts";
import { loadSample } from "../helpers/sample-data.ts";

const { site } = await loadSample();
const field = (of: Site, name: string) => businessProfile(of, []).find((each) => each.name === name);

describe("the Business Profile's fields", () => {
  it("name the category in words, an acronym kept", () => {
    expect(field(site, "Business category")!.value).toEqual(["Home and construction business"]);
    expect(field({ ...site, businessType: "HVACBusiness" } as Site, "Business category")!.value).toEqual(["HVAC business"]);
  });

  it("say a service-area business's address is hidden when site.yaml gives no street", () => {
    expect(field(site, "Business location")).toMatchObject({ value: ["none: customers are served where they are (base: Winchester, CA)"] });
  });

  it("write a special span of days with its last day, and a single day alone", () => {
    const special = { ...site, specialHours: [{ date: "2026-12-24", through: "2026-12-26", closed: true as const }, { date: "2026-12-31", through: "2026-12-31", closed: true as const }] } as Site;
    expect(field(special, "Special hours")!.value).toEqual(["Thu, Dec 24, 2026 to Sat, Dec 26, 2026: Closed", "Thu, Dec 31, 2026: Closed"]);
  });

  it("line up as text to read or paste: each value under the last, a note in brackets", () => {
    expect(profileText([{ name: "Phone number", value: ["(951) 555-0142"] }, { name: "Services", value: ["Residential", "Commercial"], note: "two" }])).toBe(
      ["Phone number  (951) 555-0142", "Services      Residential", "              Commercial", "              (two)"].join("\n"),
    );
  });
});
