/**
 * The Pix settings of lib/config.ts (README "Payments"): which provider makes the checkout's
 * charges, the installation's Pix key, and the Efí credentials. Nothing here has a default
 * secret: without PIX_KEY there is no checkout, without PIX_WEBHOOK_SECRET no webhook.
 */
import { z } from "zod";

export const PixEnvSchema = z.object({
  PIX_PROVIDER: z.enum(["static", "efi"]).optional(),
  PIX_KEY: z.string().trim().min(1).max(77).optional(),
  PIX_MERCHANT_NAME: z.string().trim().min(1).max(200).optional(),
  PIX_MERCHANT_CITY: z.string().trim().min(1).max(200).optional(),
  PIX_CHARGE_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  PIX_WEBHOOK_SECRET: z.string().min(24).regex(/^[A-Za-z0-9_-]+$/).optional(),
  EFI_BASE_URL: z.string().url().default("https://pix.api.efipay.com.br"),
  EFI_CLIENT_ID: z.string().min(1).optional(),
  EFI_CLIENT_SECRET: z.string().min(1).optional(),
  EFI_CERT_FILE: z.string().min(1).optional(),
  EFI_KEY_FILE: z.string().min(1).optional(),
  EFI_CA_FILE: z.string().min(1).optional(),
});

export interface PixConfig {
  provider: "static" | "efi" | "none";
  key?: string;
  merchantName: string;
  merchantCity: string;
  expirySeconds: number;
  /** The secret path segment of the webhook address; unset: no webhook is accepted. */
  webhookSecret?: string;
  efi?: {
    baseUrl: string;
    clientId: string;
    clientSecret: string;
    certFile: string;
    keyFile: string;
    caFile?: string;
  };
}

type PixEnv = z.output<typeof PixEnvSchema>;

/** The Pix configuration, or the list of what is missing for the provider chosen. */
export function pixConfigOf(e: PixEnv): PixConfig | string[] {
  const provider = e.PIX_PROVIDER ?? (e.PIX_KEY ? "static" : "none");
  const config: PixConfig = {
    provider,
    key: e.PIX_KEY,
    merchantName: e.PIX_MERCHANT_NAME ?? "Balcao",
    merchantCity: e.PIX_MERCHANT_CITY ?? "SAO PAULO",
    expirySeconds: e.PIX_CHARGE_EXPIRY_SECONDS,
    webhookSecret: e.PIX_WEBHOOK_SECRET,
  };
  if (provider === "none") return config;
  const missing = e.PIX_KEY ? [] : ["PIX_KEY"];
  if (provider === "efi") {
    const needed = ["EFI_CLIENT_ID", "EFI_CLIENT_SECRET", "EFI_CERT_FILE", "EFI_KEY_FILE"] as const;
    missing.push(...needed.filter((name) => !e[name]));
    if (!e.PIX_WEBHOOK_SECRET) missing.push("PIX_WEBHOOK_SECRET");
    if (missing.length === 0) {
      config.efi = {
        baseUrl: e.EFI_BASE_URL,
        clientId: e.EFI_CLIENT_ID!,
        clientSecret: e.EFI_CLIENT_SECRET!,
        certFile: e.EFI_CERT_FILE!,
        keyFile: e.EFI_KEY_FILE!,
        caFile: e.EFI_CA_FILE,
      };
    }
  }
  return missing.length
    ? missing.map((name) => `${name}: required with PIX_PROVIDER=${provider}`)
    : config;
}
