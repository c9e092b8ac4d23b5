/**
 * Compiles `styles/app.css` with Tailwind v4 (pinned 4.3.3, see DESIGN.md §1) into a
 * content-hashed, minified file, so the stylesheet can be served immutable.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TAILWIND_CLI = "npm:@tailwindcss/cli@4.3.3";

export interface BuiltCss {
  /** File name inside the output directory, e.g. `app-1a2b3c4d.css`. */
  fileName: string;
  bytes: number;
}

export async function buildCss(
  outDir: string,
  input = join(ROOT, "styles/app.css"),
): Promise<BuiltCss> {
  await Deno.mkdir(outDir, { recursive: true });
  const tmp = join(outDir, "app.tmp.css");
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", TAILWIND_CLI, "-i", input, "-o", tmp, "--minify"],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).output();
  if (code !== 0) {
    throw new Error(`Tailwind failed to build ${input}:\n${new TextDecoder().decode(stderr)}`);
  }
  const css = await Deno.readFile(tmp);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", css));
  const hash = Array.from(digest.slice(0, 5), (b) => b.toString(16).padStart(2, "0")).join("");
  const fileName = `app-${hash}.css`;
  await Deno.rename(tmp, join(outDir, fileName));
  return { fileName, bytes: css.length };
}
