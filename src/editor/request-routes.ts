import type { IncomingMessage } from "node:http";
import { UserError } from "../errors.ts";
import { Refused } from "./refused.ts";
import { listLeads, releaseLead, type ListedLead } from "../leads/lead-list.ts";
import { doneMarks, LEAD_ID, markDone } from "../leads/lead-marks.ts";

/** A request as the editor's Requests section shows it. */
export interface RequestView {
  id: string;
  at: string;
  name: string;
  phone: string;
  town: string;
  service: string;
  message: string;
  /** The page it was sent from (its address on the site). */
  page: string;
  /** What became of it: delivered (and how), waiting, failed (and why); held (and why). */
  status: string;
  /** When the owner marked it done. */
  done?: string;
}

/** Most requests listed at once, of those waiting and of those done: the newest; older ones stay in the leads folder (`gopher-site leads`). */
const MOST_LISTED = 200;

function viewOf({ lead, status }: ListedLead, done: Map<string, string>): RequestView {
  const { name, phone, town, service, message, page } = lead.fields;
  const marked = done.get(lead.id);
  return { id: lead.id, at: lead.at, name, phone, town, service, message, page, status, ...(marked ? { done: marked } : {}) };
}

/**
 * The Requests section's routes on the editor's API: the requests `serve` took into the project's
 * leads folder (newest first), the posts held as robots', a request marked done (or not), and a
 * held one delivered after all. `jsonBody` reads a bounded body.
 */
export function requestRoutes(folder: string, jsonBody: (request: IncomingMessage, limit: number, what: string) => Promise<unknown>) {
  // One release at a time: two taps at once must not both find it unreleased and write it twice.
  let releasing: Promise<unknown> = Promise.resolve();
  const idOf = (sent: unknown): string => {
    const id = (sent as { id?: unknown } | null)?.id;
    if (typeof id !== "string" || !LEAD_ID.test(id)) throw new Refused(400, "the editor sent no request id it knows (a bug in the editor, not in your site)");
    return id;
  };
  return {
    requests: {
      method: "GET" as const,
      async run() {
        const [people, held, done] = await Promise.all([listLeads(folder), listLeads(folder, { held: true }), doneMarks(folder)]);
        return {
          folder: "leads/",
          // Those not done first: a long list of done ones never hides one still to call back.
          requests: [...people.filter((entry) => !done.has(entry.lead.id)).slice(0, MOST_LISTED), ...people.filter((entry) => done.has(entry.lead.id)).slice(0, MOST_LISTED)].map((entry) => viewOf(entry, done)),
          held: held.filter((entry) => entry.status !== "released").slice(0, MOST_LISTED).map((entry) => viewOf(entry, done)),
        };
      },
    },
    "requests/done": {
      method: "POST" as const,
      async run(request: IncomingMessage) {
        const sent = await jsonBody(request, 1024, "the mark");
        const id = idOf(sent);
        const done = (sent as { done?: unknown }).done !== false;
        if (!(await listLeads(folder)).some((entry) => entry.lead.id === id)) throw new Refused(404, "no such request in the leads folder");
        await markDone(folder, id, done);
        return { id, done };
      },
    },
    "requests/release": {
      method: "POST" as const,
      async run(request: IncomingMessage) {
        const id = idOf(await jsonBody(request, 1024, "the release"));
        const release = releasing.then(() => releaseLead(folder, id));
        releasing = release.catch(() => undefined);
        try {
          const lead = await release;
          return { id: lead.id, message: "Delivered after all: gopher-site serve sends it within a minute, or when it next starts." };
        } catch (error) {
          if (error instanceof UserError) throw new Refused(404, error.message);
          throw error;
        }
      },
    },
  };
}
