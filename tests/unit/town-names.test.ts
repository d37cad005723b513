import { describe, expect, it } from "vitest";
import { townName, townNameKey } from "../../src/config/town-names.ts";
import { placesOfZip } from "../../src/init/places.ts";
import { findTowns } from "../../src/editor/gazetteer.ts";

describe("townName", () => {
  it("writes the ZIP list's names as people do", () => {
    const written = {
      "Coeur D Alene": "Coeur d'Alene",
      "COEUR D ALENE": "Coeur d'Alene",
      Mccall: "McCall",
      "Mc Graw": "McGraw",
      "Fort Mc Coy": "Fort McCoy",
      "Saint Maries": "St. Maries",
      "Sainte Genevieve": "Ste. Genevieve",
      "De Pere": "De Pere",
      "O Fallon": "O'Fallon",
      "Port O Connor": "Port O'Connor",
      "D Lo": "D'Lo",
      "Bois D Arc": "Bois d'Arc",
      "Lake Of The Woods": "Lake of the Woods",
      "The Plains": "The Plains",
      "Howey In The Hills": "Howey in the Hills",
      "Land O Lakes": "Land O' Lakes",
      Dekalb: "DeKalb",
      "winston-salem": "Winston-Salem",
      "Post Falls": "Post Falls",
    };
    for (const [listed, people] of Object.entries(written)) expect(townName(listed), listed).toBe(people);
  });

  it("has one key for every spelling of a town", () => {
    expect(townNameKey("St. Maries")).toBe(townNameKey("Saint Maries"));
    expect(townNameKey("Coeur d'Alene")).toBe(townNameKey("Coeur D Alene"));
    expect(townNameKey("McGraw")).toBe(townNameKey("Mc Graw"));
    expect(townNameKey("Stanton")).toBe("stanton");
  });
});

describe("the offline lookup near a state line", () => {
  it("gives 83854 (Post Falls, ID) its nearest towns in both states, each with its own state and written as people do", async () => {
    const places = (await placesOfZip("83854"))!;
    expect(places.base).toMatchObject({ name: "Post Falls", region: "ID" });
    expect(places.nearby).toContainEqual(expect.objectContaining({ name: "Liberty Lake", region: "WA" }));
    expect(places.nearby).toContainEqual(expect.objectContaining({ name: "Coeur d'Alene", region: "ID" }));
    expect(places.nearby.filter((town) => town.region === "WA").length).toBeGreaterThan(0);
  });

  it("finds a town across the line and the owner's own spelling in the editor", () => {
    expect(findTowns("Liberty Lake", "ID")).toEqual([expect.objectContaining({ name: "Liberty Lake", state: "WA", zip: "99019" })]);
    expect(findTowns("coeur d alene", "ID")[0]).toMatchObject({ name: "Coeur d'Alene", slug: "coeur-d-alene", state: "ID" });
    expect(findTowns("St. Maries, ID", "WA")[0]).toMatchObject({ name: "St. Maries", state: "ID" });
    expect(findTowns("Saint Maries", "ID")[0]).toMatchObject({ name: "Saint Maries", state: "ID" });
    expect(findTowns("Post<>Falls", "ID")[0]).toMatchObject({ name: "Post Falls", state: "ID" });
    expect(findTowns("83814", "WA")[0]).toMatchObject({ name: "Coeur d'Alene", state: "ID" });
  });

  it("finds populated places as people name them, by ZIP code the place it is in, and no firm's code", () => {
    expect(findTowns("Tigard", "OR")).toEqual([{ name: "Tigard", slug: "tigard", state: "OR", zip: "97223", lat: 45.4312, lng: -122.7715 }]);
    expect(findTowns("97223", "OR")[0]).toMatchObject({ name: "Tigard", state: "OR", zip: "97223" });
    expect(findTowns("92586", "CA")[0]).toMatchObject({ name: "Sun City", state: "CA", zip: "92586" });
    expect(findTowns("North Kansas City", "MO")[0]).toMatchObject({ name: "North Kansas City", state: "MO" });
    expect(findTowns("Kansas City", "KS").map((town) => town.state)).toEqual(["KS", "MO"]);
    expect(findTowns("Gen Electric", "OR")).toEqual([]);
  });
});
