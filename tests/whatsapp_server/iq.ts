/**
 * The server's answers to a logged-in companion's queries (`<iq>`): pre-key upload, count,
 * digest and rotation (`encrypt`), pre-key bundles of other devices (`encrypt` + `key`),
 * device lists and LIDs (`usync`), the media host (`w:m` media_conn), keep-alive pings, and
 * the small start-up queries (props, privacy, blocklist, passive). Anything else is refused with
 * 501, as a server answers a feature it does not have.
 */
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import {
  type BinaryNode,
  getBinaryNodeChild,
  getBinaryNodeChildBuffer,
  getBinaryNodeChildren,
} from "baileys";
import type { Companion, Directory } from "./accounts.ts";
import type { PreKeyBundle } from "./signal_peer.ts";

export interface IqContext {
  directory: Directory;
  /** The companion asking (its account's jid for addressing). */
  companion: Companion;
  mediaHost?: { hostname: string; auth: string };
}

const bytesOf = (value: number, length: number) => {
  const out = Buffer.alloc(length);
  for (let i = length - 1; i >= 0; i--) {
    out[i] = value & 0xff;
    value = Math.floor(value / 256);
  }
  return out;
};

const uint = (bytes: Uint8Array | undefined) =>
  Array.from(bytes ?? []).reduce((value, byte) => value * 256 + byte, 0);

const child = (tag: string, content?: BinaryNode["content"], attrs: Record<string, string> = {}) =>
  ({ tag, attrs, content }) as BinaryNode;

export function result(iq: BinaryNode, content?: BinaryNode[]): BinaryNode {
  return {
    tag: "iq",
    attrs: { from: "s.whatsapp.net", type: "result", id: iq.attrs.id! },
    content,
  };
}

export function refusal(iq: BinaryNode, code: number, text: string): BinaryNode {
  return {
    tag: "iq",
    attrs: { from: "s.whatsapp.net", type: "error", id: iq.attrs.id! },
    content: [{ tag: "error", attrs: { code: String(code), text } }],
  };
}

/** The answer to one iq, or undefined for a result the client sent us (handled elsewhere). */
export function answerIq(iq: BinaryNode, context: IqContext): BinaryNode | undefined {
  const { xmlns, type } = iq.attrs;
  if (type === "result" || type === "error") return undefined;
  const first = Array.isArray(iq.content) ? iq.content[0] : undefined;
  switch (`${xmlns}:${first?.tag ?? ""}`) {
    case "encrypt:count":
      return result(iq, [
        child("count", undefined, { value: String(context.companion.preKeys.size) }),
      ]);
    case "encrypt:registration":
      return uploadPreKeys(iq, context.companion);
    case "encrypt:digest":
      return result(iq, [digestOf(context.companion)]);
    case "encrypt:rotate":
      return rotate(iq, context.companion);
    case "encrypt:key":
      return bundles(iq, first!, context.directory);
    case "usync:usync":
      return usync(iq, first!, context.directory);
    case "w:m:media_conn":
      if (!context.mediaHost) return refusal(iq, 501, "feature-not-implemented");
      return result(iq, [child("media_conn", [
        child("host", undefined, {
          hostname: context.mediaHost.hostname,
          maxContentLengthBytes: String(100 * 1024 * 1024),
        }),
      ], { auth: context.mediaHost.auth, ttl: "3600", auth_ttl: "3600", max_buckets: "12" })]);
    case "w:p:ping":
    case "passive:active":
    case "passive:passive":
      return result(iq);
    case "abt:props":
      return result(iq, [child("props", [], { protocol: "1", hash: "simulator" })]);
    case "privacy:privacy":
      return result(iq, [child("privacy", [
        child("category", undefined, { name: "readreceipts", value: "all" }),
        child("category", undefined, { name: "last", value: "all" }),
      ])]);
    case "blocklist:":
      return result(iq, [child("list", [])]);
    default:
      return refusal(iq, 501, "feature-not-implemented");
  }
}

function keyOf(node: BinaryNode | undefined) {
  return {
    id: uint(getBinaryNodeChildBuffer(node, "id")),
    value: getBinaryNodeChildBuffer(node, "value"),
  };
}

function uploadPreKeys(iq: BinaryNode, companion: Companion): BinaryNode {
  const list = getBinaryNodeChild(iq, "list");
  for (const key of getBinaryNodeChildren(list, "key")) {
    const { id, value } = keyOf(key);
    if (value?.length === 32) companion.preKeys.set(id, Buffer.from(value));
  }
  const skey = getBinaryNodeChild(iq, "skey");
  const signature = getBinaryNodeChildBuffer(skey, "signature");
  const { id, value } = keyOf(skey);
  if (value && signature) {
    companion.signedPreKey = { id, public: Buffer.from(value), signature: Buffer.from(signature) };
  }
  return result(iq);
}

function rotate(iq: BinaryNode, companion: Companion): BinaryNode {
  const skey = getBinaryNodeChild(getBinaryNodeChild(iq, "rotate"), "skey");
  const signature = getBinaryNodeChildBuffer(skey, "signature");
  const { id, value } = keyOf(skey);
  if (!value || !signature) return refusal(iq, 400, "bad-request");
  companion.signedPreKey = { id, public: Buffer.from(value), signature: Buffer.from(signature) };
  return result(iq);
}

function digestOf(companion: Companion): BinaryNode {
  const ids = [...companion.preKeys.keys()];
  const hash = createHash("sha1");
  hash.update(companion.identity).update(companion.signedPreKey.public);
  hash.update(companion.signedPreKey.signature);
  for (const id of ids) hash.update(companion.preKeys.get(id)!);
  return child("digest", [
    child("registration", bytesOf(companion.registrationId, 4)),
    child("type", Buffer.from([5])),
    child("identity", companion.identity),
    child("skey", [child("id", bytesOf(companion.signedPreKey.id, 3))]),
    child("list", ids.map((id) => child("id", bytesOf(id, 3)))),
    child("hash", hash.digest()),
  ]);
}

export function bundleNode(jid: string, bundle: PreKeyBundle): BinaryNode {
  return child("user", [
    child("registration", bytesOf(bundle.registrationId, 4)),
    child("type", Buffer.from([5])),
    child("identity", bundle.identity),
    child("skey", [
      child("id", bytesOf(bundle.signedPreKey.id, 3)),
      child("value", bundle.signedPreKey.public),
      child("signature", bundle.signedPreKey.signature),
    ]),
    ...(bundle.preKey
      ? [
        child("key", [
          child("id", bytesOf(bundle.preKey.id, 3)),
          child("value", bundle.preKey.public),
        ]),
      ]
      : []),
  ], { jid });
}

function bundles(iq: BinaryNode, key: BinaryNode, directory: Directory): BinaryNode {
  const users = getBinaryNodeChildren(key, "user").map(({ attrs: { jid } }) => {
    const found = jid ? directory.resolve(jid) : undefined;
    const bundle = found?.account.bundleOf(found.device);
    if (!jid || !bundle) {
      return child("user", [child("error", undefined, { code: "404", text: "item-not-found" })], {
        jid: jid ?? "",
      });
    }
    return bundleNode(jid, bundle);
  });
  return result(iq, [child("list", users)]);
}

function usync(iq: BinaryNode, query: BinaryNode, directory: Directory): BinaryNode {
  const asked = new Set(
    (getBinaryNodeChild(query, "query")?.content as BinaryNode[] | undefined ?? []).map((n) =>
      n.tag
    ),
  );
  const users = getBinaryNodeChildren(getBinaryNodeChild(query, "list"), "user").map((user) => {
    const contact = getBinaryNodeChild(user, "contact");
    const phone = contact?.content ? Buffer.from(contact.content as Uint8Array).toString() : "";
    const jid = user.attrs.jid ?? `${phone.replace(/\D/g, "")}@s.whatsapp.net`;
    const found = directory.resolve(jid);
    if (!found) return child("user", [], { jid });
    const parts: BinaryNode[] = [];
    if (asked.has("devices")) {
      parts.push(child("devices", [
        child(
          "device-list",
          found.account.deviceIds().map((device) =>
            child("device", undefined, {
              id: String(device.id),
              ...(device.keyIndex ? { "key-index": String(device.keyIndex) } : {}),
            })
          ),
        ),
      ]));
    }
    if (asked.has("lid") && !found.viaLid) {
      parts.push(child("lid", undefined, { val: found.account.lidJid }));
    }
    if (asked.has("contact")) parts.push(child("contact", undefined, { type: "in" }));
    return child("user", parts, { jid: found.viaLid ? found.account.lidJid : found.account.pnJid });
  });
  return result(iq, [child("usync", [child("list", users)], {
    sid: query.attrs.sid ?? "",
    index: "0",
    last: "true",
  })]);
}
