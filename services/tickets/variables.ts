/**
 * Message variables (core §2 "variables picker"): {{firstName}}, {{name}}, {{ms}} (the
 * greeting for the time of day), {{protocol}} and {{hora}}, filled in before a message goes
 * out. Unknown names stay as typed, so a customer never receives an empty gap.
 */

export interface VariableContext {
  contactName: string;
  ticketId: number;
  now?: Date;
}

/** "Bom dia", "Boa tarde", "Boa noite" or "Boa madrugada", by the server's clock. */
export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 6) return "Boa madrugada";
  if (hour < 12) return "Bom dia";
  if (hour < 18) return "Boa tarde";
  return "Boa noite";
}

const pad = (n: number) => String(n).padStart(2, "0");

export function variablesFor(context: VariableContext): Record<string, string> {
  const now = context.now ?? new Date();
  const name = context.contactName.trim();
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}` +
    time.replaceAll(":", "");
  return {
    firstName: name.split(/\s+/)[0] ?? "",
    name,
    ms: greetingFor(now),
    // The ticket's protocol number: when it was given plus the ticket id, unique per ticket.
    protocol: `${stamp}${context.ticketId}`,
    hora: time,
  };
}

export function renderVariables(text: string, context: VariableContext): string {
  // A Map, so a name like {{constructor}} is not looked up on Object's prototype.
  const values = new Map(Object.entries(variablesFor(context)));
  return text.replace(
    /\{\{\s*(\w+)\s*\}\}/g,
    (whole, key: string) => values.get(key) ?? whole,
  );
}
