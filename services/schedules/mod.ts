/** The schedules' entry for the rest of the services: the job that sends a due schedule. */
export { scheduleJobs } from "./jobs.ts";
