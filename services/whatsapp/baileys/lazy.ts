/**
 * Baileys (with WhatsApp's protocol definitions) adds about 64 MB to a process just by being
 * loaded. An installation that has only sandbox connections, or none running yet, never
 * needs it: this factory loads the real provider on a session's first start.
 */
import { NotConnectedError, type ProviderFactory, type WhatsappProvider } from "../provider.ts";
import type { BaileysOptions } from "./provider.ts";

export function lazyBaileysFactory(options: BaileysOptions = {}): ProviderFactory {
  return (context) => {
    let real: WhatsappProvider | undefined;
    const load = async () => {
      real ??= (await import("./provider.ts")).createBaileysProvider(context, options);
      return real;
    };
    /** Before the first start nothing is open: sending or downloading cannot work yet. */
    const opened = () => {
      if (!real) throw new NotConnectedError();
      return real;
    };
    return {
      start: async () => await (await load()).start(),
      stop: async () => await real?.stop(),
      // Logging out forgets the stored credentials, which the real provider knows how to do.
      logout: async () => await (await load()).logout(),
      send: async (message) => await opened().send(message),
      deleteMessage: async (chat, id, fromMe) => await opened().deleteMessage(chat, id, fromMe),
      downloadMedia: async (messageId) => await opened().downloadMedia(messageId),
    };
  };
}
