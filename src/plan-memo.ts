import { createConfigMemo, type ConfigMemo } from "./config/config-memo.ts";
import { sameData } from "./dev/same-data.ts";

/**
 * What a dev server keeps from one build to the next so that what did not change is not made
 * again: site.yaml's pieces (config-memo.ts), and each town's page, made again only when one of
 * the values it is made from is not the very value it was made from last time. A value returned
 * from here is always one the same inputs made, so a build with a memo writes what a build without
 * one writes (tests/integration/rebuild-identity.test.ts); it is only sooner. An unchanged page is
 * then the same object as in the last build, which the rebuild's comparison sees at once.
 */
export interface PlanMemo {
  config: ConfigMemo;
  /** Starts a build: what the last build did not use is let go at the next start. */
  begin(): void;
  /** The value kept under `key` when it holds the same data as `value` (and from now on `value` otherwise): equal data, one object. */
  same<T>(key: string, value: T): T;
  /** The list kept under `key` when each of `values` is the very value it holds; otherwise `values`, kept from now on: one object for many `made` inputs. */
  list(key: string, values: readonly unknown[]): readonly unknown[];
  /** What `make` made last time under `key`, when every one of `inputs` is the very value it was then; otherwise `make()`. */
  made<T>(key: string, inputs: readonly unknown[], make: () => T): T;
}

interface Made {
  inputs: readonly unknown[];
  value: unknown;
}

export function createPlanMemo(): PlanMemo {
  let last = new Map<string, Made>();
  let current = new Map<string, Made>();
  const kept = new Map<string, unknown>();
  return {
    config: createConfigMemo(),
    begin() {
      last = current.size > 0 ? current : last;
      current = new Map();
    },
    same(key, value) {
      const before = kept.get(key);
      if (before !== undefined && sameData(before, value)) return before as typeof value;
      kept.set(key, value);
      return value;
    },
    list(key, values) {
      const before = kept.get(key) as readonly unknown[] | undefined;
      if (before && sameValues(before, values)) return before;
      kept.set(key, values);
      return values;
    },
    made(key, inputs, make) {
      const before = current.get(key) ?? last.get(key);
      if (before && sameValues(before.inputs, inputs)) {
        current.set(key, before);
        return before.value as ReturnType<typeof make>;
      }
      const value = make();
      current.set(key, { inputs, value });
      return value;
    },
  };
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
