/** Which tabs of /settings a viewer sees (admin §2 "Settings page"), shared by page and island. */

export const SETTINGS_TABS = ["options", "schedules", "companies", "plans", "helps"] as const;
export type SettingsTab = typeof SETTINGS_TABS[number];

export interface SettingsViewer {
  isAdmin: boolean;
  isSuper: boolean;
}

/**
 * Options for everyone; Schedules for admins while `scheduleType` is "company" (only they
 * can save the hours); Companies, Plans and Help for the super user.
 */
export function visibleTabs(viewer: SettingsViewer, scheduleType?: string): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => {
    if (tab === "options") return true;
    if (tab === "schedules") return viewer.isAdmin && scheduleType === "company";
    return viewer.isSuper;
  });
}
