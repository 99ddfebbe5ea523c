// Test switches: added latency, a share of 5xx answers (seeded, so a run replays exactly),
// quota exhaustion (on the quota meter) and channels whose calls answer 403 forbidden.
import { backendError500, backendError503, type GoogleError } from './google-errors.ts';
import { createRandom, type Random } from './prng.ts';

/** The switch settings as the control API shows them. */
export interface SwitchState {
  latencyMs: number;
  failureRate: number;
  failureSeed: string;
  forbiddenChannels: string[];
}

/** Holds the switch settings and draws injected failures. */
export class Switches {
  latencyMs = 0;
  failureRate = 0;
  private failureSeed: string;
  private rand: Random;
  readonly forbiddenChannels = new Set<string>();

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

  /** Waits for the configured latency. */
  async delay(): Promise<void> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
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
    };
  }

  /** Turns every switch off. */
  reset(): void {
    this.latencyMs = 0;
    this.setFailureRate(0);
    this.forbiddenChannels.clear();
  }
}
