import { useMemo } from "react";
import type { EditedFile, JsonSchema } from "./api.ts";
import { FileForm } from "./file-form.tsx";
import { formSchema } from "./form-schema.ts";
import { StartTranslation } from "./start-translation.tsx";

interface CopyFormsProps {
  /** The copy file under content/ (`faq.yaml`, `services/inspection.yaml`). */
  name: string;
  title: string;
  /** One file for every language (the customers' own words are shown as written): no translations beside it. */
  shared?: boolean;
  files: Record<string, EditedFile>;
  /** The copy files' schemas, by name. */
  schemas: Record<string, JsonSchema>;
  /** The other languages' codes. */
  languages: string[];
  onSaved(files: Record<string, EditedFile>): void;
}

/** A copy file's form with each other language's version beside it, or the offer to start that version. */
export function CopyForms({ name, title, shared = false, files, schemas, languages, onSaved }: CopyFormsProps) {
  const schema = useMemo(() => formSchema(schemas[name]!), [schemas, name]);
  return (
    <div className="languages">
      <FileForm file={`content/${name}`} title={title} schema={schema} initial={files[`content/${name}`]!} onSaved={onSaved} />
      {!shared && languages.map((code) => {
        const file = `content/${code}/${name}`;
        const translated = files[file];
        return translated ? (
          <FileForm key={file} file={file} title={`${title} (${code})`} schema={schema} initial={translated} onSaved={onSaved} />
        ) : (
          <div key={file}>
            <p className="untranslated">Not translated into {code} yet: content/{code}/{name} does not exist.</p>
            <StartTranslation file={file} language={code} original={files[`content/${name}`]!} onSaved={onSaved} />
          </div>
        );
      })}
    </div>
  );
}
