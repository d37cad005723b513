import type { RJSFSchema, ValidatorType } from "@rjsf/utils";
import { createPrecompiledValidator } from "@rjsf/validator-ajv8";
import { useEffect, useState } from "react";
import { api } from "./api.ts";

/**
 * A form's validator, compiled by the editor server (src/editor/form-validators.ts): this page may
 * not compile code itself. By the schema's text: a form shown again has its validator at once.
 */
const ready = new Map<string, ValidatorType>();
const loading = new Map<string, Promise<ValidatorType>>();

async function load(schema: RJSFSchema, text: string): Promise<ValidatorType> {
  const { status, body } = await api<{ module?: string; error?: string }>("validator", { method: "POST", headers: { "content-type": "application/json" }, body: text });
  if (status !== 200 || !body.module) throw new Error(body.error ?? `the editor server answered ${status}`);
  // A module of this origin, which the page's Content-Security-Policy allows.
  const compiled = (await import(new URL(body.module, location.href).href)) as { default: Parameters<typeof createPrecompiledValidator>[0] };
  const validator = createPrecompiledValidator(compiled.default, schema);
  ready.set(text, validator);
  return validator;
}

export type ValidatorState = { validator: ValidatorType } | { error: string } | undefined;

/** The schema's validator once it is here; an error when it could not be had. */
export function useValidator(schema: RJSFSchema): ValidatorState {
  const text = JSON.stringify(schema);
  const known = ready.get(text);
  const [state, setState] = useState<{ text: string; value: ValidatorState }>();
  useEffect(() => {
    if (ready.has(text)) return;
    let current = true;
    let pending = loading.get(text);
    if (!pending) {
      pending = load(schema, text).finally(() => loading.delete(text));
      loading.set(text, pending);
    }
    pending.then(
      (validator) => current && setState({ text, value: { validator } }),
      (error: Error) => current && setState({ text, value: { error: error.message } }),
    );
    return () => {
      current = false;
    };
    // The text stands for the schema: a new object with the same schema is the same form.
  }, [text]);
  if (known) return { validator: known };
  return state?.text === text ? state.value : undefined;
}
