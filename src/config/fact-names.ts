/** The facts every site has, whatever its trade; copy names them as {company}, {phone}, ... */
export const COMMON_FACTS = ["company", "phone", "email", "baseTown", "region", "year", "legalUpdated"] as const;

/** The facts of site.yaml's optional keys: callbackMinutes, reviews, warranty, results and the emergency number. */
export const OPTIONAL_FACTS = ["callbackMinutes", "reviewClaim", "reviewAverage", "reviewCount", "warrantyDays", "noSetupChargeDays", "resultDays", "resultHours", "emergencyPhone", "address"] as const;

/** The placeholder of a price: setup -> setupPrice. */
export function pricePlaceholder(name: string): string {
  return `${name}Price`;
}

/** The placeholder of a licence: business -> businessLicense. */
export function licensePlaceholder(name: string): string {
  return `${name}License`;
}
