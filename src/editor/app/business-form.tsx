import type { ObjectFieldTemplateProps, UiSchema } from "@rjsf/utils";
import { PriceItemsField } from "./price-items.tsx";

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
 * one of them has a problem (a save refused for one opens it, so its message is seen).
 */
function BusinessFields({ properties, errorSchema, fieldPathId }: ObjectFieldTemplateProps) {
  const hasProblem = properties.some((property) => ADVANCED.has(property.name) && errorSchema?.[property.name] !== undefined);
  return (
    <fieldset id={fieldPathId.$id}>
      {properties.filter((property) => !ADVANCED.has(property.name)).map((property) => property.content)}
      <details className="advanced" open={hasProblem || undefined}>
        <summary>Advanced: the site's address and addresses, business type, coordinates, integrations (set once, usually by whoever set the site up)</summary>
        {properties.filter((property) => ADVANCED.has(property.name)).map((property) => property.content)}
      </details>
    </fieldset>
  );
}
