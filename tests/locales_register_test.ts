/**
 * The Spanish texts speak to the reader in ONE register, the informal "tú" (issue 23 item 9):
 * the agent on the screens, and the customer in the automatic WhatsApp messages. It was the
 * larger part of locales/es already (login, home, tickets, errors of the public pages) and is
 * what Latin American helpdesk products use today.
 *
 * The test looks for the markers of the other register ("usted") that cannot be anything else:
 * - the word "usted" itself;
 * - an "usted" command (Elija, Escriba, Verifique…) opening a sentence or a clause. Only in that
 *   place: in the middle of a sentence the same forms are the third person's subjunctive
 *   ("para que el cliente elija"), which is correct Spanish in either register;
 * - an "usted" command with its pronoun attached (inténtelo, cancélela, suscríbase), which has
 *   no other reading.
 * "su"/"sus" is left out on purpose: it is also the third person's possessive ("la campaña y
 * su informe") and would give false alarms. "Importe" is left out too: it is the noun "amount".
 */
import assert from "node:assert/strict";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const SPANISH = join(
  normalize(join(dirname(fileURLToPath(import.meta.url)), "..")),
  "locales",
  "es",
);

const USTED_COMMANDS = (
  "Elija Escriba Seleccione Ingrese Introduzca Verifique Corrija Indique Revise Pegue " +
  "Agregue Añada Guarde Cancele Pague Escanee Vuelva Espere Diga Dé Cree Abra " +
  "Conecte Inicie Defina Configure Consulte Envíe Lea Deje Acepte Atienda Registre Intente " +
  "Responda Toque Empiece Haga Use Utilice Confirme Complete Recuerde Asegúrese"
).split(" ");
const USTED_WITH_PRONOUN = (
  "inténtelo cancélela cámbielas escríbalo revíselo conéctela iníciela escanéelo " +
  "actualícelo ábrala reábrala elíjala elíjalo déjelo déjela suscríbase hágalo contáctenos " +
  "escríbanos llámenos"
).split(" ");

const MARKERS: RegExp[] = [
  /(?<![\p{L}])usted(es)?(?![\p{L}])/iu,
  // At the start of the text, after a sentence's or clause's punctuation, or after ¡ / ¿.
  new RegExp(`(^|[.!?:;,]\\s+|[¡¿])(${USTED_COMMANDS.join("|")})(?![\\p{L}])`, "iu"),
  new RegExp(`(?<![\\p{L}])(${USTED_WITH_PRONOUN.join("|")})(?![\\p{L}])`, "iu"),
];

function texts(node: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof node === "string") out.push([path, node]);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) texts(value, `${path}.${key}`, out);
  }
  return out;
}

async function spanishTexts(): Promise<[string, string][]> {
  const all: [string, string][] = [];
  for await (const entry of Deno.readDir(SPANISH)) {
    if (!entry.name.endsWith(".json")) continue;
    const tree = JSON.parse(await Deno.readTextFile(join(SPANISH, entry.name)));
    texts(tree, entry.name.slice(0, -5), all);
  }
  return all;
}

Deno.test("locales: the Spanish texts never use the formal 'usted' register", async () => {
  const all = await spanishTexts();
  assert.ok(all.length > 1000, `only ${all.length} Spanish texts found: the scan is broken`);
  const formal = all.filter(([, text]) => MARKERS.some((marker) => marker.test(text)))
    .map(([key, text]) => `${key}: ${text}`);
  assert.deepEqual(formal, []);
});

Deno.test("locales: the register markers catch what they are meant to catch", () => {
  const caught = (text: string) => MARKERS.some((marker) => marker.test(text));
  for (
    const text of [
      "Elija una cola",
      "No fue posible. Verifique si ya existe",
      "Conecte cada uno, o pruebe. ¿Sin teléfono? Elija el simulador.",
      "No se puede eliminar; cancélela antes.",
      "¡Suscríbase ahora!",
      "Usted fue transferido",
    ]
  ) assert.ok(caught(text), text);
  for (
    const text of [
      "Elige una cola",
      "Importe",
      "Mensaje de cierre",
      "El contacto elige una opción escribiendo su número.",
      "para que el cliente elija",
      "Inténtalo de nuevo.",
    ]
  ) assert.ok(!caught(text), text);
});
