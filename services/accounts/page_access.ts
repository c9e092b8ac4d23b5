/**
 * Who may open a private page, and therefore see its menu entry: one rule set for both, so a
 * hidden entry and a refused page never disagree (core §2 "Private (menu)", §6; admin §6).
 */
import { isAdmin, type PlanFeature, type PlanFeatures } from "./permissions.ts";

/** What a page or menu entry asks of the viewer; every field given must hold. */
export interface PageRequirement {
  /** Admins (and the super user). */
  admin?: true;
  /** The super user only (e.g. announcements). */
  super?: true;
  /** A flag of the company's plan. */
  feature?: PlanFeature;
  /** The campaigns area: the plan's useCampaigns, or the company setting campaignsEnabled. */
  campaigns?: true;
}

export interface PageViewer {
  profile: "user" | "admin";
  super: boolean;
  features: PlanFeatures;
  settings: Readonly<Record<string, string>>;
}

/** Campaigns show when the plan has them or the company was given them by the setting. */
export function campaignsEnabled(viewer: PageViewer): boolean {
  return viewer.features.useCampaigns || viewer.settings.campaignsEnabled === "true";
}

export function meetsRequirement(viewer: PageViewer, requires?: PageRequirement): boolean {
  if (!requires) return true;
  if (requires.admin && !isAdmin(viewer)) return false;
  if (requires.super && !viewer.super) return false;
  if (requires.feature && !viewer.features[requires.feature]) return false;
  if (requires.campaigns && !campaignsEnabled(viewer)) return false;
  return true;
}
