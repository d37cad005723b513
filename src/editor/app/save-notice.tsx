import { useEffect, useState } from "react";
import { LeftToDo } from "./left-to-do.tsx";
import { onSaveNews, type SaveNews } from "./save-news.ts";
import { afterSave } from "./online.ts";

/**
 * The header's word on the last save: "Saved …" (with what it left to do), or why it was not, with a
 * way to the form's list. It is about the last save only: the owner's next edit or another section
 * clears it.
 */
export function SaveNotice({ section }: { section: string }) {
  const [news, setNews] = useState<SaveNews>();
  useEffect(() => onSaveNews(setNews), []);
  useEffect(() => setNews(undefined), [section]);
  useEffect(() => {
    if (!news) return;
    const clear = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("main")) setNews(undefined);
    };
    addEventListener("input", clear, true);
    return () => removeEventListener("input", clear, true);
  }, [news]);

  const failed = news && "failed" in news ? news.failed : undefined;
  const saved = news && "saved" in news ? news : undefined;
  return (
    <>
      <p className={failed ? "notice failed" : "notice"} role="status">
        {failed && (
          <>
            {failed}{" "}
            <button type="button" className="link" onClick={() => document.querySelector("main .status.problems, main .status.conflict, main .status")?.scrollIntoView({ block: "center" })}>Show what is wrong</button>
          </>
        )}
        {saved && `Saved ${saved.saved.join(", ")}. ${afterSave()}`}
      </p>
      {saved && saved.leftToDo.length > 0 && <LeftToDo lines={saved.leftToDo} />}
    </>
  );
}
