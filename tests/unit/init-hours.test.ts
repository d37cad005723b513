import { describe, expect, it } from "vitest";
import { parseHours } from "../../src/init/hours.ts";

describe("office hours in schema.org's short form (init --hours)", () => {
  it("reads ranges and lists of days, one or two-digit hours, and 24:00", () => {
    expect(parseHours("Mo-Fr 07:00-18:00, Sa 8:00-14:00")).toEqual({
      hours: [
        { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "07:00", closes: "18:00" },
        { days: ["Saturday"], opens: "08:00", closes: "14:00" },
      ],
    });
    expect(parseHours("Mo,We,Fr 09:00-17:30; Sa-Su 00:00-24:00")).toEqual({
      hours: [
        { days: ["Monday", "Wednesday", "Friday"], opens: "09:00", closes: "17:30" },
        { days: ["Saturday", "Sunday"], opens: "00:00", closes: "24:00" },
      ],
    });
    expect(parseHours("Sa-Mo 10:00-16:00")).toEqual({ hours: [{ days: ["Monday", "Saturday", "Sunday"], opens: "10:00", closes: "16:00" }] });
  });

  it("refuses words it cannot read, a time that is none, and a day that closes before it opens", () => {
    const form = 'must be days and hours in schema.org\'s short form, e.g. "Mo-Fr 07:00-18:00, Sa 08:00-14:00" (Mo Tu We Th Fr Sa Su)';
    expect(parseHours("weekdays 7 to 6")).toEqual({ problem: form });
    expect(parseHours("Mo-Fr 07:00-18:00, and Sundays")).toEqual({ problem: form });
    expect(parseHours("Mo 07:00-25:00")).toEqual({ problem: "Mo 07:00-25:00: a time must be hh:mm on the 24-hour clock, 00:00 to 24:00" });
    expect(parseHours("Mo 18:00-07:00")).toEqual({ problem: "Mo 18:00-07:00: closes before it opens" });
  });
});
