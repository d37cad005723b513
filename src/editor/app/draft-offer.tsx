import { draftTime, type Draft } from "./drafts.ts";

/**
 * Above a form that has a draft kept from an earlier visit (drafts.ts): when it was typed, and
 * whether the file was saved since (the changes are then made again on the saved file).
 */
export function DraftOffer({ draft, version, note, onRestore, onDiscard }: { draft: Draft<unknown>; version: string; note?: string; onRestore(): void; onDiscard(): void }) {
  const since = note ? ` ${note}` : draft.version !== version ? " The file was saved since: restored, they are made again on it; check them before you Save." : "";
  return (
    <div className="draft-offer" role="alert">
      <p>You typed changes here {draftTime(draft.at)} that were not saved.{since} The form below waits for your choice.</p>
      <div className="draft-offer-actions">
        <button type="button" onClick={onRestore}>Restore them</button>
        <button type="button" className="link" onClick={onDiscard}>Discard</button>
      </div>
    </div>
  );
}
