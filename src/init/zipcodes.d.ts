/** The parts of the `zipcodes` package (v8) that init and the editor use; it ships no types. */
declare module "zipcodes" {
  export interface ZipRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string): ZipRecord | undefined;
  export const codes: Record<string, ZipRecord>;
  export function lookupByName(city: string, state: string): ZipRecord[];
  export function lookupByState(state: string): ZipRecord[];
}
