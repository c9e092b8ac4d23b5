/**
 * The one way the adapters call a billing system: through `outboundFetch` (the address is
 * one a company admin typed), JSON in and out, and any answer that is not a 2xx JSON body is
 * a failure the chatbot reports as "unavailable".
 */
import type { IspCallOptions } from "./types.ts";

export class IspCallError extends Error {}

interface IspRequest {
  method?: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** The answer's text (a bare token, as MK-Auth gives it). */
export async function ispText(
  options: IspCallOptions,
  url: string,
  init: IspRequest,
): Promise<string> {
  return (await ispCall(options, url, init)).text().trim();
}

export async function ispJson(
  options: IspCallOptions,
  url: string,
  init: IspRequest,
): Promise<unknown> {
  const response = await ispCall(options, url, init);
  // PHP systems print their NULL (or nothing) for "no such record": an answer, not a failure.
  const text = response.text().trim();
  if (text === "" || text.toUpperCase() === "NULL") return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new IspCallError(`${new URL(url).pathname} answered no JSON`);
  }
}

async function ispCall(options: IspCallOptions, url: string, init: IspRequest) {
  const response = await options.outbound(url, {
    method: init.method ?? "GET",
    headers: {
      accept: "application/json",
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (response.status < 200 || response.status >= 300) {
    throw new IspCallError(`${new URL(url).pathname} answered ${response.status}`);
  }
  return response;
}

/**
 * The base address of a system the company names by host ("ixc.provedor.com.br" or
 * "10.0.0.5:8443") or by full address; a bare host is reached over https.
 */
export function baseUrlOf(hostOrUrl: string): string {
  const trimmed = hostOrUrl.trim().replace(/\/+$/, "");
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** A value as a string, or null when absent or blank. */
export function textOf(value: unknown): string | null {
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** "149.90", "149,90" or 149.9 as a number; NaN stays out of the answer. */
export function amountOf(value: unknown): number {
  if (typeof value === "number") return value;
  const text = textOf(value);
  if (!text) return NaN;
  return Number(text.includes(",") ? text.replace(/\./g, "").replace(",", ".") : text);
}

/** "2026-12-10", "2026-12-10 00:00:00" or "10/12/2026" as "2026-12-10". */
export function dayOf(value: unknown): string {
  const text = textOf(value) ?? "";
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const br = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(text);
  return br ? `${br[3]}-${br[2]}-${br[1]}` : text;
}
