// The switch and ledger API for tests (also served as JSON under {prefix}/_emulator/).
import type { DemoAccount } from './accounts.ts';
import type { ImportSummary } from './import/importer.ts';
import type { ChannelRecord } from './corpus/types.ts';
import type { QuotaLedger } from './quota.ts';
import type { ChatFailureKind, LatencyPhase, SwitchState } from './switches.ts';

/** Options of a channel added through the control API. */
export interface AddChannelRequest {
  videoCount: number;
  id?: string;
  title?: string;
  niche?: string;
  /** Owner account id or e-mail (e.g. demo account A to connect it through OAuth). */
  owner?: string;
}

/** A summary of the emulator for the control endpoint. */
export interface EmulatorStateSummary {
  switches: SwitchState & { quotaExhausted: boolean };
  accounts: (DemoAccount & { channels: { id: string; title: string }[] })[];
  channels: number;
  generatedVideos: number;
}

/** Functions tests use to steer the emulator. */
export interface EmulatorControl {
  /** The quota ledger: limits, today's spend by method, search calls, recent days. */
  quotaLedger(): QuotaLedger;
  /**
   * Moves the emulator's clock on (a day, say, so the next rank checks and analytics fall on
   * the next day); returns the new time (ISO 8601) once the host's clock hook has finished.
   */
  advanceClock(ms: number): Promise<string>;
  /** Adds latency (ms) to every API call. */
  setLatency(ms: number): void;
  /**
   * Adds latency (ms; 0 removes it) to one method (a quota method name such as videos.update),
   * before it is handled or after it was applied (its answer held).
   */
  setMethodLatency(method: string, ms: number, phase?: LatencyPhase): void;
  /** Answers a share (0..1) of API calls with a 500/503 backendError, deterministically from the seed. */
  setFailureRate(rate: number, seed?: string): void;
  /**
   * Makes the next `count` chat completions (the OpenAI-compatible /v1 API) answer `kind`: a 500,
   * 503 or 429 error, content that is not JSON, JSON of another shape, or a refusal. 0 clears.
   */
  setChatFailures(kind: ChatFailureKind, count: number): void;
  /** Forces every metered call to answer 403 quotaExceeded. */
  setQuotaExhausted(on: boolean): void;
  /** Revokes one refresh token (and its access tokens); false when unknown. */
  revokeRefreshToken(token: string): boolean;
  /** Revokes every refresh token of an account (id or e-mail); returns how many. */
  revokeAccount(idOrEmail: string): number;
  /**
   * Forgets the scopes every principal granted before (include_granted_scopes), keeping every
   * token valid: a later consent asks for each scope afresh, so a test can untick one.
   */
  forgetGrantedScopes(): void;
  /** Makes calls acting for a channel answer 403 forbidden (or lifts it). */
  setChannelForbidden(channelId: string, forbidden: boolean): void;
  /** Adds a generated channel with N videos (lazy). */
  addChannel(request: AddChannelRequest): ChannelRecord;
  /**
   * Imports trending CSV files into the imported world (persisted, kept by reset); `account`
   * (an e-mail) owns their channels, otherwise one account per channel. Throws ImportError.
   */
  importFiles(paths: string[], account?: string): ImportSummary;
  /**
   * Does what a person does on the consent page when they click Allow with every scope ticked:
   * issues a code for the account (and channel) and returns the redirect URL with code and state.
   * Used to connect the demo channel at first start and in API tests.
   */
  approveConsent(authUrl: string, account: string, channelId?: string): string;
  /** Back to the initial state: switches off, ledger empty, tokens and edits dropped (imports stay). */
  reset(): void;
  /** Switches, accounts and corpus size. */
  state(): EmulatorStateSummary;
}
