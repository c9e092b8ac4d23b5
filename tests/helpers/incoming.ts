/** A customer's message as a provider reports it, for tests that drive the inbound pipeline. */
import type { ContactIdentity, IncomingMessage } from "../../services/whatsapp/provider.ts";

export function incomingMessage(
  customer: ContactIdentity,
  wid: string,
  body: string,
  extra: Partial<IncomingMessage> = {},
): IncomingMessage {
  return {
    messageId: wid,
    chat: customer,
    sender: customer,
    fromMe: false,
    timestamp: new Date(),
    body,
    isHistory: false,
    ...extra,
  };
}
