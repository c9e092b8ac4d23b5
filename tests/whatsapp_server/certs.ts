/**
 * The simulator's certificate chain. WhatsApp's client checks that the server's Noise static key
 * comes with a leaf certificate signed by an intermediate, itself signed by WhatsApp's root key
 * with issuer serial 0. The simulator holds its own root key pair: the product trusts it only
 * through `WA_ROOT_PUBLIC_KEY`, which its configuration accepts for a loopback socket alone.
 */
import { Buffer } from "node:buffer";
import { Curve, proto } from "baileys";

/** Curve25519 keys as Buffers: libsignal's curve refuses other byte arrays. */
export type KeyPair = { public: Buffer; private: Buffer };

export interface ServerIdentity {
  root: KeyPair;
  intermediate: KeyPair;
  staticKey: KeyPair;
}

function keyPair(): KeyPair {
  const pair = Curve.generateKeyPair();
  return { public: Buffer.from(pair.public), private: Buffer.from(pair.private) };
}

export function newServerIdentity(root?: KeyPair): ServerIdentity {
  return {
    root: root ?? keyPair(),
    intermediate: keyPair(),
    staticKey: keyPair(),
  };
}

/** The root public key as the product's `WA_ROOT_PUBLIC_KEY` setting spells it. */
export function rootKeyHex(identity: ServerIdentity): string {
  return Array.from(identity.root.public, (b) => b.toString(16).padStart(2, "0")).join("");
}

function certificate(serial: number, issuerSerial: number, key: Uint8Array, signer: KeyPair) {
  const now = Math.floor(Date.now() / 1000);
  const details = proto.CertChain.NoiseCertificate.Details.encode({
    serial,
    issuerSerial,
    key,
    notBefore: now - 3600,
    notAfter: now + 30 * 24 * 3600,
  }).finish();
  return { details, signature: Curve.sign(signer.private, Buffer.from(details)) };
}

/** CertChain{leaf, intermediate}: the root signs the intermediate, which signs the static key. */
export function certificateChain(identity: ServerIdentity): Uint8Array {
  return proto.CertChain.encode({
    intermediate: certificate(1, 0, identity.intermediate.public, identity.root),
    leaf: certificate(2, 1, identity.staticKey.public, identity.intermediate),
  }).finish();
}
