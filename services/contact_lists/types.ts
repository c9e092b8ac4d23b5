/** Contact lists and their items (admin §3): the audiences of campaigns. */
export interface ContactList {
  id: number;
  name: string;
  contactsCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ContactListItem {
  id: number;
  name: string;
  number: string;
  email: string;
  /** WhatsApp's answer; null while it could not be asked (no connected connection). */
  isWhatsappValid: boolean | null;
  companyId: number;
  contactListId: number;
}
