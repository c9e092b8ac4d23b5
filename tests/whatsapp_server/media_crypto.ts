/**
 * WhatsApp's media encryption, written from its definition: a random 32-byte media key is
 * expanded with HKDF-SHA256 (info "WhatsApp <Kind> Keys") into an IV, an AES-256-CBC key and an
 * HMAC-SHA256 key; the file on the media host is the ciphertext followed by the first 10
 * bytes of the HMAC of IV ‖ ciphertext. The message carries the key and both SHA-256 hashes.
 */
import { Buffer } from "node:buffer";
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
} from "node:crypto";

/** The HKDF info per message kind (`ptt` voice notes are audio, video notes video). */
const KINDS: Record<string, string> = {
  image: "Image",
  sticker: "Image",
  video: "Video",
  ptv: "Video",
  audio: "Audio",
  ptt: "Audio",
  document: "Document",
};

function keysOf(mediaKey: Uint8Array, kind: string) {
  const info = `WhatsApp ${KINDS[kind] ?? "Document"} Keys`;
  const expanded = Buffer.from(hkdfSync("sha256", mediaKey, new Uint8Array(0), info, 112));
  return {
    iv: expanded.subarray(0, 16),
    cipherKey: expanded.subarray(16, 48),
    macKey: expanded.subarray(48, 80),
  };
}

export interface EncryptedMedia {
  mediaKey: Buffer;
  file: Buffer;
  fileSha256: Buffer;
  fileEncSha256: Buffer;
  fileLength: number;
}

export function encryptMedia(plain: Uint8Array, kind: string): EncryptedMedia {
  const mediaKey = randomBytes(32);
  const { iv, cipherKey, macKey } = keysOf(mediaKey, kind);
  const cipher = createCipheriv("aes-256-cbc", cipherKey, iv);
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  const mac = createHmac("sha256", macKey).update(iv).update(encrypted).digest().subarray(0, 10);
  const file = Buffer.concat([encrypted, mac]);
  return {
    mediaKey,
    file,
    fileSha256: createHash("sha256").update(plain).digest(),
    fileEncSha256: createHash("sha256").update(file).digest(),
    fileLength: plain.length,
  };
}

/** Checks the MAC and decrypts what a media host stored. */
export function decryptMedia(file: Uint8Array, mediaKey: Uint8Array, kind: string): Buffer {
  const { iv, cipherKey, macKey } = keysOf(mediaKey, kind);
  const encrypted = file.subarray(0, file.length - 10);
  const mac = createHmac("sha256", macKey).update(iv).update(encrypted).digest().subarray(0, 10);
  if (!mac.equals(Buffer.from(file.subarray(file.length - 10)))) {
    throw new Error("media MAC mismatch");
  }
  const decipher = createDecipheriv("aes-256-cbc", cipherKey, iv);
  return Buffer.concat([decipher.update(encrypted), decipher.final()]);
}
