/** Runs `main.ts` as a real process, as a self-hoster would, and reads its log. */
export interface AppProcess {
  url: string;
  log: () => string;
  /** Sends a signal and answers the exit code. */
  stop(signal?: Deno.Signal): Promise<number>;
}

export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    env: { ...env, NO_COLOR: "1", PORT: env.PORT ?? "0" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let output = "";
  const decoder = new TextDecoder();
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += decoder.decode(chunk);
  };
  const pumping = Promise.all([pump(child.stdout), pump(child.stderr)]);

  const deadline = Date.now() + 60_000;
  let url: string | undefined;
  while (!url) {
    url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await pumping;
      throw new Error(`The app did not start within 60 s. Its log:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    log: () => output,
    async stop(signal: Deno.Signal = "SIGTERM") {
      child.kill(signal);
      const status = await child.status;
      await pumping;
      return status.code;
    },
  };
}
