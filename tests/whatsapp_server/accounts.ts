/**
 * Who exists on the simulated network: accounts (a phone number and a LID), each with its
 * primary device (a simulated phone holding a Signal identity) and, for the business accounts
 * Balcão links to, companion devices (Baileys sessions) with the keys they uploaded and the
 * stanzas waiting for them.
 */
import { Buffer } from "node:buffer";
import { randomBytes } from "node:crypto";
import { type BinaryNode, jidDecode } from "baileys";
import { type PreKeyBundle, SignalPeer } from "./signal_peer.ts";
import type { Connection } from "./connection.ts";

export interface SignedPreKey {
  id: number;
  public: Buffer;
  signature: Buffer;
}

/** A stanza held for a companion until it acknowledges it (the offline queue). */
export interface Pending {
  /** "message:ID", "receipt:ID" or "notification:ID": what the companion's ack names. */
  key: string;
  node: BinaryNode;
}

export interface Companion {
  id: number;
  keyIndex: number;
  noiseKey: Buffer;
  identity: Buffer;
  registrationId: number;
  signedPreKey: SignedPreKey;
  preKeys: Map<number, Buffer>;
  pending: Pending[];
  /** The socket logged in as this device, when one is. */
  connection?: Connection;
}

export class Account {
  /** The primary device (device 0): the phone. */
  readonly phone = new SignalPeer();
  readonly companions = new Map<number, Companion>();
  #nextDevice = 1;
  #nextKeyIndex = 1;

  constructor(readonly pn: string, readonly lid: string, public name: string) {}

  get pnJid() {
    return `${this.pn}@s.whatsapp.net`;
  }

  get lidJid() {
    return `${this.lid}@lid`;
  }

  /** Reserves the next companion device id and key index (a pairing in progress). */
  nextDevice(): { id: number; keyIndex: number } {
    return { id: this.#nextDevice++, keyIndex: this.#nextKeyIndex++ };
  }

  /** Device ids as a usync device list shows them: the phone, then linked devices. */
  deviceIds(): { id: number; keyIndex?: number }[] {
    return [
      { id: 0 },
      ...[...this.companions.values()].map((c) => ({ id: c.id, keyIndex: c.keyIndex })),
    ];
  }

  bundleOf(device: number): PreKeyBundle | undefined {
    if (device === 0) return this.phone.takeBundle();
    const companion = this.companions.get(device);
    if (!companion) return undefined;
    const first = companion.preKeys.entries().next();
    let preKey: PreKeyBundle["preKey"];
    if (!first.done) {
      const [id, key] = first.value;
      companion.preKeys.delete(id);
      preKey = { id, public: key };
    }
    return {
      registrationId: companion.registrationId,
      identity: companion.identity,
      signedPreKey: companion.signedPreKey,
      preKey,
    };
  }
}

/** Digits only, as WhatsApp's user parts are. */
function randomDigits(length: number): string {
  return Array.from(randomBytes(length), (b) => String(b % 10)).join("").replace(/^0/, "1");
}

export class Directory {
  readonly #byPn = new Map<string, Account>();
  readonly #byLid = new Map<string, Account>();

  /** The account of a phone number, created on first use (every number is on WhatsApp here). */
  account(pn: string, name = ""): Account {
    let account = this.#byPn.get(pn);
    if (!account) {
      let lid = randomDigits(15);
      while (this.#byLid.has(lid)) lid = randomDigits(15);
      account = new Account(pn, lid, name);
      this.#byPn.set(pn, account);
      this.#byLid.set(lid, account);
    }
    if (name) account.name = name;
    return account;
  }

  byPn(pn: string): Account | undefined {
    return this.#byPn.get(pn);
  }

  /** The account and device a JID names (`5511…:2@s.whatsapp.net`, `1234…@lid`). */
  resolve(jid: string): { account: Account; device: number; viaLid: boolean } | undefined {
    const decoded = jidDecode(jid);
    if (!decoded?.user) return undefined;
    const viaLid = decoded.server === "lid";
    const account = viaLid ? this.#byLid.get(decoded.user) : this.account(decoded.user);
    return account ? { account, device: decoded.device ?? 0, viaLid } : undefined;
  }

  /** The companion logged in (or known) under a user and device id. */
  companion(user: string, device: number): { account: Account; companion: Companion } | undefined {
    const account = this.#byPn.get(user) ?? this.#byLid.get(user);
    const companion = account?.companions.get(device);
    return account && companion ? { account, companion } : undefined;
  }

  accounts(): Account[] {
    return [...this.#byPn.values()];
  }
}
