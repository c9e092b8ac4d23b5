/** A contact as the contacts screen shows it, and a page of them as `GET /api/contacts` answers. */

export interface ContactExtraInfo {
  id: number;
  name: string;
  value: string;
}

export interface ContactRow {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup?: boolean;
  extraInfo: ContactExtraInfo[];
  /** The contact's own tags (set in the contact panel beside a conversation). */
  tags?: { id: number; name: string; color: string }[];
}

export interface ContactsPageData {
  contacts: ContactRow[];
  count: number;
  hasMore: boolean;
}
