/** The parts of the `zipcodes` package (v8) that init uses; it ships no types. */
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
}
