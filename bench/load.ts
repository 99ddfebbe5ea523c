/**
 * The load generator shared by the HTTP benchmarks: autocannon runs bounded in time or amount,
 * turned into measurements (req/s, p50, p99) and printed with their ratio to a baseline.
 */
import autocannon from 'autocannon';

/** One measured endpoint. */
export interface Measurement {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  requests: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  seconds: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  ratioToBare?: number;
  target?: number;
}

/** One autocannon run: a URL, a request shape, and either a duration or an amount. */
export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  headers?: Record<string, string>;
  body?: string;
  seconds?: number;
  amount?: number;
}

/** How long a timed measurement warms up and runs, and with how many connections. */
export interface LoadShape {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

/** Rounds to a number of decimal digits. */
export const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** Runs autocannon once (bounded by duration or amount) and resolves with its result. */
export function load(options: LoadOptions): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method,
        headers: options.headers,
        body: options.body,
        connections: options.connections,
        // The load generator runs in a worker thread, off the servers' event loop.
        workers: 1,
        // autocannon only notices the end of a run on a sample tick: keep ticks short so the
        // elapsed time (and req/s) of a fixed-amount run is accurate.
        sampleInt: 50,
        ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 1 }),
        // Bounded even if the server stalls.
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

/** Turns one autocannon run into a measurement; req/s is completed responses per second. */
export function toMeasurement(
  name: string,
  options: { method: 'GET' | 'POST'; path: string; connections: number },
  run: autocannon.Result,
): Measurement {
  const completed = run['2xx'] + run.non2xx;
  const seconds = Math.max(0.001, run.duration);
  return {
    name,
    method: options.method,
    path: options.path,
    connections: options.connections,
    requests: completed,
    ok2xx: run['2xx'],
    non2xx: run.non2xx,
    errors: run.errors,
    seconds: round(seconds, 2),
    reqPerSec: round(completed / seconds, 0),
    p50Ms: run.latency.p50,
    p99Ms: run.latency.p99,
  };
}

/** Warms up, then measures one endpoint for the shape's duration. */
export async function measure(
  name: string,
  base: string,
  shape: LoadShape,
  options: { method: 'GET' | 'POST'; path: string; headers?: Record<string, string> },
): Promise<Measurement> {
  const url = `${base}${options.path}`;
  const run = { ...options, url, connections: shape.connections };
  await load({ ...run, seconds: shape.warmupSeconds });
  return toMeasurement(
    name,
    { ...options, connections: shape.connections },
    await load({ ...run, seconds: shape.seconds }),
  );
}

/** Prints one measurement line; with a baseline, stores and prints the ratio (and the target). */
export function report(m: Measurement, bare?: Measurement, target?: number): void {
  if (bare) {
    m.ratioToBare = round(m.reqPerSec / bare.reqPerSec, 2);
    if (target !== undefined) m.target = target;
  }
  const ratio =
    m.ratioToBare === undefined
      ? 'baseline'
      : `ratio ${m.ratioToBare.toFixed(2)}` +
        (m.target === undefined
          ? ' (no target)'
          : ` (target ≥ ${m.target}: ${m.ratioToBare >= m.target ? 'met' : 'NOT met'})`);
  const problems = m.non2xx || m.errors ? `  [non-2xx ${m.non2xx}, errors ${m.errors}]` : '';
  console.log(
    `  ${m.name.padEnd(40)} ${String(m.reqPerSec).padStart(8)} req/s  p99 ${String(m.p99Ms).padStart(4)} ms  ${ratio}${problems}`,
  );
}
