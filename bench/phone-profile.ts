// The throttled phone the data-set page benches load pages as (data-browse-timing.ts, data-browse-trace.ts), and the
// median they report.

/** The network: a slow-4G/fast-3G phone's, as Lighthouse's mobile profile (latency ms, throughputs bytes/s). */
export const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: 750e3 / 8,
};

/** The median of some numbers (the upper one of an even count). */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
