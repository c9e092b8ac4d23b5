/**
 * Builds the stylesheet once into `static/build/` and prints the file name:
 * `deno run -A lib/styles/build_once.ts`. A stand-in until `dev.ts build` exists.
 */
import { fileURLToPath } from "node:url";
import { buildCss } from "./build.ts";

const outDir = fileURLToPath(new URL("../../static/build/", import.meta.url));
const built = await buildCss(outDir);
console.log(`static/build/${built.fileName} (${built.bytes} bytes)`);
