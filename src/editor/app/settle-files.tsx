import { useState } from "react";
import { api, type MarkedFile } from "./api.ts";
import { ClashChoice } from "./clash-choice.tsx";
import type { ClashChoices } from "./versions-api.ts";

const WORDS = {
  title: "Two versions of the same values: choose which to keep",
  intro: "Versions published elsewhere were being taken in, and they changed the same values as yours. For each, choose which to keep; everything else of both is kept. Then the editor opens.",
  action: "Keep these and go on",
  busy: "Saving…",
};

/**
 * The editor's first screen while a site file has git's conflict markers (left by a pull or a
 * rebase in a terminal): each clashing value as Yours and Published instead of a file it cannot
 * read. The choices are saved, the git operation goes on, and the editor opens (or shows the next clash).
 */
export function SettleFiles({ marked }: { marked: MarkedFile[] }) {
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();
  const [done, setDone] = useState<string>();
  const settle = async (choices: ClashChoices) => {
    setBusy(true);
    const files = marked.map(({ file, version }) => ({ file, version, choices: choices[file] ?? {} }));
    const { status, body } = await api<{ message?: string; error?: string }>("settle", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ files }) }).catch(
      (error: Error) => ({ status: 0, body: { error: `the editor server did not answer (${error.message})` } as { message?: string; error?: string } }),
    );
    if (status === 200) {
      setDone(body.message ?? "Saved.");
      return;
    }
    setBusy(false);
    setRefused(body.error ?? `the editor server answered ${status}`);
  };
  if (done) {
    return (
      <main className="pane settle">
        <p className="status saved" role="status">{done}</p>
        <button type="button" className="save" onClick={() => location.reload()}>Open the editor</button>
      </main>
    );
  }
  return (
    <main className="pane settle">
      <ClashChoice clash={marked.map(({ file, fields }) => ({ file, fields }))} busy={busy} words={WORDS} onChosen={(choices) => void settle(choices)} />
      {refused && <p className="status problems" role="alert">{refused}</p>}
    </main>
  );
}
