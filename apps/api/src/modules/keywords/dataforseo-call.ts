// What every DataForSEO client call shares: HTTP Basic credentials and a timeout on the fetch the
// official client is given, and reading a single-task answer (the envelope's and the task's status
// codes mapped to KeywordDataError kinds). Used by the keyword-data and the SERP adapters.
import { KeywordDataError, type KeywordDataFailure } from './keyword-data.port.ts';

/** Where and as whom to call DataForSEO (or the emulator's compatible API). */
export interface DataForSeoConnection {
  /** API origin (and prefix), e.g. https://api.dataforseo.com or http://127.0.0.1:3000/emulator. */
  baseUrl: string;
  login: string;
  password: string;
  /** Per-call timeout (default 20 s; live calls take a few seconds). */
  timeoutMs?: number;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

/** The envelope of every DataForSEO answer (the client's BaseResponseInfo, fields we read). */
export interface DataForSeoEnvelope<R> {
  status_code?: number;
  status_message?: string;
  tasks?: DataForSeoTask<R>[];
}

/** One task of an envelope (BaseResponseTaskInfo). */
export interface DataForSeoTask<R> {
  id?: string;
  status_code?: number;
  status_message?: string;
  result?: R[] | null;
}

/** The `{ fetch }` the official client takes: credentials and a timeout on every call. */
export function dataForSeoHttp(connection: DataForSeoConnection): {
  fetch: (url: Parameters<typeof fetch>[0], init?: RequestInit) => Promise<Response>;
} {
  const fetchImpl = connection.fetch ?? fetch;
  const timeoutMs = connection.timeoutMs ?? 20_000;
  const authorization = `Basic ${Buffer.from(`${connection.login}:${connection.password}`).toString('base64')}`;
  return {
    fetch: (url, init) =>
      fetchImpl(url, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), authorization },
        signal: AbortSignal.timeout(timeoutMs),
      }),
  };
}

/**
 * Runs one client call and returns its envelope once the request itself succeeded (HTTP and the
 * envelope's status), or throws KeywordDataError with the failure's kind.
 */
export async function dataForSeoEnvelope<R>(
  what: string,
  run: () => Promise<DataForSeoEnvelope<R> | null>,
): Promise<DataForSeoEnvelope<R>> {
  let envelope: DataForSeoEnvelope<R> | null;
  try {
    envelope = await run();
  } catch (error) {
    const status = (error as { isApiException?: boolean; status?: number }).isApiException
      ? (error as { status: number }).status
      : undefined;
    const body = (error as { response?: unknown }).response;
    const code = typeof body === 'string' ? statusCodeOf(body) : undefined;
    const kind: KeywordDataFailure =
      status === 401
        ? 'unauthorized'
        : status === 402
          ? 'payment-required'
          : status === 429
            ? 'rate-limited'
            : code !== undefined
              ? dataForSeoFailure(code)
              : 'unavailable';
    throw new KeywordDataError(
      kind,
      `DataForSEO ${what}: ${status ? `HTTP ${status}` : (error as Error).message}`,
      { cause: error },
    );
  }
  if (!envelope) throw new KeywordDataError('unavailable', `DataForSEO ${what}: empty answer`);
  if (envelope.status_code !== 20000) {
    throw new KeywordDataError(
      dataForSeoFailure(envelope.status_code),
      `DataForSEO ${what}: ${envelope.status_code} ${envelope.status_message ?? ''}`.trim(),
    );
  }
  return envelope;
}

/** Runs one single-task call and returns its task's results, or throws KeywordDataError. */
export async function dataForSeoTaskResults<R>(
  what: string,
  run: () => Promise<DataForSeoEnvelope<R> | null>,
): Promise<R[]> {
  const envelope = await dataForSeoEnvelope(what, run);
  const task = envelope.tasks?.[0];
  if (!task) throw new KeywordDataError('unavailable', `DataForSEO ${what}: no task`);
  throwIfTaskFailed(what, task);
  return task.result ?? [];
}

/** Throws KeywordDataError when a task did not succeed (20000 done, 20100 created). */
export function throwIfTaskFailed(what: string, task: DataForSeoTask<unknown>): void {
  if (task.status_code === 20000 || task.status_code === 20100) return;
  throw new KeywordDataError(
    dataForSeoFailure(task.status_code),
    `DataForSEO ${what}: ${task.status_code} ${task.status_message ?? ''}`.trim(),
  );
}

/** What a DataForSEO status code means for us (appendix/errors). */
export function dataForSeoFailure(code: number | undefined): KeywordDataFailure {
  if (code === undefined) return 'unavailable';
  if (code === 40100) return 'unauthorized';
  if (code === 40200 || code === 40210) return 'payment-required';
  if (code === 40202 || code === 40209) return 'rate-limited';
  // 40101 is the search engine's own error, 5xxxx DataForSEO's: both pass.
  if (code === 40101 || code >= 50000) return 'unavailable';
  return 'invalid-request';
}

function statusCodeOf(body: string): number | undefined {
  try {
    const parsed = JSON.parse(body) as { status_code?: unknown };
    return typeof parsed.status_code === 'number' ? parsed.status_code : undefined;
  } catch {
    return undefined;
  }
}
