/**
 * The simulator's media host (what `media_conn` names): an HTTPS server on 127.0.0.1 with a
 * certificate from the simulator's own test CA (`tls/ca.pem`; the product trusts it through
 * Deno's `DENO_CERT`, since WhatsApp clients always speak https to media hosts). Uploads are
 * `POST /mms/<kind>/<encSha256>?auth=…&token=…` with the encrypted bytes and answer the
 * `direct_path`; downloads are `GET <direct_path>`. It stores encrypted files only.
 */
import { Buffer } from "node:buffer";
import { createHash, randomBytes } from "node:crypto";
import type { Account } from "./accounts.ts";

const here = new URL("./tls/", import.meta.url);
export const SIMULATOR_CA_FILE = new URL("ca.pem", here).pathname;

export class MediaHost {
  readonly files = new Map<string, Uint8Array>();
  readonly #tokens = new Set<string>();
  #server?: Deno.HttpServer<Deno.NetAddr>;

  start(hostname: string): Promise<void> {
    if (this.#server) return Promise.resolve();
    this.#server = Deno.serve({
      port: 0,
      hostname,
      cert: Deno.readTextFileSync(new URL("media.pem", here)),
      key: Deno.readTextFileSync(new URL("media.key", here)),
      onListen: () => {},
    }, (request) => this.#handle(request));
    return Promise.resolve();
  }

  get hostname(): string {
    return `${this.#server!.addr.hostname}:${this.#server!.addr.port}`;
  }

  /** What `media_conn` tells a device: this host and an upload token. */
  hostFor(_account: Account): { hostname: string; auth: string } | undefined {
    if (!this.#server) return undefined;
    const auth = randomBytes(16).toString("base64url");
    this.#tokens.add(auth);
    return { hostname: this.hostname, auth };
  }

  /** Stores an encrypted file (a simulated phone's upload); answers its direct path and URL. */
  put(file: Uint8Array): { directPath: string; url: string } {
    const name = createHash("sha256").update(file).digest("hex");
    const directPath = `/v/t62.7118-24/${name}.enc?ccb=11-4`;
    this.files.set(directPath.split("?")[0]!, file);
    return { directPath, url: `https://${this.hostname}${directPath}` };
  }

  async #handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname.startsWith("/mms/")) {
      if (!this.#tokens.has(url.searchParams.get("auth") ?? "")) {
        return Response.json({ error: "unauthorized" }, { status: 401 });
      }
      const body = new Uint8Array(await request.arrayBuffer());
      const hash = createHash("sha256").update(body).digest("base64url");
      if (hash !== url.pathname.split("/").pop()) {
        return Response.json({ error: "hash mismatch" }, { status: 400 });
      }
      const { directPath, url: fileUrl } = this.put(body);
      return Response.json({ url: fileUrl, direct_path: directPath });
    }
    const file = request.method === "GET" ? this.files.get(url.pathname) : undefined;
    if (!file) return new Response("not found", { status: 404 });
    return new Response(Buffer.from(file), {
      headers: { "content-type": "application/octet-stream" },
    });
  }

  async close(): Promise<void> {
    await this.#server?.shutdown();
    this.#server = undefined;
  }
}
