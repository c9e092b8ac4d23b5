/**
 * Linking a companion by QR code, as the phone and the server do it together:
 *
 * 1. a client registering (no account yet) gets `<pair-device>` with six refs; it shows
 *    `ref,noiseKey,identityKey,advSecret,platform` as a QR code, one ref after another;
 * 2. the phone scans it and signs the companion into the account: an ADV device identity
 *    (raw id, timestamp, key index) signed with the account's identity key over the
 *    companion's identity key, wrapped in an HMAC keyed by the QR's ADV secret;
 * 3. the server sends it in `<pair-success>` with the device's JID and LID; the companion checks
 *    both signatures, countersigns (`pair-device-sign`), and the server closes the stream
 *    with 515 so that it logs in with its new identity.
 */
import { Buffer } from "node:buffer";
import { createHmac, randomBytes } from "node:crypto";
import { type BinaryNode, Curve, getBinaryNodeChild, proto } from "baileys";
import type { Account, Companion } from "./accounts.ts";
import type { Connection } from "./connection.ts";

const ACCOUNT_SIGNATURE_PREFIX = Buffer.from([6, 0]);
const DEVICE_SIGNATURE_PREFIX = Buffer.from([6, 1]);
const QR_PREFIX = "https://wa.me/settings/linked_devices#";

/** What a registering client told us in its ClientPayload, kept until a phone scans it. */
export interface Registration {
  refs: string[];
  noiseKey: Buffer;
  identity: Buffer;
  registrationId: number;
  signedPreKey: { id: number; public: Buffer; signature: Buffer };
  /** Set once a phone scanned the QR and the pair-success went out. */
  linking?: { account: Account; id: number; keyIndex: number; stanzaId: string };
}

const bigEndian = (bytes: Uint8Array | null | undefined) =>
  Array.from(bytes ?? []).reduce((value, byte) => value * 256 + byte, 0);

export function registrationOf(payload: proto.ClientPayload, noiseKey: Buffer): Registration {
  const data = payload.devicePairingData;
  if (!data?.eIdent || !data.eSkeyVal || !data.eSkeySig || !data.eRegid || !data.eSkeyId) {
    throw new Error("registration without pairing data");
  }
  return {
    refs: Array.from({ length: 6 }, () => randomBytes(18).toString("base64url")),
    noiseKey,
    identity: Buffer.from(data.eIdent),
    registrationId: bigEndian(data.eRegid),
    signedPreKey: {
      id: bigEndian(data.eSkeyId),
      public: Buffer.from(data.eSkeyVal),
      signature: Buffer.from(data.eSkeySig),
    },
  };
}

export function pairDeviceNode(registration: Registration, id: string): BinaryNode {
  return {
    tag: "iq",
    attrs: { from: "s.whatsapp.net", type: "set", id, xmlns: "md" },
    content: [{
      tag: "pair-device",
      attrs: {},
      content: registration.refs.map((ref) => ({
        tag: "ref",
        attrs: {},
        content: Buffer.from(ref, "utf-8"),
      })),
    }],
  };
}

export interface ScannedQr {
  ref: string;
  noiseKey: Buffer;
  identity: Buffer;
  advSecret: Buffer;
}

/** Reads the QR text a companion shows (`https://wa.me/settings/linked_devices#ref,…`). */
export function parseQr(text: string): ScannedQr | undefined {
  const body = text.startsWith(QR_PREFIX) ? text.slice(QR_PREFIX.length) : text;
  const [ref, noise, identity, adv] = body.split(",");
  if (!ref || !noise || !identity || !adv) return undefined;
  return {
    ref,
    noiseKey: Buffer.from(noise, "base64"),
    identity: Buffer.from(identity, "base64"),
    advSecret: Buffer.from(adv, "base64"),
  };
}

/** The `<pair-success>` the phone's scan produces, signed by the account's identity key. */
export function pairSuccessNode(
  account: Account,
  qr: ScannedQr,
  device: { id: number; keyIndex: number },
  stanzaId: string,
): BinaryNode {
  const details = proto.ADVDeviceIdentity.encode({
    rawId: Number(account.pn.slice(-9)),
    timestamp: Math.floor(Date.now() / 1000),
    keyIndex: device.keyIndex,
  }).finish();
  const accountKey = account.phone.identity;
  const accountSignature = Curve.sign(
    accountKey.privKey,
    Buffer.concat([ACCOUNT_SIGNATURE_PREFIX, details, qr.identity]),
  );
  const signed = proto.ADVSignedDeviceIdentity.encode({
    details,
    accountSignatureKey: accountKey.pubKey.subarray(1),
    accountSignature,
  }).finish();
  const hmac = createHmac("sha256", qr.advSecret).update(signed).digest();
  return {
    tag: "iq",
    attrs: { from: "s.whatsapp.net", type: "set", id: stanzaId },
    content: [{
      tag: "pair-success",
      attrs: {},
      content: [
        {
          tag: "device-identity",
          attrs: {},
          content: proto.ADVSignedDeviceIdentityHMAC.encode({ details: signed, hmac }).finish(),
        },
        { tag: "platform", attrs: { name: "smbi" } },
        {
          tag: "device",
          attrs: {
            jid: `${account.pn}:${device.id}@s.whatsapp.net`,
            lid: `${account.lid}:${device.id}@lid`,
          },
        },
      ],
    }],
  };
}

/**
 * Checks the companion's countersignature in `pair-device-sign` and returns the new linked
 * device, or undefined when the signature does not hold.
 */
export function linkedDevice(
  reply: BinaryNode,
  registration: Registration,
): Companion | undefined {
  const linking = registration.linking;
  const node = getBinaryNodeChild(getBinaryNodeChild(reply, "pair-device-sign"), "device-identity");
  if (!linking || !(node?.content instanceof Uint8Array)) return undefined;
  const signed = proto.ADVSignedDeviceIdentity.decode(node.content);
  const accountKey = linking.account.phone.identity.pubKey.subarray(1);
  const message = Buffer.concat([
    DEVICE_SIGNATURE_PREFIX,
    Buffer.from(signed.details ?? []),
    registration.identity,
    accountKey,
  ]);
  if (
    !signed.deviceSignature ||
    !Curve.verify(registration.identity, message, Buffer.from(signed.deviceSignature))
  ) {
    return undefined;
  }
  return {
    id: linking.id,
    keyIndex: linking.keyIndex,
    noiseKey: registration.noiseKey,
    identity: registration.identity,
    registrationId: registration.registrationId,
    signedPreKey: registration.signedPreKey,
    preKeys: new Map(),
    pending: [],
  };
}

export type PairingConnection = Connection & { registration?: Registration };
