/**
 * The /contacts island: the screen of components/contacts/ContactsManager.tsx with the live
 * contact events of the tab's shared realtime socket. Its props are data only (islands cross
 * from server to browser); the socket is taken in the browser, after the first render.
 */
import { useEffect, useState } from "preact/hooks";
import type { RealtimeClient } from "../lib/client/realtime.ts";
import { sharedRealtime } from "../lib/client/session.ts";
import { ContactsManager, type ContactsManagerProps } from "./contacts/ContactsManager.tsx";

export type ContactsPageProps = Omit<ContactsManagerProps, "realtime">;

export default function ContactsPage(props: ContactsPageProps) {
  const [realtime, setRealtime] = useState<RealtimeClient | undefined>(undefined);
  // The socket belongs to the tab (other islands use it too), so leaving does not close it.
  useEffect(() => setRealtime(sharedRealtime()), []);
  return <ContactsManager {...props} realtime={realtime} />;
}
