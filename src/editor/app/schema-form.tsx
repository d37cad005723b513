import Form from "@rjsf/core";
import type { ErrorSchema, RJSFSchema, UiSchema } from "@rjsf/utils";
import { memo, useMemo } from "react";
import { useValidator } from "./form-validator.ts";
import { inOwnerWords, withItemTitles } from "./form-words.ts";

interface SchemaFormProps {
  id: string;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  data: unknown;
  errors?: ErrorSchema;
  /** Shown but not editable (while a save is checked: what is typed then would be neither saved nor kept). */
  readonly?: boolean;
  onChange(data: unknown): void;
}

/**
 * A form from a JSON schema (react-jsonschema-form); the server validates, with the build's own
 * checks. The form library's validator (which also picks a section's kind from its values) comes
 * compiled from the server, so the form shows once it is here, a moment the first time.
 */
export const SchemaForm = memo(function SchemaForm({ id, schema, uiSchema, data, errors, readonly, onChange }: SchemaFormProps) {
  const ui = useMemo(() => withItemTitles(schema, { "ui:submitButtonOptions": { norender: true }, ...uiSchema }), [schema, uiSchema]);
  const ownerErrors = useMemo(() => inOwnerWords(errors, schema), [errors, schema]);
  const loaded = useValidator(schema);
  if (!loaded) return <p className="loading">Loading the form…</p>;
  if ("error" in loaded) return <p role="alert">This form could not be shown: {loaded.error}. Reload the page to try again.</p>;
  const { validator } = loaded;
  return (
    <Form
      idPrefix={id}
      schema={schema}
      uiSchema={ui}
      formData={data}
      readonly={readonly}
      validator={validator}
      noHtml5Validate
      showErrorList={false}
      // A field the file leaves out stays out: by default the form would fill in a key the file does
      // not have (an empty lead form, a language with no code), and the next save would write it.
      experimental_defaultFormStateBehavior={{ emptyObjectFields: "populateRequiredDefaults" }}
      extraErrors={ownerErrors}
      onChange={(event) => onChange(event.formData)}
    />
  );
});
