/** The company's optional billing name and address (admin §3), in the form's order. */
export const BILLING_FIELDS = [
  "billingName",
  "addressZipCode",
  "addressStreet",
  "addressDistrict",
  "addressCity",
  "addressState",
] as const;
export type BillingField = typeof BILLING_FIELDS[number];

/** Every billing field set to `value`, e.g. `null` for a company without them. */
export function billingFieldsOf<V>(value: (field: BillingField) => V): Record<BillingField, V> {
  return Object.fromEntries(BILLING_FIELDS.map((field) => [field, value(field)])) as Record<
    BillingField,
    V
  >;
}
