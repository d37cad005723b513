/**
 * What the editor's bundle has in place of markdown-to-jsx (src/editor/editor-app.ts), which the form
 * library imports to render descriptions as markdown when a form asks (`ui:enableMarkdownInDescription`,
 * which no form of the editor does) and a few of its own rare messages: those are shown as their text.
 * It is 87 KB of the page's code the editor does not use.
 */
export function Markdown({ children }: { children?: string }) {
  return <>{children}</>;
}
