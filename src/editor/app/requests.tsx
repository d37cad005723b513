import { useCallback, useEffect, useState } from "react";
import type { RequestView } from "../request-routes.ts";
import { api } from "./api.ts";

interface Listing {
  folder: string;
  requests: RequestView[];
  held: RequestView[];
}

/** "Thu, Nov 26, 4:05 PM": when a request came, in the owner's clock. */
function when(at: string): string {
  return new Date(at).toLocaleString(undefined, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

/** A phone number as a link that dials it: its digits and a leading +. */
function dial(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, "")}`;
}

function RequestCard({ request, action, busy }: { request: RequestView; action: { label: string; run(): void }; busy: boolean }) {
  return (
    <li className={`request${request.done ? " request-done" : ""}`}>
      <p className="request-when">{when(request.at)}</p>
      <p className="request-name">{request.name}</p>
      {request.phone && <a className="request-phone" href={dial(request.phone)}>{request.phone}</a>}
      {(request.town || request.service) && <p className="request-what">{[request.town, request.service].filter(Boolean).join(" · ")}</p>}
      {request.message && <p className="request-message">{request.message}</p>}
      <p className="request-meta">{request.page ? `From ${request.page} · ` : ""}{request.status}</p>
      <button type="button" disabled={busy} onClick={action.run}>{action.label}</button>
    </li>
  );
}

/**
 * The Requests section: what the quote form took (gopher-site serve keeps it in the project's
 * leads/), newest first, each with a link that calls; one marked done goes under "Done"; the posts
 * held as robots' apart, each deliverable after all.
 */
export function Requests() {
  const [listing, setListing] = useState<Listing>();
  const [message, setMessage] = useState<{ text: string; refused?: boolean }>();
  // One change at a time: a second tap on "deliver it" while the first is on its way does nothing.
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const { status, body } = await api<Listing & { error?: string }>("requests").catch(() => ({ status: 0, body: { error: "the editor could not be reached" } as Listing & { error?: string } }));
    if (status === 200) setListing(body);
    else setMessage({ text: `The requests could not be read: ${body.error ?? status}`, refused: true });
  }, []);
  useEffect(() => void load(), [load]);
  const post = async (route: string, body: unknown, said: (answer: { message?: string }) => string) => {
    if (busy) return;
    setBusy(true);
    try {
      await send(route, body, said);
    } finally {
      setBusy(false);
    }
  };
  const send = async (route: string, body: unknown, said: (answer: { message?: string }) => string) => {
    const { status, body: answer } = await api<{ message?: string; error?: string }>(route, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).catch(() => ({ status: 0, body: { error: "the editor could not be reached" } as { message?: string; error?: string } }));
    setMessage(status === 200 ? { text: said(answer) } : { text: `Not done: ${answer.error ?? status}`, refused: true });
    await load();
  };
  if (!listing) return message ? <p role="alert" className="status problems">{message.text}</p> : <p className="status" role="status">Reading the requests…</p>;
  const open = listing.requests.filter((request) => !request.done);
  const done = listing.requests.filter((request) => request.done);
  const mark = (request: RequestView, to: boolean) => ({ label: to ? "Done" : "Not done", run: () => void post("requests/done", { id: request.id, done: to }, () => (to ? `${request.name}: marked done.` : `${request.name}: back in the list.`)) });
  return (
    <section className="requests" aria-label="Requests">
      <header className="file-form-header">
        <h3>Requests</h3>
        <button type="button" onClick={() => void load()}>Refresh</button>
      </header>
      <p className="help">What the quote form took, newest first (gopher-site serve keeps each one in {listing.folder}).</p>
      {message && (message.refused ? <p role="alert" className="status problems">{message.text}</p> : <p role="status" className="status saved">{message.text}</p>)}
      {open.length === 0 ? <p>{done.length > 0 ? "Nothing waiting: every request is done." : "No requests yet."}</p> : (
        <ul className="request-list">{open.map((request) => <RequestCard key={request.id} request={request} busy={busy} action={mark(request, true)} />)}</ul>
      )}
      {done.length > 0 && (
        <details className="requests-apart">
          <summary>Done ({done.length})</summary>
          <ul className="request-list">{done.map((request) => <RequestCard key={request.id} request={request} busy={busy} action={mark(request, false)} />)}</ul>
        </details>
      )}
      {listing.held.length > 0 && (
        <details className="requests-apart">
          <summary>Held as robots' ({listing.held.length})</summary>
          <p className="help">Sent in a way people rarely do (too fast, a hidden field filled in); not delivered. One from a real person can be delivered after all.</p>
          <ul className="request-list">
            {listing.held.map((request) => (
              <RequestCard key={request.id} request={request} busy={busy} action={{ label: "Not a robot: deliver it", run: () => void post("requests/release", { id: request.id }, (answer) => `${request.name}: ${answer.message ?? "delivered after all."}`) }} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
