import { describe, expect, it } from "vitest";
import { pageLocation } from "../../templates/client/analytics.ts";
import { haversineKm, nearestFirst } from "../../templates/client/distance.ts";
import { haversineKm as buildTimeHaversineKm } from "../../src/routes/distance.ts";

const TEMECULA = { lat: 33.4936, lng: -117.1484 };
const RIVERSIDE = { lat: 33.9533, lng: -117.3962 };

describe("haversineKm", () => {
  it("is zero from a point to itself", () => {
    expect(haversineKm(TEMECULA, TEMECULA)).toBe(0);
  });

  it("matches known distances with R = 6371 km", () => {
    // A quarter of a meridian: pi/2 * R.
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBeCloseTo((Math.PI / 2) * 6371, 6);
    // One degree of longitude on the equator.
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111.19, 2);
    // Temecula to Riverside, about 56 km as the crow flies.
    expect(haversineKm(TEMECULA, RIVERSIDE)).toBeCloseTo(56.4, 0);
  });

  it("is symmetric, handles antipodes, and agrees with the build-time function", () => {
    expect(haversineKm(TEMECULA, RIVERSIDE)).toBeCloseTo(haversineKm(RIVERSIDE, TEMECULA), 9);
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371, 6);
    expect(haversineKm(TEMECULA, RIVERSIDE)).toBe(buildTimeHaversineKm(TEMECULA, RIVERSIDE));
  });
});

describe("nearestFirst", () => {
  const places = [
    { name: "Temecula", ...TEMECULA },
    { name: "Riverside", ...RIVERSIDE },
    { name: "Corona", lat: 33.8753, lng: -117.5664 },
    { name: "Murrieta", lat: 33.5539, lng: -117.2139 },
  ];

  it("orders nearest first without changing its input", () => {
    const copy = [...places];
    expect(nearestFirst(places, RIVERSIDE).map((p) => p.name)).toEqual(["Riverside", "Corona", "Murrieta", "Temecula"]);
    expect(nearestFirst(places, TEMECULA).map((p) => p.name)).toEqual(["Temecula", "Murrieta", "Riverside", "Corona"]);
    expect(places).toEqual(copy);
  });

  it("keeps the given order for equal distances", () => {
    const twins = [{ name: "b", lat: 1, lng: 1 }, { name: "a", lat: 1, lng: 1 }];
    expect(nearestFirst(twins, { lat: 0, lng: 0 }).map((p) => p.name)).toEqual(["b", "a"]);
  });
});

describe("pageLocation", () => {
  it("is homepage on / and the path without its leading slash elsewhere", () => {
    expect(pageLocation("/")).toBe("homepage");
    expect(pageLocation("/temecula-gopher-control")).toBe("temecula-gopher-control");
    expect(pageLocation("/blog/gopher-damage-costs")).toBe("blog/gopher-damage-costs");
  });
});
