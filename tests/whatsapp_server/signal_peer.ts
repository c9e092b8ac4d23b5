/**
 * A simulated device's end of the Signal protocol (the customer's phone, or the business's own
 * phone): its identity, signed pre-key and one-time pre-keys, and its sessions with other
 * devices, all in memory. Built on the `libsignal` package WhatsApp's clients use, with a store
 * of our own; message bodies are WhatsApp's padded protobuf `Message`s.
 */
import { Buffer } from "node:buffer";
import { randomBytes } from "node:crypto";
import * as libsignalModule from "libsignal";
import { proto } from "baileys";

type LibKeyPair = { pubKey: Buffer; privKey: Buffer };

/** The parts of libsignal used here; its bundled typings leave out the key helpers. */
const libsignal = libsignalModule as typeof libsignalModule & {
  keyhelper: {
    generateRegistrationId(): number;
    generateSignedPreKey(
      identity: LibKeyPair,
      keyId: number,
    ): { keyId: number; keyPair: LibKeyPair; signature: Buffer };
    generatePreKey(keyId: number): { keyId: number; keyPair: LibKeyPair };
  };
  curve: { generateKeyPair(): LibKeyPair };
};

export interface PreKeyBundle {
  registrationId: number;
  /** 32-byte identity key (no type byte), as WhatsApp's key nodes carry it. */
  identity: Buffer;
  signedPreKey: { id: number; public: Buffer; signature: Buffer };
  /** One one-time pre-key, consumed by the fetch, when any is left. */
  preKey?: { id: number; public: Buffer };
}

const strip = (key: Uint8Array) => Buffer.from(key.length === 33 ? key.subarray(1) : key);
const typed = (key: Uint8Array) =>
  key.length === 33 ? Buffer.from(key) : Buffer.concat([Buffer.from([5]), Buffer.from(key)]);

/** Pads a message body as WhatsApp does (1–16 bytes, each holding the pad's length). */
export function pad(bytes: Uint8Array): Buffer {
  const length = (randomBytes(1)[0]! & 0x0f) + 1;
  return Buffer.concat([Buffer.from(bytes), Buffer.alloc(length, length)]);
}

export function unpad(bytes: Uint8Array): Uint8Array {
  const length = bytes[bytes.length - 1]!;
  if (length === 0 || length > bytes.length) throw new Error("bad padding");
  return bytes.subarray(0, bytes.length - length);
}

export class SignalPeer {
  readonly registrationId = libsignal.keyhelper.generateRegistrationId();
  readonly identity: LibKeyPair = libsignal.curve.generateKeyPair();
  readonly signedPreKey = libsignal.keyhelper.generateSignedPreKey(this.identity, 1);
  readonly #preKeys = new Map<number, LibKeyPair>();
  readonly #unused: number[] = [];
  readonly #sessions = new Map<string, libsignalModule.SessionRecord>();
  readonly #identities = new Map<string, Buffer>();

  constructor(preKeys = 30) {
    for (let id = 1; id <= preKeys; id++) {
      this.#preKeys.set(id, libsignal.keyhelper.generatePreKey(id).keyPair);
      this.#unused.push(id);
    }
  }

  /** The bundle another device fetches to start a session with this one. */
  takeBundle(): PreKeyBundle {
    const id = this.#unused.shift();
    const preKey = id === undefined
      ? undefined
      : { id, public: strip(this.#preKeys.get(id)!.pubKey) };
    return {
      registrationId: this.registrationId,
      identity: strip(this.identity.pubKey),
      signedPreKey: {
        id: this.signedPreKey.keyId,
        public: strip(this.signedPreKey.keyPair.pubKey),
        signature: Buffer.from(this.signedPreKey.signature),
      },
      preKey,
    };
  }

  hasSession(address: string): boolean {
    return this.#sessions.get(address)?.haveOpenSession() ?? false;
  }

  /** Starts a session towards `address` from the bundle the server handed out. */
  async startSession(address: string, bundle: PreKeyBundle): Promise<void> {
    const builder = new libsignal.SessionBuilder(this.#storage(), this.#address(address));
    await builder.initOutgoing({
      registrationId: bundle.registrationId,
      identityKey: typed(bundle.identity),
      signedPreKey: {
        keyId: bundle.signedPreKey.id,
        publicKey: typed(bundle.signedPreKey.public),
        signature: bundle.signedPreKey.signature,
      },
      preKey: bundle.preKey
        ? { keyId: bundle.preKey.id, publicKey: typed(bundle.preKey.public) }
        : undefined!,
    });
  }

  /** Encrypts a WhatsApp message for one device: `pkmsg` until that device has answered. */
  async encrypt(
    address: string,
    message: proto.IMessage,
  ): Promise<{ type: "pkmsg" | "msg"; ciphertext: Buffer }> {
    const cipher = new libsignal.SessionCipher(this.#storage(), this.#address(address));
    const plain = pad(proto.Message.encode(message).finish());
    const { type, body } = await cipher.encrypt(plain);
    return { type: type === 3 ? "pkmsg" : "msg", ciphertext: Buffer.from(body, "binary") };
  }

  async decrypt(address: string, type: string, ciphertext: Uint8Array): Promise<proto.Message> {
    const cipher = new libsignal.SessionCipher(this.#storage(), this.#address(address));
    const data = Buffer.from(ciphertext);
    const plain = type === "pkmsg"
      ? await cipher.decryptPreKeyWhisperMessage(data)
      : await cipher.decryptWhisperMessage(data);
    return proto.Message.decode(unpad(plain));
  }

  #address(address: string) {
    const dot = address.lastIndexOf(".");
    return new libsignal.ProtocolAddress(address.slice(0, dot), Number(address.slice(dot + 1)));
  }

  #storage(): libsignalModule.SignalStorage {
    return {
      loadSession: (id: string) => Promise.resolve(this.#sessions.get(id)),
      storeSession: (id: string, record: libsignalModule.SessionRecord) => {
        this.#sessions.set(id, record);
        return Promise.resolve();
      },
      // Trust on first use, as WhatsApp's clients do.
      isTrustedIdentity: (id: string, key: Uint8Array) => {
        this.#identities.set(id, Buffer.from(key));
        return true;
      },
      loadPreKey: (id: number | string) => Promise.resolve(this.#preKeys.get(Number(id))),
      removePreKey: (id: number) => void this.#preKeys.delete(id),
      loadSignedPreKey: () => this.signedPreKey.keyPair,
      getOurRegistrationId: () => this.registrationId,
      getOurIdentity: () => this.identity,
    };
  }
}
