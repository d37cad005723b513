import type { FieldProps } from "@rjsf/utils";
import { useId, useState } from "react";

/** A price of site.yaml as the file holds it: an amount (0 is free), { from } or { from, to }. */
type Price = number | { from: number; to?: number };
type Kind = "amount" | "free" | "from" | "range";

const KINDS: ReadonlyArray<[Kind, string]> = [
  ["amount", "Amount"],
  ["free", "Free"],
  ["from", "From (a starting price)"],
  ["range", "From … to …"],
];

function kindOf(price: Price | undefined): Kind {
  if (typeof price === "number") return price === 0 ? "free" : "amount";
  if (price && price.to !== undefined) return "range";
  return price ? "from" : "amount";
}

function lowest(price: Price | undefined): number | undefined {
  return typeof price === "number" ? price : price?.from;
}

/** A price of another kind, keeping its amount where it has one. */
function asKind(kind: Kind, price: Price | undefined): Price {
  const amount = lowest(price) || 0;
  if (kind === "free") return 0;
  if (kind === "amount") return amount;
  if (kind === "from") return { from: amount };
  return { from: amount, to: typeof price === "object" && price.to !== undefined ? price.to : amount };
}

/** A name for a new price no other has: price, price2, ... */
function freshName(taken: readonly string[]): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? "price" : `price${n}`;
    if (!taken.includes(name)) return name;
  }
}

const amountOf = (text: string): number => (text.trim() === "" ? 0 : Number(text));

/**
 * site.yaml's prices.items as the owner thinks of them: each a name (the placeholder copy uses:
 * setup is {setupPrice}) and what it costs, as an amount, free, a starting price or a range. In the
 * file's order; a name is renamed in place. The build checks the names and amounts as always.
 */
export function PriceItemsField({ formData, onChange, fieldPathId, disabled, readonly }: FieldProps) {
  const base = useId();
  // The kind picked for a row whose value cannot say it yet (an amount of 0 reads as free).
  const [picked, setPicked] = useState<Record<number, Kind>>({});
  const items = Object.entries((formData ?? {}) as Record<string, Price>);
  const set = (next: Array<[string, Price]>) => onChange(Object.fromEntries(next), fieldPathId.path);
  const change = (index: number, entry: [string, Price]) => set(items.map((item, i) => (i === index ? entry : item)));
  const off = disabled || readonly;
  return (
    <div className="price-items" id={fieldPathId.$id}>
      {items.length === 0 ? <p className="field-description">No prices yet. A price is shown where copy names it ({"{setupPrice}"} for the price named setup) and in price tables.</p> : null}
      <ul>
        {items.map(([name, price], index) => {
          const id = `${base}-${index}`;
          const kind = picked[index] === "amount" && price === 0 ? "amount" : kindOf(price);
          return (
            <li key={index} className="price-item">
              <label htmlFor={`${id}-name`}>Name</label>
              <input id={`${id}-name`} value={name} disabled={off} onChange={(event) => change(index, [event.target.value, price])} aria-describedby={`${id}-copy`} />
              <span id={`${id}-copy`} className="field-description">
                in copy: {`{${name}Price}`}
              </span>
              <label htmlFor={`${id}-kind`}>Price</label>
              <select id={`${id}-kind`} value={kind} disabled={off} onChange={(event) => {
                  const chosen = event.target.value as Kind;
                  setPicked({ ...picked, [index]: chosen });
                  change(index, [name, asKind(chosen, price)]);
                }}>
                {KINDS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              {kind === "free" ? null : (
                <>
                  <label htmlFor={`${id}-amount`}>{kind === "range" ? "From" : "Amount"}</label>
                  <input id={`${id}-amount`} type="number" min={0} inputMode="numeric" value={lowest(price) ?? 0} disabled={off}
                    onChange={(event) => change(index, [name, kind === "amount" ? amountOf(event.target.value) : { ...(price as { from: number; to?: number }), from: amountOf(event.target.value) }])} />
                </>
              )}
              {kind === "range" ? (
                <>
                  <label htmlFor={`${id}-to`}>To</label>
                  <input id={`${id}-to`} type="number" min={0} inputMode="numeric" value={(price as { to?: number }).to ?? 0} disabled={off}
                    onChange={(event) => change(index, [name, { ...(price as { from: number }), to: amountOf(event.target.value) }])} />
                </>
              ) : null}
              <button type="button" className="link" disabled={off} aria-label={`Remove the price ${name}`} onClick={() => {
                  setPicked({});
                  set(items.filter((_, i) => i !== index));
                }}>
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" disabled={off} onClick={() => set([...items, [freshName(items.map(([name]) => name)), 0]])}>
        Add a price
      </button>
    </div>
  );
}
