export declare const BUDGET: number;
export declare const PAGE_TYPE_ORDER: string[];
export declare function pageType(file: string): string;
export declare function gzipBytes(code: string | Uint8Array): number;
export declare function moduleImports(code: string | Uint8Array): { static: string[]; dynamic: string[] };
export interface OnUseChunk {
  /** The chunk's address. */
  url: string;
  /** Its gzipped bytes, with what it imports that the page has not loaded. */
  bytes: number;
}
export declare function pageBytes(dist: string, file: string): { bytes: number; modules: string[]; onUse: Array<OnUseChunk & { modules: string[] }> };
export declare function measureSite(dist: string): Array<{ type: string; bytes: number; file: string; pages: number; onUse: OnUseChunk[] }>;
