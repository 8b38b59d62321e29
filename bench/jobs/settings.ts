/**
 * bench:jobs's timings, shared by the run and its workers: a killed worker's jobs count
 * as failed after BENCH_JOB_TIMEOUT_S (the shop's send-email allows 120 s) and are
 * noticed within BENCH_MAINTENANCE_S (pg-boss's default, 120 s), so the run need not
 * wait four minutes for them.
 */
export const BENCH_JOB_TIMEOUT_S = 10;
export const BENCH_MAINTENANCE_S = 5;
