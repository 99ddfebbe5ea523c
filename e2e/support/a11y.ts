/**
 * Accessibility audit of every page a journey visits, with axe (@axe-core/playwright).
 *
 * A small watcher runs inside the page (an init script). Whenever the page shows a state it has
 * not reported yet (path, viewport, open dialog/menu/listbox/tooltip) and that state has settled
 * (the document is loaded, a main landmark or h1 is there, nothing is loading, no transition is
 * running and the DOM has been quiet for a moment), it asks the test side to audit it. The audit
 * runs axe and keeps the result only if the DOM did not change meanwhile (otherwise the page asks
 * again), so a half-rendered or half-faded page is never judged. Each state is audited once per
 * worker (the journeys sign in to the same pages over and over; auditing each again would double
 * the suite's time). Serious and critical violations fail the test at its end (see support/test.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** The WCAG 2.0/2.1 A and AA rule sets. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Rules outside those tags that we enforce too: axe files "accessible name contains the visible
 * text" (WCAG 2.5.3) as experimental, and heading levels that skip are a best practice whose
 * impact axe calls moderate; both were reported against the product, so they fail a journey.
 */
export const EXTRA_RULES = ['label-content-name-mismatch', 'heading-order'];
/** Impacts that fail a journey. */
export const FAILING_IMPACTS = ['serious', 'critical'];
/** Paths not audited: the emulator's pages stand in for Google's, which are not ours. */
export const UNAUDITED_PATH_PREFIXES = ['/emulator/'];

/** One failing rule on one audited page state. */
export interface Finding {
  /** The page state: path, viewport and open overlays. */
  state: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** CSS selectors of the offending elements, with axe's summary of what is wrong. */
  nodes: { target: string; summary: string }[];
}

/** The violations of an axe result that fail a journey. */
export function failingFindings(state: string, results: Pick<AxeResults, 'violations'>): Finding[] {
  return results.violations
    .filter((v) => FAILING_IMPACTS.includes(v.impact ?? '') || EXTRA_RULES.includes(v.id))
    .map((v) => ({
      state,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({
        target: n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
}

/** A readable report: per violation the page state, rule id, impact, help and the elements. */
export function formatFindings(findings: readonly Finding[]): string {
  const lines = [`Accessibility: ${findings.length} serious or critical axe violation(s)`];
  for (const f of findings) {
    lines.push(`- ${f.rule} (${f.impact}) on ${f.state}: ${f.help} <${f.helpUrl}>`);
    for (const node of f.nodes)
      lines.push(`    ${node.target}${node.summary ? ` — ${node.summary}` : ''}`);
  }
  return lines.join('\n');
}

/**
 * Runs axe on the page as the journeys do (WCAG A/AA plus EXTRA_RULES). Legacy mode runs axe in
 * the page itself: the default mode finishes each run in a new blank page of the test's browser
 * context, which costs time and shows up in the journey's context.
 */
export function runAxe(page: Page): Promise<AxeResults> {
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(AXE_TAGS)
    .options({ rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])) })
    .analyze();
}

/** Name of the binding the in-page watcher calls with a settled state. */
const BINDING = '__a11yAudit';

/** Tuning of the in-page watcher. */
const WATCH = {
  /** How long the DOM must be quiet before a state counts as settled. */
  quietMs: 300,
  /** How often the watcher looks. */
  intervalMs: 150,
};

/**
 * The in-page watcher (serialised into the page, so it must not reference anything outside).
 * Exposes `window.__a11yState()` (the state key, or null while unsettled) and
 * `window.__a11yChanges` (a DOM change counter).
 */
function installWatcher(options: { binding: string; quietMs: number; intervalMs: number }): void {
  type WatchedWindow = Window & {
    __a11yWatcher?: boolean;
    __a11yChanges?: number;
    __a11yState?: () => string | null;
  } & Record<string, unknown>;
  const win = window as unknown as WatchedWindow;
  if (win.__a11yWatcher) return;
  win.__a11yWatcher = true;
  win.__a11yChanges = 0;
  let lastChange = performance.now();
  const observe = (): void => {
    new MutationObserver(() => {
      win.__a11yChanges = (win.__a11yChanges ?? 0) + 1;
      lastChange = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  };
  const shown = (el: Element): boolean =>
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const overlays = (): string =>
    [
      ...new Set(
        [
          ...document.querySelectorAll(
            '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="tooltip"]',
          ),
        ]
          .filter(shown)
          .map((el) => el.getAttribute('role')),
      ),
    ]
      .sort()
      .join(',');
  const loading = (): boolean =>
    [
      ...document.querySelectorAll(
        '[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root, [aria-busy="true"]',
      ),
    ].some(shown);
  // Transitions and finite animations; spinners loop forever and never end.
  const animating = (): boolean =>
    document
      .getAnimations()
      .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
  win.__a11yState = () => {
    const settled =
      document.readyState === 'complete' &&
      document.querySelector('main, [role="main"], h1') !== null &&
      performance.now() - lastChange >= options.quietMs &&
      !loading() &&
      !animating();
    if (!settled) return null;
    const suffix = overlays();
    return `${location.pathname} @${innerWidth}x${innerHeight}${suffix ? ` with ${suffix}` : ''}`;
  };
  const reported = new Set<string>();
  let asking = false;
  const look = async (): Promise<void> => {
    if (asking) return;
    const state = win.__a11yState?.();
    if (!state || reported.has(state)) return;
    const audit = win[options.binding] as ((state: string) => Promise<boolean>) | undefined;
    if (!audit) return;
    asking = true;
    try {
      if (await audit(state)) reported.add(state);
    } catch {
      // The test side is gone (page closing): nothing to report to.
    } finally {
      asking = false;
    }
  };
  if (document.documentElement) observe();
  else document.addEventListener('DOMContentLoaded', observe, { once: true });
  setInterval(() => void look(), options.intervalMs);
}

/** Whether a page state is exempt from the audit. */
function unaudited(state: string): boolean {
  return UNAUDITED_PATH_PREFIXES.some((prefix) => state.startsWith(prefix));
}

/** Audits attempted per state before it is left unaudited (a page that never holds still). */
const MAX_ATTEMPTS = 5;

/** Watches one page and audits each new settled state once. */
export class PageAudit {
  readonly findings: Finding[] = [];
  /** States this page's audit looked at (the result kept). */
  readonly audited = new Set<string>();
  /** Audits run, and the time they took. */
  readonly stats = { audits: 0, ms: 0 };
  private readonly attempts = new Map<string, number>();
  private running: Promise<boolean> = Promise.resolve(true);
  private closed = false;
  /** States left unaudited, with the reason (reported as a test annotation). */
  readonly skipped = new Map<string, string>();
  private readonly page: Page;

  /** States audited already in this worker (shared by the tests of a worker). */
  private readonly seen: Set<string>;

  private constructor(page: Page, seen: Set<string>) {
    this.page = page;
    this.seen = seen;
    page.once('close', () => {
      this.closed = true;
    });
  }

  /** Starts watching a page: from its next document on, and the current one. */
  static async watch(page: Page, seen = new Set<string>()): Promise<PageAudit> {
    const audit = new PageAudit(page, seen);
    await page.exposeBinding(BINDING, (_source, state: string) => audit.request(state));
    const options = { binding: BINDING, ...WATCH };
    await page.addInitScript(installWatcher, options);
    await page.evaluate(installWatcher, options).catch(() => undefined);
    return audit;
  }

  /** One audit at a time; answers whether the state counts as audited. */
  private request(state: string): Promise<boolean> {
    this.running = this.running.then(() => this.auditState(state));
    return this.running;
  }

  private async auditState(state: string): Promise<boolean> {
    if (this.closed) return true;
    if (this.seen.has(state) || this.skipped.has(state) || unaudited(state)) return true;
    const attempts = (this.attempts.get(state) ?? 0) + 1;
    this.attempts.set(state, attempts);
    try {
      const before = await this.page.evaluate(
        () => (window as { __a11yChanges?: number }).__a11yChanges,
      );
      const started = Date.now();
      const results = await runAxe(this.page);
      this.stats.audits += 1;
      this.stats.ms += Date.now() - started;
      const after = await this.page.evaluate(() => ({
        changes: (window as { __a11yChanges?: number }).__a11yChanges,
        state: (window as { __a11yState?: () => string | null }).__a11yState?.() ?? null,
      }));
      // A result is kept only if the page held still while axe looked at it.
      if (before !== after.changes || after.state !== state) {
        return this.giveUpAfter(attempts, state, 'the page kept changing during the audit');
      }
      this.audited.add(state);
      this.seen.add(state);
      this.findings.push(...failingFindings(state, results));
      return true;
    } catch (error) {
      // The page navigated or closed mid-audit (axe's script went with the old document): the
      // new document reports its own state, and this one is asked again if it comes back.
      if (this.closed) return true;
      const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      return this.giveUpAfter(attempts, state, reason);
    }
  }

  /** False (ask again) until the state had MAX_ATTEMPTS attempts; then it is left unaudited. */
  private giveUpAfter(attempts: number, state: string, reason: string): boolean {
    if (attempts < MAX_ATTEMPTS) return false;
    this.skipped.set(state, reason);
    return true;
  }

  /**
   * Waits for the audit in progress, then audits the page's current state if it settles within
   * `timeoutMs` and has not been audited (the state a journey ends on).
   */
  async finish(timeoutMs = 5_000): Promise<void> {
    await this.running.catch(() => undefined);
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) {
      const state = await this.settledState(deadline - Date.now()).catch(() => null);
      if (state === null || (await this.request(state))) return;
    }
  }

  /** Waits until the page shows a settled state and returns its key. */
  private async settledState(timeoutMs: number): Promise<string> {
    const handle = await this.page.waitForFunction(
      () => (window as { __a11yState?: () => string | null }).__a11yState?.(),
      null,
      { timeout: Math.max(timeoutMs, 1), polling: 100 },
    );
    return (await handle.jsonValue()) as string;
  }

  /**
   * Audits the current state now (waiting for it to settle), even if it was audited before. In
   * turn with the automatic audits: axe runs once at a time in a page ("Axe is already running").
   */
  check(timeoutMs = 10_000): Promise<Finding[]> {
    const run = this.running
      .catch(() => undefined)
      .then(async () => {
        const state = await this.settledState(timeoutMs);
        const results = await runAxe(this.page);
        this.audited.add(state);
        this.seen.add(state);
        const found = failingFindings(state, results);
        this.findings.push(...found);
        return found;
      });
    this.running = run.then(
      () => true,
      () => true,
    );
    return run;
  }
}
