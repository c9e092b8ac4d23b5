/** The key bundle a device attaches to a retry receipt (`<keys>`), as a pre-key bundle. */
import { Buffer } from "node:buffer";
import { type BinaryNode, getBinaryNodeChild, getBinaryNodeChildBuffer } from "baileys";
import type { PreKeyBundle } from "./signal_peer.ts";

const uint = (bytes: Uint8Array | undefined) =>
  Array.from(bytes ?? []).reduce((value, byte) => value * 256 + byte, 0);

export function bundleNodeParts(receipt: BinaryNode, keys: BinaryNode): PreKeyBundle | undefined {
  const identity = getBinaryNodeChildBuffer(keys, "identity");
  const skey = getBinaryNodeChild(keys, "skey");
  const skeyValue = getBinaryNodeChildBuffer(skey, "value");
  const signature = getBinaryNodeChildBuffer(skey, "signature");
  if (!identity || !skeyValue || !signature) return undefined;
  const key = getBinaryNodeChild(keys, "key");
  const keyValue = getBinaryNodeChildBuffer(key, "value");
  return {
    registrationId: uint(getBinaryNodeChildBuffer(receipt, "registration")),
    identity: Buffer.from(identity),
    signedPreKey: {
      id: uint(getBinaryNodeChildBuffer(skey, "id")),
      public: Buffer.from(skeyValue),
      signature: Buffer.from(signature),
    },
    preKey: keyValue
      ? { id: uint(getBinaryNodeChildBuffer(key, "id")), public: Buffer.from(keyValue) }
      : undefined,
  };
}
