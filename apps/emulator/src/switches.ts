// Test switches: added latency (for every call, or for one method before it is handled or after
// it was applied), a share of 5xx answers (seeded, so a run replays exactly), quota exhaustion
// (on the quota meter) and channels whose calls answer 403 forbidden; counts of calls by method.
import { backendError500, backendError503, type GoogleError } from './google-errors.ts';
import { createRandom, type Random } from './prng.ts';

/**
 * When a method's own latency applies: `before` the call is handled (nothing applied yet), or
 * `after` it was applied, holding its answer (a client killed meanwhile never hears of it).
 */
export type LatencyPhase = 'before' | 'after';

/** What the next chat completions answer instead of a good one (the chat-failures switch). */
export const CHAT_FAILURE_KINDS = [
  'http-500',
  'http-503',
  'http-429',
  'malformed-json',
  'schema-mismatch',
  'refusal',
] as const;
export type ChatFailureKind = (typeof CHAT_FAILURE_KINDS)[number];

/** The switch settings as the control API shows them. */
export interface SwitchState {
  latencyMs: number;
  failureRate: number;
  failureSeed: string;
  forbiddenChannels: string[];
  /** Latency of single methods (e.g. videos.update), on top of `latencyMs`. */
  methodLatency: Record<string, { ms: number; phase: LatencyPhase }>;
  /** Per method: calls received, and calls applied (handled without an error). */
  calls: Record<string, { started: number; applied: number }>;
  /** How the next chat completions answer, in order (empty: well). */
  chatFailures: ChatFailureKind[];
}

/** Holds the switch settings and draws injected failures. */
export class Switches {
  latencyMs = 0;
  failureRate = 0;
  private failureSeed: string;
  private rand: Random;
  readonly forbiddenChannels = new Set<string>();
  private readonly methodLatency = new Map<string, { ms: number; phase: LatencyPhase }>();
  private readonly calls = new Map<string, { started: number; applied: number }>();
  private chatFailures: ChatFailureKind[] = [];

  constructor(seed: string) {
    this.failureSeed = seed;
    this.rand = createRandom(seed, 'failures');
  }

  /** Sets the share (0..1) of API calls answered with a 500 or 503; a seed restarts the sequence. */
  setFailureRate(rate: number, seed?: string): void {
    this.failureRate = Math.min(1, Math.max(0, rate));
    if (seed !== undefined) this.failureSeed = seed;
    this.rand = createRandom(this.failureSeed, 'failures');
  }

  /** Draws whether this call fails; returns the error to answer, if any. */
  drawFailure(): GoogleError | undefined {
    if (this.failureRate <= 0) return undefined;
    const roll = this.rand.next();
    if (roll >= this.failureRate) return undefined;
    // Alternate between the two real forms of a transient failure.
    return this.rand.chance(0.5) ? backendError500() : backendError503();
  }

  /** Adds latency to one method (0 removes it), before it is handled or after it was applied. */
  setMethodLatency(method: string, ms: number, phase: LatencyPhase = 'before'): void {
    if (ms > 0) this.methodLatency.set(method, { ms, phase });
    else this.methodLatency.delete(method);
  }

  /** Waits for the configured latency (and the method's own `before` latency). */
  async delay(method?: string): Promise<void> {
    const own = method ? this.methodLatency.get(method) : undefined;
    const ms = this.latencyMs + (own?.phase === 'before' ? own.ms : 0);
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** Waits for the method's `after` latency, once the call was applied. */
  async delayAnswer(method: string): Promise<void> {
    const own = this.methodLatency.get(method);
    if (own?.phase === 'after') await new Promise((resolve) => setTimeout(resolve, own.ms));
  }

  /** Counts a call received (before any latency). */
  noteStarted(method: string): void {
    this.count(method).started += 1;
  }

  /** Counts a call applied (its handler succeeded; the answer may still be held). */
  noteApplied(method: string): void {
    this.count(method).applied += 1;
  }

  private count(method: string): { started: number; applied: number } {
    let entry = this.calls.get(method);
    if (!entry) this.calls.set(method, (entry = { started: 0, applied: 0 }));
    return entry;
  }

  /** Makes the next `count` chat completions answer `kind` (replacing what was queued; 0 clears). */
  setChatFailures(kind: ChatFailureKind, count: number): void {
    this.chatFailures = Array.from({ length: Math.max(0, count) }, () => kind);
  }

  /** The failure the next chat completion answers, if one is queued (and takes it). */
  takeChatFailure(): ChatFailureKind | undefined {
    return this.chatFailures.shift();
  }

  /** Whether calls for this channel answer 403 forbidden. */
  isForbidden(channelId: string | undefined): boolean {
    return channelId !== undefined && this.forbiddenChannels.has(channelId);
  }

  /** Current settings. */
  state(): SwitchState {
    return {
      latencyMs: this.latencyMs,
      failureRate: this.failureRate,
      failureSeed: this.failureSeed,
      forbiddenChannels: [...this.forbiddenChannels],
      methodLatency: Object.fromEntries(this.methodLatency),
      calls: Object.fromEntries([...this.calls].map(([m, c]) => [m, { ...c }])),
      chatFailures: [...this.chatFailures],
    };
  }

  /** Turns every switch off. */
  reset(): void {
    this.latencyMs = 0;
    this.setFailureRate(0);
    this.forbiddenChannels.clear();
    this.methodLatency.clear();
    this.calls.clear();
    this.chatFailures = [];
  }
}
