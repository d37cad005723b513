import { describe, expect, it } from "vitest";
import { handWrittenFacts } from "../../src/content/hand-written-facts.ts";

const facts = { phone: "(951) 555-0142", emergencyPhone: "(951) 555-0199", address: "31250 Sample Ranch Rd, Suite 4, Winchester, CA 92596" };
const messages = (text: string, given: Record<string, string> = facts) => handWrittenFacts(text, given).map((found) => found.message);

describe("facts written by hand in copy", () => {
  it("finds site.yaml's own numbers written out, in any of the ways people write them, and names their placeholder", () => {
    expect(messages("Call (951) 555-0142 or 951.555.0199, or +1 951 555 0142.")).toEqual([
      "(951) 555-0142 is site.yaml's phone written by hand: write {phone}, so a change of number reaches it",
      "951.555.0199 is site.yaml's emergency number written by hand: write {emergencyPhone}, so a change of number reaches it",
      "+1 951 555 0142 is site.yaml's phone written by hand: write {phone}, so a change of number reaches it",
    ]);
  });

  it("finds a number that is not site.yaml's: a second, different phone on the site", () => {
    expect(messages("Text us at 909-555-0100.")).toEqual(["909-555-0100 is not site.yaml's phone ((951) 555-0142): write {phone}; a number of yours that is not there belongs in site.yaml (emergency.phone)"]);
  });

  it("finds a street address, site.yaml's or another, and one the site does not give yet", () => {
    expect(messages("Visit us at 31250 Sample Ranch Rd in Winchester.")).toEqual(["31250 Sample Ranch Rd is site.yaml's address written by hand: write {address}, so a move reaches it"]);
    expect(messages("Our office: 400 Main Street, Suite 2.")).toEqual(["400 Main Street is not site.yaml's address (31250 Sample Ranch Rd, Suite 4, Winchester, CA 92596): write {address}"]);
    expect(messages("Our office: 400 Main Street.", { phone: facts.phone })).toEqual(["400 Main Street is a street address written by hand: give it as site.yaml's base.street and write {address}"]);
  });

  it("leaves numbers that are neither alone: measures, spans, years, prices, licence numbers", () => {
    expect(messages("A 1/4 inch mesh, 18–24 inches deep; 200–300 feet a week since 2009; $295; PCB-00000; 24–48 hours; call {phone}.")).toEqual([]);
    expect(messages("Lot 12345678901 and 2 Days Later")).toEqual([]);
    // Title Case headings with a number and a word that names a street's type are no address.
    expect(messages("Over 25 Years On The Road; 3 Easy Steps To Drive Them Out; Since 1998 The Best Way")).toEqual([]);
  });

  it("takes a street written in full as its short form: 1200 Main Street is site.yaml's 1200 Main St", () => {
    expect(messages("Come by 31250 Sample Ranch Road.")).toEqual(["31250 Sample Ranch Road is site.yaml's address written by hand: write {address}, so a move reaches it"]);
  });
});
