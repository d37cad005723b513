import { useState } from "react";
import type { ClashChoices, FileClash } from "./versions-api.ts";

interface ClashChoiceProps {
  clash: FileClash[];
  /** A choice on its way to the server: the button waits. */
  busy: boolean;
  /** The heading, the sentence under it, the button and what it says while busy. */
  words?: { title: string; intro: string; action: string; busy: string };
  onChosen(choices: ClashChoices): void;
  /** A field in the form's words; its key path when the form does not know it. */
  fieldLabel?(file: string, field: string): string | undefined;
}

const AT_PUBLISH = {
  title: "Someone else published a change to the same values meanwhile",
  intro: "Nothing was published yet; your change is kept. For each, choose which to keep. Everything else you and they changed is kept.",
  action: "Publish with these choices",
  busy: "Checking the site and publishing…",
};

/**
 * A publish stopped because someone else published a change to the same values: each value as
 * "Yours" and "Published", the owner picks one of each, and publishes with the picks (everything
 * else both changed is kept). No conflict markers, no terminal.
 */
export function ClashChoice({ clash, busy, words = AT_PUBLISH, onChosen, fieldLabel }: ClashChoiceProps) {
  const [choices, setChoices] = useState<ClashChoices>({});
  const total = clash.reduce((sum, file) => sum + file.fields.length, 0);
  const chosen = Object.values(choices).reduce((sum, fields) => sum + Object.keys(fields).length, 0);
  const choose = (file: string, field: string, pick: "yours" | "published") => setChoices((before) => ({ ...before, [file]: { ...before[file], [field]: pick } }));
  return (
    <form className="clash" aria-labelledby="clash-title" onSubmit={(event) => { event.preventDefault(); onChosen(choices); }}>
      <h3 id="clash-title">{words.title}</h3>
      <p>{words.intro}</p>
      {clash.map(({ file, fields }) =>
        fields.map(({ field, yours, published }) => {
          const name = `clash-${file}-${field}`;
          return (
            <fieldset key={name}>
              <legend>{file} › {fieldLabel?.(file, field) ?? field.split(".").join(" › ")}</legend>
              <label className="choice">
                <input type="radio" name={name} checked={choices[file]?.[field] === "yours"} onChange={() => choose(file, field, "yours")} />
                <span>Yours: <ValueText value={yours} /></span>
              </label>
              <label className="choice">
                <input type="radio" name={name} checked={choices[file]?.[field] === "published"} onChange={() => choose(file, field, "published")} />
                <span>Published: <ValueText value={published} /></span>
              </label>
            </fieldset>
          );
        }),
      )}
      <button type="submit" className="save" disabled={busy || chosen < total}>
        {busy ? words.busy : words.action}
      </button>
    </form>
  );
}

/** A value as the owner reads it: a text as it is, a list or a group of fields as its lines. */
function ValueText({ value }: { value: unknown }) {
  if (value === undefined) return <em>(removed)</em>;
  if (typeof value === "string") return <strong className="value">{value}</strong>;
  if (value === null || typeof value !== "object") return <strong className="value">{String(value)}</strong>;
  return <pre className="value">{JSON.stringify(value, null, 2)}</pre>;
}
