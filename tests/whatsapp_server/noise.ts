/**
 * The server's half of WhatsApp Web's Noise handshake (Noise_XX_25519_AESGCM_SHA256 with WhatsApp's
 * prologue "WA\x06\x03"), written from the protocol rather than from Baileys' client code: the
 * client sends its ephemeral key, the server answers with its ephemeral key, its static key and
 * a certificate chain (both encrypted), the client answers with its static key (the companion's
 * noise key) and its ClientPayload (login or registration), and both sides split the chaining
 * key into two AES-GCM transport keys with a counter nonce.
 *
 * Frames on the socket are a 3-byte big-endian length and the bytes; the client's very first
 * frame is preceded by the 4-byte prologue. After the handshake every frame is one encrypted
 * binary node.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync } from "node:crypto";
import { Buffer } from "node:buffer";
import { Curve, proto } from "baileys";
import { certificateChain, type ServerIdentity } from "./certs.ts";

const NOISE_MODE = "Noise_XX_25519_AESGCM_SHA256\0\0\0\0";
export const PROLOGUE = new Uint8Array([87, 65, 6, 3]);

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
};

function nonce(counter: number): Uint8Array {
  const iv = new Uint8Array(12);
  new DataView(iv.buffer).setUint32(8, counter);
  return iv;
}

function gcmSeal(key: Uint8Array, iv: Uint8Array, aad: Uint8Array, plain: Uint8Array) {
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(aad);
  return new Uint8Array(Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]));
}

function gcmOpen(key: Uint8Array, iv: Uint8Array, aad: Uint8Array, sealed: Uint8Array) {
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return new Uint8Array(
    Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]),
  );
}

function hkdf64(input: Uint8Array, salt: Uint8Array): [Uint8Array, Uint8Array] {
  const out = new Uint8Array(hkdfSync("sha256", input, salt, new Uint8Array(0), 64));
  return [out.slice(0, 32), out.slice(32)];
}

/** The symmetric state of the handshake (hash, chaining key, cipher key and its counter). */
class HandshakeState {
  hash: Uint8Array = new TextEncoder().encode(NOISE_MODE);
  salt: Uint8Array = this.hash;
  key: Uint8Array = this.hash;
  counter = 0;

  mixHash(data: Uint8Array) {
    this.hash = sha256(this.hash, data);
  }

  mixKey(input: Uint8Array) {
    const [salt, key] = hkdf64(input, this.salt);
    this.salt = salt;
    this.key = key;
    this.counter = 0;
  }

  encrypt(plain: Uint8Array): Uint8Array {
    const sealed = gcmSeal(this.key, nonce(this.counter++), this.hash, plain);
    this.mixHash(sealed);
    return sealed;
  }

  decrypt(sealed: Uint8Array): Uint8Array {
    const plain = gcmOpen(this.key, nonce(this.counter++), this.hash, sealed);
    this.mixHash(sealed);
    return plain;
  }
}

/** The two transport ciphers once the handshake is over. */
export class Transport {
  #readCounter = 0;
  #writeCounter = 0;
  constructor(readonly decryptKey: Uint8Array, readonly encryptKey: Uint8Array) {}

  open(frame: Uint8Array): Uint8Array {
    return gcmOpen(this.decryptKey, nonce(this.#readCounter++), new Uint8Array(0), frame);
  }

  seal(plain: Uint8Array): Uint8Array {
    return gcmSeal(this.encryptKey, nonce(this.#writeCounter++), new Uint8Array(0), plain);
  }
}

export interface HandshakeResult {
  transport: Transport;
  /** The client's static key: the companion's noise key, which identifies it at login. */
  clientStatic: Uint8Array;
  payload: proto.ClientPayload;
}

/** Runs the responder's side; `next()` yields the client's handshake frames in order. */
export class NoiseResponder {
  readonly #state = new HandshakeState();
  #ephemeral = Curve.generateKeyPair();

  constructor(private readonly identity: ServerIdentity) {
    this.#state.mixHash(PROLOGUE);
  }

  /** Takes the ClientHello frame and answers the ServerHello frame. */
  hello(frame: Uint8Array): Uint8Array {
    const message = proto.HandshakeMessage.decode(frame);
    const clientEphemeral = message.clientHello?.ephemeral;
    if (!clientEphemeral || clientEphemeral.length !== 32) throw new Error("bad client hello");
    const state = this.#state;
    state.mixHash(clientEphemeral);
    state.mixHash(this.#ephemeral.public);
    state.mixKey(Curve.sharedKey(this.#ephemeral.private, Buffer.from(clientEphemeral)));
    const sealedStatic = state.encrypt(this.identity.staticKey.public);
    state.mixKey(Curve.sharedKey(this.identity.staticKey.private, Buffer.from(clientEphemeral)));
    const sealedCerts = state.encrypt(certificateChain(this.identity));
    return proto.HandshakeMessage.encode({
      serverHello: {
        ephemeral: this.#ephemeral.public,
        static: sealedStatic,
        payload: sealedCerts,
      },
    }).finish();
  }

  /** Takes the ClientFinish frame: the client's static key and its payload. */
  finish(frame: Uint8Array): HandshakeResult {
    const message = proto.HandshakeMessage.decode(frame);
    const finish = message.clientFinish;
    if (!finish?.static || !finish.payload) throw new Error("bad client finish");
    const state = this.#state;
    const clientStatic = state.decrypt(finish.static);
    state.mixKey(Curve.sharedKey(this.#ephemeral.private, Buffer.from(clientStatic)));
    const payload = proto.ClientPayload.decode(state.decrypt(finish.payload));
    // The client writes with the first half and reads with the second.
    const [clientWrite, clientRead] = hkdf64(new Uint8Array(0), state.salt);
    return { transport: new Transport(clientWrite, clientRead), clientStatic, payload };
  }
}

/** Splits a byte stream into length-prefixed frames, skipping the prologue once. */
export class FrameReader {
  #buffer = new Uint8Array(0);
  #prologueSeen = false;

  push(bytes: Uint8Array): Uint8Array[] {
    const joined = new Uint8Array(this.#buffer.length + bytes.length);
    joined.set(this.#buffer);
    joined.set(bytes, this.#buffer.length);
    let data = joined;
    if (!this.#prologueSeen) {
      if (data.length < PROLOGUE.length) {
        this.#buffer = data;
        return [];
      }
      if (!PROLOGUE.every((byte, i) => data[i] === byte)) throw new Error("bad prologue");
      this.#prologueSeen = true;
      data = data.subarray(PROLOGUE.length);
    }
    const frames: Uint8Array[] = [];
    while (data.length >= 3) {
      const size = (data[0]! << 16) | (data[1]! << 8) | data[2]!;
      if (data.length < size + 3) break;
      frames.push(data.slice(3, size + 3));
      data = data.subarray(size + 3);
    }
    this.#buffer = data.slice();
    return frames;
  }
}

export function frameOf(bytes: Uint8Array): Uint8Array {
  const frame = new Uint8Array(bytes.length + 3);
  frame[0] = (bytes.length >>> 16) & 0xff;
  frame[1] = (bytes.length >>> 8) & 0xff;
  frame[2] = bytes.length & 0xff;
  frame.set(bytes, 3);
  return frame;
}
