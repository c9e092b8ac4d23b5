/** /schedules (admin §2): the calendar island. */
import SchedulesPage from "../../islands/SchedulesPage.tsx";
import type { ContactChoice } from "../../islands/schedules/ScheduleDialog.tsx";

export function SchedulesPageBody(
  { companyId, startContact }: { companyId: number; startContact: ContactChoice | null },
) {
  return <SchedulesPage companyId={companyId} startContact={startContact} />;
}

/** The locale groups the page's islands translate with (the dialog reuses quick messages'). */
export const SCHEDULES_PAGE_GROUPS = ["schedules", "quickMessages"];
