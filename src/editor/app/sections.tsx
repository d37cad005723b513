import { Component, lazy, Suspense, useState, type ComponentProps, type ComponentType, type ReactNode } from "react";
import { code, type Chunk } from "./section-code.ts";

/**
 * One component of a chunk (of any props, as React.lazy takes): rendered at once when the chunk is
 * here already (React shows a lazy component's fallback for at least 300 ms, even when its code
 * has just arrived), else through React.lazy, for as long as it stays mounted.
 */
function part<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(from: Chunk<M>, name: K): ComponentType<ComponentProps<M[K]>> {
  const Lazy = lazy(() => from.load().then((module) => ({ default: module[name] })));
  return function Part(props: ComponentProps<M[K]>) {
    const [Loaded] = useState(() => from.loaded()?.[name]);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}

export const BusinessForm = part(code.business, "BusinessForm");
export const Requests = part(code.requests, "Requests");
export const Towns = part(code.towns, "Towns");
export const CopyForms = part(code.copyForms, "CopyForms");
export const Articles = part(code.articles, "Articles");
export const LegalPages = part(code.articles, "LegalPages");
export const LanguageSettings = part(code.languages, "LanguageSettings");
export const History = part(code.history, "History");
export const SettleFiles = part(code.settle, "SettleFiles");
export const Services = part(code.pageList, "Services");
export const OwnPages = part(code.pageList, "OwnPages");

/** A section while its code arrives, and said plainly when it cannot be shown (its code did not arrive: the editor stopped, the connection was lost). */
export function SectionFrame({ children }: { children: ReactNode }) {
  return (
    <NotLoaded>
      <Suspense fallback={<p className="loading">Loading…</p>}>{children}</Suspense>
    </NotLoaded>
  );
}

class NotLoaded extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (!this.state.error) return this.props.children;
    return <p role="alert">This section could not be shown: {this.state.error.message}. Reload the page to try again.</p>;
  }
}
