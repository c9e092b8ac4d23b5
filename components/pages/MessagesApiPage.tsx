/**
 * /messages-api (admin §2): the integrators' API documented, with copy-ready `curl` lines
 * for this installation's PUBLIC_URL, and the two test forms (islands/MessagesApiTester.tsx).
 */
import MessagesApiTester from "../../islands/MessagesApiTester.tsx";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { ListPageHeading } from "../lists/ListPageHeading.tsx";
import { Card } from "../ui/Card.tsx";

function Code({ children }: { children: string }) {
  return (
    <pre class="overflow-x-auto rounded-lg bg-surface-sunken p-3 font-mono text-xs leading-relaxed text-fg">
      <code>{children}</code>
    </pre>
  );
}

const ERRORS: ReadonlyArray<[status: number, code: string]> = [
  [400, "ERR_INVALID_NUMBER"],
  [401, "ERR_INVALID_API_TOKEN"],
  [403, "ERR_FEATURE_NOT_IN_PLAN"],
  [409, "ERR_WAPP_NOT_CONNECTED"],
  [413, "ERR_MEDIA_TOO_LARGE"],
  [429, "ERR_TOO_MANY_ATTEMPTS"],
];

export function MessagesApiPage({ t, publicUrl }: { t: TFunction; publicUrl: string }) {
  const base = publicUrl.replace(/\/+$/, "");
  const textCurl = `curl -X POST "${base}/api/messages/send" \\
  -H "Authorization: Bearer SEU_TOKEN" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: pedido-1234" \\
  -d '{"number": "5511999998888", "body": "Olá {{firstName}}, seu pedido saiu para entrega."}'`;
  const mediaCurl = `curl -X POST "${base}/api/messages/send" \\
  -H "Authorization: Bearer SEU_TOKEN" \\
  -F "number=5511999998888" \\
  -F "body=Segue o comprovante" \\
  -F "medias=@comprovante.pdf"`;
  const ackCurl = `curl "${base}/api/messages/send/MESSAGE_ID" \\
  -H "Authorization: Bearer SEU_TOKEN"`;
  const answer =
    `{"mensagem": "Mensagem enviada", "messageId": 1234, "messageIds": [1234], "ticketId": 56}`;
  return (
    <div class="flex flex-col gap-5">
      <ListPageHeading title={t("messagesApi.title")} intro={t("messagesApi.intro")} />
      <p class="-mt-2 text-sm">
        <a
          href="/api/docs"
          class="font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          {t("messagesApi.reference")}
        </a>
      </p>
      <div class="grid gap-4 lg:grid-cols-2">
        <Card title={t("messagesApi.auth.title")}>
          <div class="flex flex-col gap-3 text-sm">
            <p>{t("messagesApi.auth.text")}</p>
            <Code>Authorization: Bearer SEU_TOKEN</Code>
            <p class="text-fg-muted">{t("messagesApi.auth.where")}</p>
          </div>
        </Card>
        <Card title={t("messagesApi.rules.title")}>
          <ul class="flex list-disc flex-col gap-1.5 pl-5 text-sm">
            <li>{t("messagesApi.rules.number")}</li>
            <li>{t("messagesApi.rules.ticket")}</li>
            <li>{t("messagesApi.rules.idempotency")}</li>
            <li>{t("messagesApi.rules.rateLimit")}</li>
            <li>{t("messagesApi.rules.media")}</li>
          </ul>
        </Card>
      </div>
      <Card title={t("messagesApi.text.title")}>
        <div class="flex flex-col gap-3 text-sm">
          <p>{t("messagesApi.text.text")}</p>
          <Code>{textCurl}</Code>
          <p>{t("messagesApi.answer")}</p>
          <Code>{answer}</Code>
        </div>
      </Card>
      <Card title={t("messagesApi.media.title")}>
        <div class="flex flex-col gap-3 text-sm">
          <p>{t("messagesApi.media.text")}</p>
          <Code>{mediaCurl}</Code>
        </div>
      </Card>
      <Card title={t("messagesApi.acks.title")}>
        <div class="flex flex-col gap-3 text-sm">
          <p>{t("messagesApi.acks.text")}</p>
          <Code>{ackCurl}</Code>
        </div>
      </Card>
      <Card title={t("messagesApi.errors.title")}>
        <div class="overflow-x-auto">
          <table class="w-full text-left text-sm">
            <thead class="text-xs text-fg-muted">
              <tr>
                <th class="py-1.5 pr-4 font-medium">HTTP</th>
                <th class="py-1.5 pr-4 font-medium">{t("messagesApi.errors.code")}</th>
                <th class="hidden py-1.5 font-medium sm:table-cell">
                  {t("messagesApi.errors.meaning")}
                </th>
              </tr>
            </thead>
            <tbody>
              {ERRORS.map(([status, code]) => (
                <tr key={code} class="border-t border-line">
                  <td class="py-1.5 pr-4 tabular-nums">{status}</td>
                  <td class="py-1.5 pr-4 font-mono text-xs">
                    {code}
                    {/* On a phone the meaning goes under the code: a third column was clipped. */}
                    <span class="mt-0.5 block font-sans text-sm sm:hidden">
                      {t(`errors.${code}`)}
                    </span>
                  </td>
                  <td class="hidden py-1.5 sm:table-cell">{t(`errors.${code}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <h2 class="text-lg font-semibold">{t("messagesApi.test.title")}</h2>
      <MessagesApiTester />
    </div>
  );
}

/** The locale groups the page's island translates with. */
export const MESSAGES_API_PAGE_GROUPS = ["messagesApi"];
