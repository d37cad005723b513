import { useMemo } from "react";
import type { EditedFile, JsonSchema } from "./api.ts";
import { FileForm } from "./file-form.tsx";
import { formSchema } from "./form-schema.ts";
import type { SiteLanguage } from "./site-paths.ts";

/** language.yaml's list of page types as boxes to tick: each type once, in the schema's order. */
const UI = {
  untranslated: { "ui:widget": "checkboxes" },
  companyDescription: { "ui:widget": "textarea" },
};

/** Each other language's content/<code>/language.yaml: what it leaves untranslated, its addresses, its words for facts. */
export function LanguageSettings({ files, schema, languages, onSaved }: {
  files: Record<string, EditedFile>;
  schema: JsonSchema;
  languages: SiteLanguage[];
  onSaved(files: Record<string, EditedFile>): void;
}) {
  const form = useMemo(() => {
    const copy = structuredClone(schema);
    // Ticked boxes are a set: rjsf shows checkboxes for an array of unique allowed values.
    ((copy.properties as Record<string, JsonSchema>).untranslated as JsonSchema).uniqueItems = true;
    return formSchema(copy);
  }, [schema]);
  const [first, ...others] = languages;
  return (
    <div className="language-settings">
      <p className="help">
        {first!.name} is the default language: its addresses come from site.yaml (cityPath, services) and it has no language.yaml.
        {others.length === 0 && " The site has no other language (site.yaml's languages)."}
      </p>
      {others.map((language) => {
        const file = `${language.folder}language.yaml`;
        return files[file] ? (
          <FileForm key={file} file={file} title={`${language.name} (${language.code})`} schema={form} uiSchema={UI} initial={files[file]!} onSaved={onSaved} />
        ) : (
          <p key={file} className="untranslated">{file} does not exist: the build needs it for {language.name} (its addresses and what it leaves untranslated).</p>
        );
      })}
    </div>
  );
}
