import { useEffect, useRef, useState } from "react";
import { siteVersions, undoVersion, type Answer, type Version } from "./versions-api.ts";

/** What an undo said, beside the version it was asked of. */
type Said = { id: string; ok: boolean; message: string; problems: string[] };

/**
 * The site's versions, newest first, as `gopher-site history` lists them, each with "Undo this
 * change": asked once more, naming the change, then reverted as a new version after the whole
 * site is built with it (refused, with nothing changed, as `gopher-site undo` refuses).
 */
export function History({ onUndone }: { onUndone(): void }) {
  const [versions, setVersions] = useState<Answer<{ versions: Version[] }>>();
  const [asking, setAsking] = useState<string>();
  const [undoing, setUndoing] = useState(false);
  const [said, setSaid] = useState<Said>();
  const top = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void siteVersions().then(setVersions);
  }, []);

  const undo = async (version: Version) => {
    setUndoing(true);
    const answer = await undoVersion(version.id).finally(() => setUndoing(false));
    setAsking(undefined);
    if (answer.ok) {
      setSaid({ id: "", ok: true, message: answer.value.message, problems: [] });
      setVersions(await siteVersions());
      onUndone();
      top.current?.scrollIntoView({ block: "nearest" });
    } else setSaid({ id: version.id, ok: false, message: answer.message, problems: answer.problems });
  };

  if (!versions) return <p>Reading the site's versions…</p>;
  if (!versions.ok) return <p className="status problems" role="alert">{versions.message}</p>;
  return (
    <div className="history" ref={top}>
      <h2>Versions of the site</h2>
      {said?.ok && <p className="status saved" role="status">{said.message}</p>}
      {versions.value.versions.length === 0 && <p>No versions yet: Publish saves the first.</p>}
      <ol className="versions">
        {versions.value.versions.map((version, index) => (
          <li key={version.id} aria-label={version.words}>
            <p className="version-words">{version.words}</p>
            <p className="version-line">
              <code>{version.id}</code> {version.date}
              {version.notPushed && <span className="not-pushed">not pushed yet</span>}
            </p>
            {/* The first version is the whole site: undoing it would take everything away. */}
            {index < versions.value.versions.length - 1 && asking !== version.id && (
              <button type="button" onClick={() => { setSaid(undefined); setAsking(version.id); }}>Undo this change</button>
            )}
            {asking === version.id && (
              <div className="confirm" role="group" aria-label={`Undo "${version.words}"?`}>
                <p>Undo “{version.words}” ({version.id})? A new version takes that change back; the site is checked first, and nothing changes if it would not build.</p>
                <button type="button" className="save" disabled={undoing} onClick={() => void undo(version)}>{undoing ? "Checking the site…" : "Yes, undo it"}</button>{" "}
                <button type="button" disabled={undoing} onClick={() => setAsking(undefined)}>Keep it</button>
              </div>
            )}
            {said && !said.ok && said.id === version.id && (
              <div className="status problems" role="alert">
                <p>{said.message}</p>
                {said.problems.length > 0 && <ul>{said.problems.map((line) => <li key={line}><code>{line}</code></li>)}</ul>}
              </div>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
