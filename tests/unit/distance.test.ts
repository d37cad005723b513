import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM, haversineKm, sortByDistance } from "../../src/routes/distance.ts";

describe("haversine distance", () => {
  it("uses R = 6371 km", () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // A quarter of the equator is exactly pi/2 * R.
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo((Math.PI / 2) * 6371, 6);
  });

  it("measures Temecula to Riverside at about 54 km", () => {
    const km = haversineKm({ lat: 33.4936, lng: -117.1484 }, { lat: 33.9533, lng: -117.3962 });
    expect(km).toBeGreaterThan(55);
    expect(km).toBeLessThan(57);
  });

  it("is zero for the same point and symmetric", () => {
    const a = { lat: 33.49, lng: -117.15 };
    const b = { lat: 34.05, lng: -117.18 };
    expect(haversineKm(a, a)).toBe(0);
    expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
  });

  it("sorts nearest first and keeps the input order on ties", () => {
    const from = { lat: 0, lng: 0 };
    const sorted = sortByDistance(
      [
        { name: "far", lat: 0, lng: 3 },
        { name: "tie-1", lat: 0, lng: 1 },
        { name: "near", lat: 0, lng: 0.5 },
        { name: "tie-2", lat: 0, lng: -1 },
      ],
      from,
    );
    expect(sorted.map((item) => item.name)).toEqual(["near", "tie-1", "tie-2", "far"]);
  });
});
