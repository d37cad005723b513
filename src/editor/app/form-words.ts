import type { ErrorSchema, RJSFSchema, UiSchema } from "@rjsf/utils";

/** "Questions" -> "Question", "Cities" -> "City", "Items" -> "Item": one entry of a list so titled. */
export function singular(title: string): string {
  if (/ies$/i.test(title)) return title.replace(/ies$/i, "y");
  if (/(ss|us)$/i.test(title) || !/s$/i.test(title)) return title;
  return title.replace(/s$/i, "");
}

/** The parts of a form's JSON schema read here. */
interface Schema { type?: unknown; title?: unknown; properties?: Record<string, Schema>; items?: Schema }

/**
 * `ui` with every list's entries labelled "Question 2", "Item 1" (from the list's title) instead of
 * react-jsonschema-form's "Questions-2", at any depth.
 */
export function withItemTitles(form: RJSFSchema, ui: UiSchema = {}): UiSchema {
  const schema = form as Schema;
  const out: UiSchema = { ...ui };
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const inner = withItemTitles(property as RJSFSchema, (ui[key] ?? {}) as UiSchema);
    if (Object.keys(inner).length > 0) out[key] = inner;
  }
  const items = schema.items;
  if (schema.type === "array" && items && typeof items === "object" && !Array.isArray(items) && typeof ui.items !== "function") {
    const name = singular(typeof schema.title === "string" ? schema.title : "Items");
    const itemUi = withItemTitles(items as RJSFSchema, (ui.items ?? {}) as UiSchema);
    out.items = (_item: unknown, index: number) => ({ ...itemUi, "ui:title": `${name} ${index + 1}` });
  }
  return out;
}

/** The words of the form's fields for a dotted path (`phone.display` -> "Phone › Display", `cities.4.nearby` -> "City 5 › Nearby"). */
export function fieldWords(form: RJSFSchema, dotted: string): string | undefined {
  const words: string[] = [];
  let node: Schema | undefined = form as Schema;
  for (const part of dotted.split(".")) {
    if (/^\d+$/.test(part) && node?.type === "array") {
      words.push(`${singular(words.pop() ?? "Item")} ${Number(part) + 1}`);
      node = node.items;
      continue;
    }
    node = node?.properties?.[part];
    if (!node) return undefined;
    words.push(typeof node.title === "string" ? node.title : part);
  }
  return words.join(" › ");
}

const KINDS: Record<string, string> = { string: "a text", number: "a number", int: "a whole number", boolean: "yes or no", array: "a list", object: "a group of fields" };

/** A build's message under a field, in the owner's words: no type names, no dotted keys. */
export function ownerWords(message: string, schema: RJSFSchema): string {
  const required = /^is required \(expected (\w+)\)$/.exec(message);
  if (required) return required[1] === "array" ? "Required: add at least one." : "Required: fill this in.";
  const wrongKind = /^expected (\w+), got (.*)$/.exec(message);
  if (wrongKind && KINDS[wrongKind[1]!]) return `This should be ${KINDS[wrongKind[1]!]}, not ${wrongKind[2]}.`;
  // Another field named in the message (`but phone.display shows …`) is named by its label.
  return message.replace(/\b[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+\b/g, (dotted) => {
    const words = fieldWords(schema, dotted);
    return words ? `“${words}”` : dotted;
  });
}

/** `errors` with every message in the owner's words. */
export function inOwnerWords(errors: ErrorSchema | undefined, schema: RJSFSchema): ErrorSchema | undefined {
  if (!errors) return errors;
  const visit = (node: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === "__errors" ? (value as string[]).map((message) => ownerWords(message, schema)) : visit(value as Record<string, unknown>)]));
  return visit(errors as Record<string, unknown>) as ErrorSchema;
}
