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

type Compiled = { default: Parameters<typeof createPrecompiledValidator>[0] };

async function load(schema: RJSFSchema, text: string): Promise<ValidatorType> {
  const compiled = (await compiledBefore(text)) ?? (await compileNow(text));
  const validator = createPrecompiledValidator(compiled.default, schema);
  ready.set(text, validator);
  return validator;
}

/**
 * The module the server has for this schema already (compiled in this run or an earlier one), by
 * its name, a hash of the schema's text (src/editor/form-validators.ts, validatorName): a round
 * trip less than asking for a compile. Undefined when it has none, or this page cannot hash
 * (Web Crypto is for secure pages: this computer's address, or HTTPS).
 */
async function compiledBefore(text: string): Promise<Compiled | undefined> {
  if (!crypto.subtle) return undefined;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hash = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("").slice(0, 32);
  // A module of this origin, which the page's Content-Security-Policy allows.
  return import(new URL(`validators/${hash}.js`, location.href).href).then(
    (module: Compiled) => module,
    () => undefined,
  );
}

async function compileNow(text: string): Promise<Compiled> {
  const { status, body } = await api<{ module?: string; error?: string }>("validator", { method: "POST", headers: { "content-type": "application/json" }, body: text });
  if (status !== 200 || !body.module) throw new Error(body.error ?? `the editor server answered ${status}`);
  // Named apart from the address compiledBefore failed to import: a browser may keep that failure.
  return (await import(new URL(`${body.module}?compiled`, location.href).href)) as Compiled;
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
