/**
 * The /contacts island: the screen of components/contacts/ContactsManager.tsx with the live
 * contact events of the tab's realtime socket. Its props are data only (islands cross from
 * server to browser); the socket is opened in the browser, after the first render.
 */
import { useEffect, useState } from "preact/hooks";
import { connectRealtime, type RealtimeClient } from "../lib/client/realtime.ts";
import {
  ContactsManager,
  type ContactsManagerProps,
} from "../components/contacts/ContactsManager.tsx";

export type ContactsPageProps = Omit<ContactsManagerProps, "realtime">;

export default function ContactsPage(props: ContactsPageProps) {
  const [realtime, setRealtime] = useState<RealtimeClient | undefined>(undefined);
  useEffect(() => {
    // When the app shell's shared socket lands (lib/client/session.ts `sharedRealtime()`),
    // use it here instead, so the tab keeps one socket for every island.
    const client = connectRealtime();
    setRealtime(client);
    return () => client.close();
  }, []);
  return <ContactsManager {...props} realtime={realtime} />;
}
