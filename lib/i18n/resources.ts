/** Every locale file, for the server only: islands receive just what they need at boot. */
import ptBR from "../../locales/pt-BR.json" with { type: "json" };
import en from "../../locales/en.json" with { type: "json" };
import es from "../../locales/es.json" with { type: "json" };
import type { Lang, Resource } from "./languages.ts";

export const RESOURCES: Record<Lang, Resource> = { "pt-BR": ptBR, en, es };
