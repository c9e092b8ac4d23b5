/** The product version, read from deno.json so there is one source of truth. */
import denoConfig from "../deno.json" with { type: "json" };

export const VERSION: string = denoConfig.version;
