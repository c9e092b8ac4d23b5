/** Builds the `ShellSession` that private pages hand to their islands (lib/client/session.ts). */
import type { ShellSession } from "../../lib/client/session.ts";
import type { PlanFeatures } from "./permissions.ts";
import type { SessionUser } from "./session_user.ts";
import { OPEN_SETTINGS } from "../settings/catalogue.ts";

/**
 * The settings every company has by default are plain options; other keys hold integration
 * credentials (tokenixc, clientsecretmkauth, asaas…) that have no business in a page.
 */
const CLIENT_SETTING_KEYS = new Set<string>(OPEN_SETTINGS);

export function toShellSession(
  user: SessionUser,
  features: PlanFeatures,
  sessionId: string | null,
): ShellSession<PlanFeatures> {
  const settings: Record<string, string> = {};
  for (const { key, value } of user.company.settings) {
    if (CLIENT_SETTING_KEYS.has(key)) settings[key] = value;
  }
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    companyId: user.companyId,
    companyName: user.company.name,
    dueDate: user.company.dueDate,
    features: { ...features },
    settings,
    sessionId,
  };
}
