/** Runs a CommonJS file with V8's code cache kept in `cacheFile`; see code-cache.js. */
export function runCommonJs(file: string, options?: { cacheFile?: string; require?: (id: string) => unknown }): any;
/** Writes now the code caches runCommonJs would write at exit (a worker thread gets no exit event). */
export function saveCodeCaches(): void;
