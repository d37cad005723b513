import { useState } from "react";
import type { EditedFile } from "./api.ts";
import { runSave, StatusBar, type SaveStatus } from "./file-form.tsx";

interface StartTranslationProps {
  /** The translation to write, content/<code>/<name>. */
  file: string;
  language: string;
  /** The default language's file, whose values the translation starts from. */
  original: EditedFile;
  onSaved(files: Record<string, EditedFile>): void;
}

/**
 * A copy file not translated yet: "Start the es version" writes the default language's values as
 * the translation's first draft, to write over in its form (saved only when the site builds with it).
 */
export function StartTranslation({ file, language, original, onSaved }: StartTranslationProps) {
  const [status, setStatus] = useState<SaveStatus>();
  const [saving, setSaving] = useState(false);
  const start = async () => {
    setSaving(true);
    const files = await runSave([{ file, create: original.data as Record<string, unknown> }], setStatus).finally(() => setSaving(false));
    if (files) onSaved(files);
  };
  return (
    <>
      <button type="button" disabled={saving} onClick={start}>Start the {language} version from this text</button>
      <StatusBar status={status} saving={saving} />
    </>
  );
}
