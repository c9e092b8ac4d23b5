/** The shapes of the contacts area, shared by its modules (kept apart so they import no cycle). */

export interface ExtraInfo {
  id: number;
  name: string;
  value: string;
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
