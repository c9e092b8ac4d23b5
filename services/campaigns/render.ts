/**
 * A campaign's text for one contact (admin §3): `{nome}`, `{email}` and `{numero}` of the
 * list item, then each custom `{key}` of the campaign settings' variables. Unknown names are
 * left as typed. Variants rotate per campaign in contact order: the contact at position i
 * gets the (i mod n)-th of the n messages that are filled in (the original shared one
 * counter across every campaign of the process).
 */
export interface Recipient {
  name: string;
  email: string;
  number: string;
}

export interface CampaignVariable {
  key: string;
  value: string;
}

export function renderCampaignText(
  text: string,
  who: Recipient,
  variables: readonly CampaignVariable[],
): string {
  const values = new Map<string, string>();
  for (const variable of variables) values.set(variable.key, variable.value);
  values.set("nome", who.name);
  values.set("email", who.email);
  values.set("numero", who.number);
  return text.replace(/\{([^{}\s]{1,60})\}/g, (whole, key: string) => values.get(key) ?? whole);
}

/** The variant for the contact at `position` among the non-blank texts; "" when none. */
export function variantAt(texts: readonly string[], position: number): string {
  const filled = texts.filter((text) => text.trim() !== "");
  if (filled.length === 0) return "";
  return filled[position % filled.length]!;
}
