/** Shapes of the users area that several of its modules share (so none imports another for a type). */

/** A connection as the default-connection select lists it. */
export interface ConnectionChoice {
  id: number;
  name: string;
}
