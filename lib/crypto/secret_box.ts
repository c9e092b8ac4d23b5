/**
 * Secrets a company gives us to call other services with (AI provider keys, integration
 * secrets) are sealed before they are stored: AES-256-GCM under the installation's key, so a
 * copy of the database alone does not give them away, and a sealed value moved to another
 * row or company does not open (the row's purpose is bound in as associated data).
 *
 * Sealed text is `v1.<iv>.<ciphertext>` (base64url); the version leaves room to rotate keys.
 */
import { Buffer } from "node:buffer";

const encode = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const decode = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));

export interface SecretBox {
  /** Seals `plain` for `purpose` (e.g. "prompt:12:apiKey"). */
  seal(plain: string, purpose: string): Promise<string>;
  /** Opens what `seal` gave for the same purpose; throws when it was altered or moved. */
  open(sealed: string, purpose: string): Promise<string>;
}

const VERSION = "v1";

/** The last four characters, as the screens show a key that is set (•••• 1a2b). */
export function secretHint(plain: string): string {
  return plain.length <= 8 ? "" : plain.slice(-4);
}

/** A box over a key loaded once, when first needed (it may live in the database). */
export function createSecretBox(loadKey: () => Promise<Uint8Array>): SecretBox {
  let key: Promise<CryptoKey> | undefined;
  const cryptoKey = () =>
    key ??= loadKey().then(async (material) => {
      // Whatever the configured key's length, AES-256 takes its SHA-256.
      const digest = await crypto.subtle.digest("SHA-256", material as BufferSource);
      return crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["encrypt", "decrypt"]);
    });
  const text = new TextEncoder();
  return {
    async seal(plain, purpose) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt(
        { name: "AES-GCM", iv, additionalData: text.encode(purpose) },
        await cryptoKey(),
        text.encode(plain),
      );
      return `${VERSION}.${encode(iv)}.${encode(new Uint8Array(sealed))}`;
    },
    async open(sealed, purpose) {
      const [version, iv, body] = sealed.split(".");
      if (version !== VERSION || !iv || !body) throw new Error("not a sealed secret");
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: decode(iv) as BufferSource, additionalData: text.encode(purpose) },
        await cryptoKey(),
        decode(body) as BufferSource,
      );
      return new TextDecoder().decode(plain);
    },
  };
}
