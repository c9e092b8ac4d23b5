/** The shapes of the contacts area, shared by its modules (kept apart so they import no cycle). */

export interface ExtraInfo {
  id: number;
  name: string;
  value: string;
}

/** A tag the contact carries (issue 23 item 1), as the ticket's tags are shown. */
export interface ContactTag {
  id: number;
  name: string;
  color: string;
}

export interface Contact {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  createdAt: Date;
  updatedAt: Date;
  extraInfo: ExtraInfo[];
  tags: ContactTag[];
}

export interface ExtraInfoInput {
  /** An existing field of this contact to update; without it the field is added. */
  id?: number;
  name: string;
  value: string;
}

export interface ContactInput {
  name: string;
  /** As typed; stored normalised. */
  number: string;
  email: string;
  extraInfo: ExtraInfoInput[];
}
