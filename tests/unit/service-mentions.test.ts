import { describe, expect, it } from "vitest";
import { serviceMentions } from "../../src/editor/app/service-mentions.ts";

// A service removed in the editor takes its id out of what names it, in the same save.
describe("a service's mentions", () => {
  const site = {
    licenses: [
      { label: "State Contractor License", shownOn: ["footer", "heat-pumps", "about", "heat-pumps"] },
      { label: "City Business License", shownOn: ["legal"] },
      { label: "Idaho License", shownOn: ["heat-pumps"] },
    ],
  };
  const testimonials = { items: [{ name: "Jim R.", service: "heat-pumps" }, { name: "Ann B." }, { name: "Tom S.", service: "furnace-repair" }, { name: "Kay P.", service: "heat-pumps" }] };

  it("are each licence's shownOn places, last first, and each quote's service, named for the confirmation", () => {
    expect(serviceMentions(site, testimonials, "heat-pumps")).toEqual({
      siteOps: [
        { op: "delete", path: ["licenses", 0, "shownOn", 3] },
        { op: "delete", path: ["licenses", 0, "shownOn", 1] },
        { op: "delete", path: ["licenses", 2, "shownOn", 0] },
      ],
      testimonialOps: [
        { op: "delete", path: ["items", 0, "service"] },
        { op: "delete", path: ["items", 3, "service"] },
      ],
      licenses: ["State Contractor License", "Idaho License"],
      quotes: ["Jim R.", "Kay P."],
    });
  });

  it("are none for a service nothing names, and for files that are not lists yet", () => {
    expect(serviceMentions(site, testimonials, "duct-cleaning")).toEqual({ siteOps: [], testimonialOps: [], licenses: [], quotes: [] });
    expect(serviceMentions({ licenses: "oops" }, undefined, "heat-pumps")).toEqual({ siteOps: [], testimonialOps: [], licenses: [], quotes: [] });
  });
});
