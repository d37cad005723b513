/** The most CSS, gzipped, one page may load (issue 36). */
export declare const CSS_BUDGET: number;
/** Every HTML page of a built site, relative to `dist` (assets/ left out). */
export declare function htmlFiles(dist: string, prefix?: string): string[];
/** The type of a built page (by its address and its markup), with its language when it is not the home page's. */
export declare function pageType(dist: string, file: string): string;
/** The stylesheets one page loads: each local file's path (or "inline <style>") and its gzipped bytes. */
export declare function pageStyles(dist: string, file: string): Array<{ name: string; bytes: number }>;
/** Per page type, the largest page's CSS; per stylesheet, its bytes and the page types loading it. */
export declare function measureCss(dist: string): {
  types: Array<{ type: string; bytes: number; file: string; sheets: Array<{ name: string; bytes: number }>; pages: number }>;
  sheets: Array<{ name: string; bytes: number; types: string[] }>;
};
