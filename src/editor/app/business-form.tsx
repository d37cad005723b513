import type { ObjectFieldTemplateProps, UiSchema } from "@rjsf/utils";
import { useMemo, useState } from "react";
import type { EditedFile, JsonSchema } from "./api.ts";
import { FileForm } from "./file-form.tsx";
import { formSchema } from "./form-schema.ts";
import { PriceItemsField } from "./price-items.tsx";

/** Keys of site.yaml the Towns, Services and Own pages sections edit; the Business form shows the rest. */
const LIST_KEYS = ["cities", "townsWithoutPage", "services", "pages"];

/** The Business section: site.yaml as a form, without the lists other sections edit. */
export function BusinessForm({ site, siteSchema, onSaved }: { site: EditedFile; siteSchema: JsonSchema; onSaved(files: Record<string, EditedFile>): void }) {
  const schema = useMemo(() => formSchema(withoutKeys(siteSchema, LIST_KEYS)), [siteSchema]);
  const ui = useMemo(() => businessUiSchema(Object.keys(siteSchema.properties as object)), [siteSchema]);
  return <FileForm file="site.yaml" title="The business" schema={schema} uiSchema={ui} initial={site} without={LIST_KEYS} onSaved={onSaved} />;
}

function withoutKeys(schema: JsonSchema, keys: string[]): JsonSchema {
  const properties = Object.fromEntries(Object.entries(schema.properties as JsonSchema).filter(([key]) => !keys.includes(key)));
  const required = ((schema.required as string[] | undefined) ?? []).filter((key) => !keys.includes(key));
  return { ...schema, properties, required };
}

/** site.yaml's keys the owner changes, in the order they come up: the everyday facts first. */
const EVERYDAY = ["company", "phone", "emergency", "email", "openingHours", "specialHours", "notice", "prices", "reviews", "warranty", "licenses", "results", "callbackMinutes", "facts", "brand", "legal", "copyrightYear"];

/** Keys set once, by whoever set the site up: the site's address and output, its addresses, search engines' data, integrations. */
const ADVANCED = new Set(["siteUrl", "format", "base", "businessType", "cityPath", "timeZone", "integrations", "languages", "defaultLocation"]);

/** The Business form's layout for a site.yaml schema with `keys`: everyday facts first, the rest, then "Advanced" folded. */
export function businessUiSchema(keys: readonly string[]): UiSchema {
  const everyday = EVERYDAY.filter((key) => keys.includes(key));
  const advanced = keys.filter((key) => ADVANCED.has(key));
  return {
    "ui:order": [...everyday, "*", ...advanced],
    "ui:ObjectFieldTemplate": BusinessFields,
    $schema: { "ui:widget": "hidden" },
    // Each price as a name and what it costs, not as a key and a choice of schemas.
    prices: { items: { "ui:field": PriceItemsField } },
  };
}

/**
 * The form's top level: the owner's fields, then the developer's under "Advanced", folded unless
 * one of them has a problem (a save refused for one opens it, so its message is seen). The folded
 * fields are made when Advanced is first opened (two fifths of the form: a phone shows the
 * everyday facts sooner), and kept from then on.
 */
function BusinessFields({ properties, errorSchema, fieldPathId }: ObjectFieldTemplateProps) {
  const hasProblem = properties.some((property) => ADVANCED.has(property.name) && errorSchema?.[property.name] !== undefined);
  const [opened, setOpened] = useState(false);
  return (
    <fieldset id={fieldPathId.$id}>
      {properties.filter((property) => !ADVANCED.has(property.name)).map((property) => property.content)}
      <details className="advanced" open={hasProblem || undefined} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
        <summary>Advanced: the site's address and addresses, business type, coordinates, integrations (set once, usually by whoever set the site up)</summary>
        {(opened || hasProblem) && properties.filter((property) => ADVANCED.has(property.name)).map((property) => property.content)}
      </details>
    </fieldset>
  );
}
