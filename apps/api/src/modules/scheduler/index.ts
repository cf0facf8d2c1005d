/**
 * What other modules may use of the scheduler module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): lint refuses any other file of it from outside, apart from the composition root's routes.
 */
export { readAutomationSettings } from './automation-settings';
export { JOBS } from './lifecycle-jobs';
export type { JobContext } from './lifecycle-jobs';
export { createScheduler } from './scheduler';
export type { RunResult, Scheduler, SchedulerOptions } from './scheduler';
