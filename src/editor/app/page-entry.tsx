import { useMemo, useState } from "react";
import { diffOps, type EditOp } from "../../yaml-edit/edit-ops.ts";
import type { EditedFile, JsonSchema } from "./api.ts";
import { runSave, StatusBar, type SaveStatus } from "./file-form.tsx";
import { formSchema, problemErrors } from "./form-schema.ts";
import { SchemaForm } from "./schema-form.tsx";

interface PageEntryProps {
  /** site.yaml's list: `services` or `pages`. */
  list: "services" | "pages";
  index: number;
  site: EditedFile;
  siteSchema: JsonSchema;
  onSaved(files: Record<string, EditedFile | null>): void;
}

/**
 * A service's or own page's entry in site.yaml: its address and an own page's menu place. Its id
 * names its copy files, so it is shown and not changed here (a new name is a new service: Add).
 */
export function PageEntry({ list, index, site, siteSchema, onSaved }: PageEntryProps) {
  const original = ((site.data as Record<string, unknown[]>)[list] ?? [])[index] as Record<string, unknown>;
  const [data, setData] = useState<unknown>(original);
  const [status, setStatus] = useState<SaveStatus>();
  const [saving, setSaving] = useState(false);
  const schema = useMemo(() => formSchema(((siteSchema.properties as Record<string, JsonSchema>)[list]!.items ?? {}) as JsonSchema), [siteSchema, list]);
  const errors = useMemo(() => problemErrors(status?.problems ?? [], "site.yaml", [list, index]), [status, list, index]);
  const ops: EditOp[] = diffOps(original, data).map((op) => ({ ...op, path: [list, index, ...op.path] }));
  const submit = async () => {
    setSaving(true);
    const files = await runSave([{ file: "site.yaml", version: site.version, ops }], setStatus).finally(() => setSaving(false));
    if (files) onSaved(files);
  };
  return (
    <section className="file-form" aria-label="Its entry in site.yaml" data-file="site.yaml">
      <header className="file-form-header">
        <h3>Its address</h3>
        <code className="file-name">site.yaml</code>
        <button type="button" className="save" disabled={saving || ops.length === 0} onClick={submit}>Save</button>
      </header>
      <StatusBar status={status} saving={saving} />
      <SchemaForm id={`site_yaml_${list}_${index}`} schema={schema} uiSchema={{ id: { "ui:readonly": true } }} data={data} errors={errors} onChange={setData} />
    </section>
  );
}
