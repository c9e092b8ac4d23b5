/** The name and phone numbers of a shared contact card (vCard 3.0 as WhatsApp sends it). */
export interface CardContact {
  name: string;
  numbers: string[];
}

export function parseVcard(vcard: string): CardContact {
  let name = "";
  const numbers: string[] = [];
  for (const raw of vcard.split(/\r?\n/)) {
    const line = raw.trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).toUpperCase();
    const value = line.slice(colon + 1).trim();
    if (key === "FN" || (key === "N" && !name)) name = value.replaceAll(";", " ").trim();
    if (key.startsWith("TEL") || key.includes(".TEL")) {
      const waid = /waid=(\d+)/i.exec(key)?.[1];
      numbers.push(waid ?? value);
    }
  }
  return { name, numbers };
}
