import { useEffect, useRef, useState } from "react";
import { ClashChoice } from "./clash-choice.tsx";
import { liveSite, publishSite, unpublishedChanges, type Answer, type ClashChoices, type FileClash, type LiveAnswer, type Unpublished } from "./versions-api.ts";

interface PublishControlProps {
  /** Changes after each save, publish and undo: the count is read again. */
  changes: number;
  /** Versions published meanwhile elsewhere were taken in: the site's files changed on disk. */
  onFilesChanged(): void;
  /** A field of a site file in the form's words ("Phone › Display"), for a clash's choice. */
  fieldLabel?(file: string, field: string): string | undefined;
}

type Outcome = { kind: "published"; lines: string[]; warnings: string[]; notices: string[] } | { kind: "refused"; message: string; problems: string[]; clash?: FileClash[] };

/**
 * The header's Publish button: how many saved changes are not published, and in a dialog (over
 * whatever part of the form the owner is at) what they are, in words, an optional message, and what
 * the publish did or why it was refused: the site's problems as `gopher-site check` prints them.
 */
export function PublishControl({ changes, onFilesChanged, fieldLabel }: PublishControlProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState<Answer<Unpublished>>();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const [publishing, setPublishing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const [live, setLive] = useState<LiveAnswer>();
  // The live site may take seconds to answer: only the answer to the latest question is shown.
  const asked = useRef(0);
  const askLive = () => {
    const question = ++asked.current;
    return liveSite().then((answer) => {
      if (question === asked.current) setLive(answer.ok ? answer.value : undefined);
    });
  };
  const refresh = () => Promise.all([unpublishedChanges().then(setPending), askLive()]);
  // While a host builds what was pushed, the live site is asked again every few seconds, the dialog open.
  useEffect(() => {
    if (!open || live?.state !== "building") return;
    const timer = setTimeout(() => void askLive(), BUILDING_POLL_MS);
    return () => clearTimeout(timer);
  }, [open, live]);
  // After a save only the count is read again (git status); the live site is asked when the dialog opens.
  useEffect(() => {
    void unpublishedChanges().then(setPending);
  }, [changes]);
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  const count = pending?.ok ? pending.value.changes.length + pending.value.versions : 0;
  const show = () => {
    setOutcome(undefined);
    setOpen(true);
    void refresh();
  };
  const run = async (choices?: ClashChoices) => {
    setPublishing(true);
    const answer = await publishSite(message, choices).finally(() => setPublishing(false));
    if (answer.ok) {
      setOutcome({ kind: "published", lines: answer.value.lines, warnings: answer.value.warnings, notices: answer.value.notices });
      setMessage("");
      if (answer.value.filesChanged) onFilesChanged();
    } else setOutcome({ kind: "refused", message: answer.message, problems: answer.problems, clash: answer.clash });
    await refresh();
  };

  return (
    <>
      <button type="button" className="publish-open" onClick={show} aria-haspopup="dialog">
        Publish{count > 0 && <span className="count">{count}<span className="visually-hidden"> not published</span></span>}
      </button>
      {open && (
        <dialog ref={dialog} className="publish" aria-labelledby="publish-title" onClose={() => setOpen(false)}>
          <div className="dialog-head">
            <h2 id="publish-title">Publish the site</h2>
            <button type="button" onClick={() => dialog.current?.close()}>Close</button>
          </div>
          {outcome?.kind === "published" && (
            <div className="status saved" role="status">
              {outcome.lines.map((line) => <p key={line}>{line}</p>)}
              {outcome.notices.length > 0 && (
                <details className="notices">
                  <summary>{outcome.notices.length === 1 ? "1 note" : `${outcome.notices.length} notes`} from the build</summary>
                  <ul>{outcome.notices.map((line) => <li key={line}>{line}</li>)}</ul>
                </details>
              )}
              {outcome.warnings.length > 0 && <ul>{outcome.warnings.map((line) => <li key={line}><code>{line}</code></li>)}</ul>}
            </div>
          )}
          {outcome?.kind === "refused" && outcome.clash && <ClashChoice clash={outcome.clash} busy={publishing} fieldLabel={fieldLabel} onChosen={(choices) => void run(choices)} />}
          {outcome?.kind === "refused" && !outcome.clash && (
            <div className="status problems" role="alert">
              <p>{outcome.message}</p>
              {outcome.problems.length > 0 && <ul>{outcome.problems.map((line) => <li key={line}><code>{line}</code></li>)}</ul>}
            </div>
          )}
          <LiveNote live={live} />
          <Pending pending={pending} />
          {pending?.ok && count > 0 && !(outcome?.kind === "refused" && outcome.clash) && (
            <form method="dialog" onSubmit={(event) => { event.preventDefault(); void run(); }}>
              <label htmlFor="publish-message">Message (optional; by default the changes in words)</label>
              <input id="publish-message" value={message} maxLength={2000} onChange={(event) => setMessage(event.target.value)} />
              <p className="help">The whole site is checked first, as gopher-site check does: nothing is published while it has a problem.</p>
              <button type="submit" className="save" disabled={publishing}>{publishing ? "Checking the site and publishing…" : "Publish now"}</button>
            </form>
          )}
        </dialog>
      )}
    </>
  );
}

/** How often the live site is asked for its version while a host builds. */
const BUILDING_POLL_MS = 5_000;

/** What is live: "Live since 10:42 — Phone number changed", or "Building…" until the host has built what was pushed. */
function LiveNote({ live }: { live: LiveAnswer | undefined }) {
  if (!live || live.state === "unknown") return null;
  const at = (iso: string | undefined) => (iso ? new Date(iso).toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" }) : undefined);
  if (live.state === "building") {
    return (
      <p className="live-state building" role="status">
        Building… the host is putting {live.message ? `“${live.message}”` : "the last version"} online; this says Live once the site has it.
      </p>
    );
  }
  const since = at(live.since);
  return (
    <p className="live-state live" role="status">
      <strong>Live{since ? ` since ${since}` : ""}</strong>
      {live.message ? ` — ${live.message}` : ""}
    </p>
  );
}

function Pending({ pending }: { pending: Answer<Unpublished> | undefined }) {
  if (!pending) return <p>Reading what changed…</p>;
  if (!pending.ok) return <p className="status problems" role="alert">{pending.message}</p>;
  const { changes, versions } = pending.value;
  if (changes.length === 0 && versions === 0) return <p>Everything saved is published.</p>;
  return (
    <>
      {changes.length > 0 && (
        <>
          <p>{changes.length === 1 ? "1 saved change is" : `${changes.length} saved changes are`} not published yet:</p>
          <ul className="changes">{changes.map((words) => <li key={words}>{words}</li>)}</ul>
        </>
      )}
      {versions > 0 && <p>{versions === 1 ? "1 version is" : `${versions} versions are`} kept on this computer, not pushed yet (History lists them).</p>}
    </>
  );
}
