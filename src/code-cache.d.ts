/** Runs a CommonJS file with V8's code cache kept in `cacheFile`; see code-cache.js. */
export function runCommonJs(file: string, options?: { cacheFile?: string; require?: (id: string) => unknown }): any;
