import { loadState } from "./api.ts";
import { loadSectionCode, sectionOf, SITE_PART_SECTIONS } from "./section-code.ts";
import "./editor.css";

// The editor's first load, all asked for at once: the state, the first section's code, and the
// header with React (editor.tsx), which the page preloads beside this small module (src/editor/editor-app.ts).
const first = sectionOf(location.hash);
// Only the state's first part when the first section needs no more: the rest comes after it showed.
const state = loadState(SITE_PART_SECTIONS.includes(first) ? "site" : undefined);
// Its failure is shown by showEditor, once React is here.
state.catch(() => {});
loadSectionCode(first);
import("./editor.tsx").then(
  ({ showEditor }) => showEditor(state),
  (error: Error) => {
    const alert = Object.assign(document.createElement("p"), { role: "alert", textContent: `The editor could not load: ${error.message}. Reload the page to try again.` });
    document.getElementById("editor")!.replaceChildren(alert);
  },
);
