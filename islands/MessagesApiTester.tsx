/**
 * The /messages-api page's two test forms (admin §2 "Messages API page"): text, and text with
 * a file, sent to the integrators' API with the token of the connection chosen here, exactly
 * as an integrator's script would call it (the answer is shown as it came).
 */
import { useEffect, useState } from "preact/hooks";
import { Button } from "../components/ui/Button.tsx";
import { Card } from "../components/ui/Card.tsx";
import { Input } from "../components/ui/Input.tsx";
import { Select } from "../components/ui/Select.tsx";
import { api } from "../lib/client/api.ts";
import { useT } from "../lib/i18n/client.ts";

interface Connection {
  id: number;
  name: string;
  status: string;
  token?: string;
}

type Kind = "text" | "media";

function TestForm({ kind, connections }: { kind: Kind; connections: Connection[] }) {
  const t = useT();
  const [token, setToken] = useState("");
  const [number, setNumber] = useState("");
  const [body, setBody] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `api-test-${kind}`;

  async function send(event: Event) {
    event.preventDefault();
    const required = t("messagesApi.required");
    const found: Record<string, string> = {};
    if (!token) found.token = required;
    if (!number.trim()) found.number = required;
    if (kind === "text" && !body.trim()) found.body = required;
    if (kind === "media" && !file) found.file = required;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    let init: RequestInit;
    if (kind === "media") {
      const form = new FormData();
      form.append("number", number.trim());
      form.append("body", body);
      form.append("medias", file!);
      init = { method: "POST", body: form };
    } else {
      init = {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ number: number.trim(), body }),
      };
    }
    try {
      const res = await fetch("/api/messages/send", {
        ...init,
        headers: { ...init.headers, Authorization: `Bearer ${token}` },
        credentials: "omit",
      });
      setResult(`${res.status} ${await res.text()}`);
    } catch (err) {
      setResult(String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t(`messagesApi.test.${kind}Title`)}>
      <form id={id} class="flex flex-col gap-4" onSubmit={send} noValidate>
        <Select
          id={`${id}-token`}
          label={t("messagesApi.test.connection")}
          placeholder={t("messagesApi.test.chooseConnection")}
          required
          value={token}
          error={errors.token}
          options={connections.filter((c) => c.token).map((c) => ({
            value: c.token!,
            label: `${c.name} (${c.status})`,
          }))}
          onChange={(event) => setToken(event.currentTarget.value)}
        />
        <Input
          id={`${id}-number`}
          label={t("messagesApi.test.number")}
          hint={t("messagesApi.test.numberHint")}
          inputMode="tel"
          required
          value={number}
          error={errors.number}
          onInput={(event) => setNumber(event.currentTarget.value)}
        />
        <Input
          id={`${id}-body`}
          label={t("messagesApi.test.body")}
          required={kind === "text"}
          value={body}
          error={errors.body}
          onInput={(event) => setBody(event.currentTarget.value)}
        />
        {kind === "media" && (
          <Input
            id={`${id}-file`}
            type="file"
            label={t("messagesApi.test.file")}
            required
            error={errors.file}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
        )}
        <div class="flex items-center gap-3">
          <Button type="submit" loading={busy}>{t("messagesApi.test.send")}</Button>
        </div>
        {result && (
          <pre
            role="status"
            class="overflow-x-auto rounded-lg bg-surface-sunken p-3 font-mono text-xs whitespace-pre-wrap"
          >
            {result}
          </pre>
        )}
      </form>
    </Card>
  );
}

export default function MessagesApiTester() {
  const [connections, setConnections] = useState<Connection[]>([]);
  useEffect(() => {
    api<Connection[]>("/api/whatsapp").then(setConnections, () => setConnections([]));
  }, []);
  return (
    <div class="grid gap-4 lg:grid-cols-2">
      <TestForm kind="text" connections={connections} />
      <TestForm kind="media" connections={connections} />
    </div>
  );
}
