/** Creates a project folder with the sample plus `extra` synthetic cities; returns its path. */
export function makeSyntheticSite(extra: number): Promise<string>;
