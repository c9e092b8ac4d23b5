/** The admin dashboard (issue 21): counters, attendants and chart series for a period. */
export * from "./counters.ts";
export * from "./charts.ts";
export * from "./period.ts";
export * from "./read.ts";
export * from "./readiness.ts";
