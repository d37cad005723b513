import { memo } from "react";

interface Listed {
  key: string;
  town: { name: string; slug: string; nearby?: string[] };
}

interface TownListProps {
  list: Listed[];
  selected: number;
  /** Whether ↑, ↓ and ✕ are off (a kept draft offered, a save being checked): a town is still picked to be read. */
  locked: boolean;
  /** The town whose ✕ was pressed: asked about before it goes. */
  removing: number | undefined;
  /** Positions of towns the last Save's problems name. */
  withProblems: ReadonlySet<number>;
  onSelect(index: number): void;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
  onAskRemove(index: number | undefined): void;
}

/** The names of the towns other than `slug` that list it as nearby. */
export function listingAsNearby(list: readonly Listed[], slug: string): string[] {
  return list.filter((entry) => entry.town.slug !== slug && entry.town.nearby?.includes(slug)).map((entry) => entry.town.name);
}

/**
 * The towns in their order, each with up, down and ✕. ✕ asks first, naming the towns that list the
 * town as nearby (it is taken out of their lists too); a town left with fewer than 3 nearby towns,
 * or named by the last Save's problems, is marked so the owner finds it.
 */
export const TownList = memo(function TownList({ list, selected, locked, removing, withProblems, onSelect, onMove, onRemove, onAskRemove }: TownListProps) {
  return (
    <ol className="town-list" aria-label="Towns">
      {list.map((entry, index) => {
        const fewNearby = (entry.town.nearby?.length ?? 0) < 3;
        const mark = withProblems.has(index) ? "has a problem" : fewNearby ? "needs nearby towns" : undefined;
        const listers = removing === index ? listingAsNearby(list, entry.town.slug) : [];
        return (
          <li key={entry.key} className={index === selected ? "selected" : undefined}>
            <div className="town-row">
              <button type="button" className="town-name" aria-current={index === selected} onClick={() => onSelect(index)}>
                {entry.town.name || "(new town)"}
                {mark && <span className="town-mark"> ⚠ {mark}</span>}
              </button>
              <button type="button" aria-label={`Move ${entry.town.name} up`} disabled={locked} onClick={() => onMove(index, index - 1)}>↑</button>
              <button type="button" aria-label={`Move ${entry.town.name} down`} disabled={locked} onClick={() => onMove(index, index + 1)}>↓</button>
              <button type="button" aria-label={`Remove ${entry.town.name}`} disabled={locked} onClick={() => onAskRemove(index)}>✕</button>
            </div>
            {removing === index && (
              <div className="confirm" role="group" aria-label={`Remove ${entry.town.name}?`}>
                <p>
                  Remove {entry.town.name} and its page?
                  {listers.length > 0 && ` ${listers.join(", ")} ${listers.length === 1 ? "lists" : "list"} it as nearby: it is taken out of ${listers.length === 1 ? "that list" : "their lists"} too.`}
                  {" "}Nothing is saved until Save towns.
                </p>
                <button type="button" className="save" disabled={locked} onClick={() => onRemove(index)}>Yes, remove {entry.town.name}</button>{" "}
                <button type="button" onClick={() => onAskRemove(undefined)}>Keep it</button>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
});
