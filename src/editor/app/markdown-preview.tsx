import { useEffect, useState, type MouseEvent } from "react";
import { api, problemLine, type Problem } from "./api.ts";

interface Preview {
  html: string;
  problems: Problem[];
  /** The server's answer when it could not make a preview. */
  error?: string;
}

/** How long typing pauses before the text is sent for its preview. */
const PAUSE_MS = 150;

/**
 * A markdown text as its page will show it, converted by the editor's server with the build's own
 * pipeline and facts: raw HTML in the text is reported as the build reports it, never inserted.
 */
export function MarkdownPreview({ file, body, language, onPreview }: { file: string; body: string; language: string; onPreview(path: string): void }) {
  const [preview, setPreview] = useState<Preview>();
  useEffect(() => {
    let current = true;
    const timer = setTimeout(async () => {
      const shown: Preview = await api<Preview>("preview", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ file, body }) }).then(
        ({ status, body: answer }) => (status === 200 ? answer : { html: "", problems: [], error: answer.error ?? `the editor server answered ${status}` }),
        () => ({ html: "", problems: [], error: "The editor server did not answer: is gopher-site edit still running?" }),
      );
      if (current) setPreview(shown);
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [file, body]);

  // A link followed in here would leave the editor and its unsaved text: the site's own pages open in
  // the site preview, other addresses in a new tab.
  const follow = (event: MouseEvent) => {
    const link = (event.target as Element).closest("a[href]");
    if (!link) return;
    event.preventDefault();
    const href = link.getAttribute("href")!;
    if (href.startsWith("/")) onPreview(href);
    else if (!href.startsWith("#")) window.open(href, "_blank", "noopener,noreferrer");
  };
  const label = `Text preview (${language})`;
  if (preview && (preview.error || preview.problems.length > 0)) {
    return (
      <div className="markdown-preview problems" aria-label={label} role="alert">
        <p>{preview.error ?? "The site would not build with this text:"}</p>
        <ul>{preview.problems.map((problem, i) => <li key={i}><code>{problemLine(problem)}</code></li>)}</ul>
      </div>
    );
  }
  // The build's HTML, which refuses raw HTML and unsafe links and escapes every fact: what the page publishes.
  return <div className="markdown-preview" aria-label={label} aria-busy={!preview} onClick={follow} dangerouslySetInnerHTML={{ __html: preview?.html ?? "" }} />;
}
