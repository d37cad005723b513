/**
 * Whether two values hold the same data: plain objects, arrays, Maps, Sets and primitives,
 * compared all the way down, as the data a template is given (page props, chrome, assets).
 * Identical references are equal at once, and `known` remembers pairs already found equal: the
 * copy that ten thousand town pages share is compared once, not once per page.
 */
export function sameData(a: unknown, b: unknown, known: WeakMap<object, object> = new WeakMap()): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (known.get(a) === b) return true;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const equal = Array.isArray(a)
    ? sameArray(a, b as unknown[], known)
    : a instanceof Map
      ? sameMap(a, b as Map<unknown, unknown>, known)
      : a instanceof Set
        ? a.size === (b as Set<unknown>).size && [...a].every((value) => (b as Set<unknown>).has(value))
        : sameObject(a as Record<string, unknown>, b as Record<string, unknown>, known);
  if (equal) known.set(a, b);
  return equal;
}

function sameArray(a: readonly unknown[], b: readonly unknown[], known: WeakMap<object, object>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i], known)) return false;
  return true;
}

function sameMap(a: Map<unknown, unknown>, b: Map<unknown, unknown>, known: WeakMap<object, object>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (!b.has(key) || !sameData(value, b.get(key), known)) return false;
  return true;
}

function sameObject(a: Record<string, unknown>, b: Record<string, unknown>, known: WeakMap<object, object>): boolean {
  // In the same order too: a template that lists an object's entries writes them in that order.
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key !== others[i] || !sameData(a[key], b[key], known)) return false;
  }
  return true;
}
