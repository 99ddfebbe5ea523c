// Webhook delivery the way Stripe does it: each event POSTed as JSON to the endpoint (Stripe's
// headers and no others) with a
// `Stripe-Signature: t=…,v1=…` header (HMAC-SHA256 of "t.payload" with the endpoint secret, what
// stripe.webhooks.constructEvent verifies). Deliveries of one customer go out one at a time in
// creation order; a non-2xx answer or a connection error is retried with backoff (0.5 s doubling
// to 30 s, 20 attempts in all, about 7½ minutes), then given up and kept as failed. Never inside
// the request that caused the event: a timer (unref'd) sends them, and `stop` ends it.
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { StripePresenter } from './stripe-objects.ts';
import type { DeliveryRecord, EventRecord, StripeStore } from './stripe-state.ts';

/** Attempts before a delivery is given up. */
export const WEBHOOK_MAX_ATTEMPTS = 20;
/** Time allowed for one attempt (Stripe's is similar). */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** Finished deliveries kept (pending ones are always kept). */
const KEEP_FINISHED = 1000;
/** Attempts kept in the in-memory log. */
const KEEP_LOG = 1000;

/** The wait after the n-th failed attempt: 0.5 s, 1 s, 2 s, … capped at 30 s. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(500 * 2 ** Math.max(0, failedAttempts - 1), 30_000);
}

/** The header value Stripe sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * POSTs with exactly the given headers (fetch would add Sec-Fetch-Mode and Accept-Language,
 * which Stripe does not send) and resolves with the status; the answer's body is discarded.
 */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** One attempt, for the log tests read. */
export interface DeliveryAttempt {
  eventId: string;
  type: string;
  attempt: number;
  /** Wall clock, epoch ms. */
  at: number;
  /** The endpoint's HTTP status, or null (connection error, timeout, simulated failure). */
  status: number | null;
  error: string | null;
  delivered: boolean;
}

/** A delivery as the control API and tests see it. */
export interface PendingWebhook {
  eventId: string;
  type: string;
  customer: string;
  attempts: number;
  nextAttemptAt: string;
  lastStatus: number | null;
  lastError: string | null;
}

export interface WebhookDispatcherOptions {
  store: StripeStore;
  presenter: StripePresenter;
  url: string | undefined;
  secret: string;
  /** The emulator clock (epoch ms): the signature time is the later of it and the wall clock. */
  now: () => number;
  persist: () => void;
}

/** Sends the events' webhooks. */
export class WebhookDispatcher {
  private readonly options: WebhookDispatcherOptions;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private paused = false;
  private simulatedFailures = 0;
  /** Lanes with an attempt in flight. */
  private readonly busy = new Map<string, Promise<void>>();
  private readonly controllers = new Set<AbortController>();
  private readonly log: DeliveryAttempt[] = [];

  constructor(options: WebhookDispatcherOptions) {
    this.options = options;
  }

  /** Whether events are delivered at all (a webhook URL is configured). */
  get enabled(): boolean {
    return this.options.url !== undefined;
  }

  private get store(): StripeStore {
    return this.options.store;
  }

  /** Queues an event's delivery (called for every recorded event). */
  enqueue(event: EventRecord): void {
    if (!this.enabled) return;
    this.store.deliveries.push({
      seq: ++this.store.deliverySeq,
      eventId: event.id,
      lane: event.lane,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: Date.now(),
      lastAttemptAt: null,
      lastStatus: null,
      lastError: null,
    });
    this.prune();
    this.wake();
  }

  /** Queues an event again (a repeated delivery, as the Dashboard's "Resend" does). */
  resend(eventId: string): boolean {
    const event = this.store.events.get(eventId);
    if (!event) return false;
    this.enqueue(event);
    this.options.persist();
    return true;
  }

  /** Starts sending (the host app is ready); undelivered events of a restart go first. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.wake();
  }

  /** Stops sending: the timer is cleared and attempts in flight are abandoned (kept pending). */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const controller of this.controllers) controller.abort();
    await Promise.allSettled([...this.busy.values()]);
  }

  /** Holds deliveries (they stay pending) or lets them go again. */
  setPaused(paused: boolean): void {
    this.paused = paused;
    if (!paused) this.wake();
  }

  /** Makes the next `count` attempts fail without sending (as if the endpoint were down). */
  failNext(count: number): void {
    this.simulatedFailures = Math.max(0, count);
  }

  /** Deliveries not yet delivered nor given up, oldest first. */
  pending(): PendingWebhook[] {
    return this.store.deliveries
      .filter((d) => d.status === 'pending')
      .map((d) => ({
        eventId: d.eventId,
        type: this.store.events.get(d.eventId)?.type ?? 'unknown',
        customer: d.lane,
        attempts: d.attempts,
        nextAttemptAt: new Date(d.nextAttemptAt).toISOString(),
        lastStatus: d.lastStatus,
        lastError: d.lastError,
      }));
  }

  /** The latest attempts (oldest first). */
  attempts(): DeliveryAttempt[] {
    return [...this.log];
  }

  /** How many deliveries of an event are still pending (event.pending_webhooks). */
  pendingCount(eventId: string): number {
    return this.store.deliveries.filter((d) => d.eventId === eventId && d.status === 'pending')
      .length;
  }

  /**
   * Attempts every pending delivery now, backoff ignored, lane by lane in order; a lane stops at
   * its first failure (which keeps its backoff for the timer). Resolves when done.
   */
  async deliverPending(): Promise<void> {
    if (!this.enabled) return;
    const failedLanes = new Set<string>();
    for (let round = 0; round < 10_000; round++) {
      await Promise.allSettled([...this.busy.values()]);
      const heads = this.heads().filter((d) => !failedLanes.has(d.lane) && !this.busy.has(d.lane));
      if (heads.length === 0) {
        if (this.busy.size === 0) break;
        continue;
      }
      const results = await Promise.all(
        heads.map(async (d) => ({ lane: d.lane, ok: await this.launch(d) })),
      );
      for (const r of results) if (!r.ok) failedLanes.add(r.lane);
    }
    this.wake();
  }

  /** The first pending delivery of each lane. */
  private heads(): DeliveryRecord[] {
    const heads = new Map<string, DeliveryRecord>();
    for (const d of this.store.deliveries)
      if (d.status === 'pending' && !heads.has(d.lane)) heads.set(d.lane, d);
    return [...heads.values()];
  }

  /** Schedules the timer for the earliest due head. */
  private wake(): void {
    if (!this.running || this.paused || !this.enabled) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const waiting = this.heads().filter((d) => !this.busy.has(d.lane));
    if (waiting.length === 0) return;
    const next = Math.min(...waiting.map((d) => d.nextAttemptAt));
    this.timer = setTimeout(() => this.run(), Math.max(0, next - Date.now()));
    this.timer.unref();
  }

  private run(): void {
    this.timer = undefined;
    if (!this.running || this.paused) return;
    const now = Date.now();
    for (const d of this.heads())
      if (!this.busy.has(d.lane) && d.nextAttemptAt <= now) void this.launch(d);
    this.wake();
  }

  /** Runs one attempt with the lane marked busy; resolves true when delivered. */
  private launch(delivery: DeliveryRecord): Promise<boolean> {
    const attempt = this.attempt(delivery);
    const done = attempt.then(
      () => undefined,
      () => undefined,
    );
    this.busy.set(delivery.lane, done);
    return attempt
      .catch(() => false)
      .finally(() => {
        this.busy.delete(delivery.lane);
        this.wake();
      });
  }

  private async attempt(delivery: DeliveryRecord): Promise<boolean> {
    const event = this.store.events.get(delivery.eventId);
    if (!event) {
      // Not the endpoint's failure: the lane goes on with its next event.
      delivery.status = 'failed';
      delivery.lastError = 'The event no longer exists.';
      this.options.persist();
      return true;
    }
    let status: number | null = null;
    let error: string | null = null;
    if (this.simulatedFailures > 0) {
      this.simulatedFailures -= 1;
      error = 'Simulated failure (control route webhooks/fail).';
    } else {
      const payload = JSON.stringify(this.options.presenter.event(event, 1), null, 2);
      const timestamp = Math.floor(Math.max(Date.now(), this.options.now()) / 1000);
      const controller = new AbortController();
      this.controllers.add(controller);
      const timeout = setTimeout(() => controller.abort(new Error('timeout')), ATTEMPT_TIMEOUT_MS);
      timeout.unref();
      try {
        status = await post(
          this.options.url!,
          {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            accept: '*/*; q=0.5, application/xml',
            'cache-control': 'no-cache',
            'stripe-signature': signatureHeader(payload, this.options.secret, timestamp),
          },
          payload,
          controller.signal,
        );
        if (status < 200 || status > 299) error = `HTTP ${status}`;
      } catch (caught) {
        // Stopped while in flight: not an attempt; it stays pending for the next start.
        if (!this.running && controller.signal.aborted && !this.isTimeout(controller)) return false;
        error =
          caught instanceof Error
            ? ((caught.cause as Error | undefined)?.message ?? caught.message)
            : String(caught);
      } finally {
        clearTimeout(timeout);
        this.controllers.delete(controller);
      }
    }
    const delivered = error === null;
    delivery.attempts += 1;
    delivery.lastAttemptAt = Date.now();
    delivery.lastStatus = status;
    delivery.lastError = error;
    if (delivered) delivery.status = 'delivered';
    else if (delivery.attempts >= WEBHOOK_MAX_ATTEMPTS) delivery.status = 'failed';
    else delivery.nextAttemptAt = Date.now() + retryDelayMs(delivery.attempts);
    this.log.push({
      eventId: event.id,
      type: event.type,
      attempt: delivery.attempts,
      at: delivery.lastAttemptAt,
      status,
      error,
      delivered,
    });
    if (this.log.length > KEEP_LOG) this.log.splice(0, this.log.length - KEEP_LOG);
    this.prune();
    this.options.persist();
    return delivered;
  }

  private isTimeout(controller: AbortController): boolean {
    const reason = controller.signal.reason as unknown;
    return reason instanceof Error && reason.message === 'timeout';
  }

  /** Drops the oldest finished deliveries beyond KEEP_FINISHED. */
  private prune(): void {
    const finished = this.store.deliveries.filter((d) => d.status !== 'pending').length;
    if (finished <= KEEP_FINISHED) return;
    let drop = finished - KEEP_FINISHED;
    this.store.deliveries = this.store.deliveries.filter((d) => {
      if (drop > 0 && d.status !== 'pending') {
        drop -= 1;
        return false;
      }
      return true;
    });
  }

  /** Forgets every delivery (reset). */
  reset(): void {
    this.simulatedFailures = 0;
    this.paused = false;
    this.log.length = 0;
  }
}
