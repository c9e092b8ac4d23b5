/**
 * The translator of the page being rendered on the server. Pages provide it around their
 * body so islands rendered inside them translate in the request's language; in the
 * browser there is no provider and islands use the client translator instead.
 */
import { createContext } from "preact";
import type { TFunction } from "./languages.ts";

export const TContext = createContext<TFunction | null>(null);
