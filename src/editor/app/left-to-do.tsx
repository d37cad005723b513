/**
 * What a save left to do, under its "Saved": the site builds and is saved, but each of these is a
 * warning of the build (a page left in the default language until translated), and `check --strict`
 * fails on warnings. Said when it is made, not found later by a failing check.
 */
export function LeftToDo({ lines }: { lines: string[] }) {
  return (
    <div className="left-to-do" role="status">
      <p>
        Saved, with {lines.length === 1 ? "one thing" : `${lines.length} things`} left to do: the site builds, but <code>gopher-site check --strict</code> fails
        until {lines.length === 1 ? "it is" : "they are"} done.
      </p>
      <ul>{lines.map((line) => <li key={line}><code>{line}</code></li>)}</ul>
    </div>
  );
}
