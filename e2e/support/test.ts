/**
 * The journeys' `test`: Playwright's, with an accessibility audit of every page a journey's
 * `page` visits (support/a11y.ts). A serious or critical axe violation fails the test at its end
 * with the rule, impact, elements and help. Specs import `test` and `expect` from here instead of
 * '@playwright/test'; everything else of Playwright is re-exported unchanged.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { PageAudit, formatFindings, type Finding } from './a11y.ts';

export * from '@playwright/test';

/** The audit of a test's pages. */
export interface A11yAudit {
  /** Audits another page too (one from a browser context the test opened itself). */
  watch(page: Page): Promise<void>;
  /** Audits a page's current state now (default: the test's page), when settled; returns its failing violations. */
  check(page?: Page): Promise<Finding[]>;
  /** The failing violations found so far. */
  findings(): Finding[];
  /** Returns the failing violations found so far and forgets them (for the audit's own tests). */
  takeFindings(): Finding[];
  /** The page states audited so far. */
  audited(): string[];
}

/** Playwright's test with the accessibility audit (option `a11yAudit`, on by default). */
export const test = base.extend<
  { a11yAudit: boolean; a11y: A11yAudit & { finish(): Promise<void> } },
  { a11yAuditedStates: Set<string> }
>({
  a11yAudit: [true, { option: true }],
  // Page states audited by earlier tests of this worker are not audited again.
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring.
  a11yAuditedStates: [async ({}, use) => use(new Set<string>()), { scope: 'worker' }],
  a11y: async ({ a11yAuditedStates }, use, testInfo) => {
    const audits = new Map<Page, PageAudit>();
    const watch = async (target: Page): Promise<void> => {
      if (!audits.has(target)) audits.set(target, await PageAudit.watch(target, a11yAuditedStates));
    };
    const all = (): Finding[] => [...audits.values()].flatMap((a) => a.findings);
    await use({
      watch,
      check: async (target) => {
        const page = target ?? [...audits.keys()][0];
        if (!page) throw new Error('a11y.check: no page to audit (pass one)');
        await watch(page);
        return audits.get(page)!.check();
      },
      findings: all,
      takeFindings: () => {
        const taken = all();
        for (const audit of audits.values()) audit.findings.length = 0;
        return taken;
      },
      audited: () => [...audits.values()].flatMap((a) => [...a.audited]),
      finish: async () => {
        for (const audit of audits.values()) await audit.finish();
        const stats = [...audits.values()].map((a) => a.stats);
        testInfo.annotations.push({
          type: 'a11y: audits',
          description: `${stats.reduce((n, s) => n + s.audits, 0)} in ${stats.reduce((n, s) => n + s.ms, 0)} ms`,
        });
        for (const [state, reason] of [...audits.values()].flatMap((a) => [...a.skipped])) {
          testInfo.annotations.push({
            type: 'a11y: not audited',
            description: `${state}: ${reason}`,
          });
        }
        const findings = all();
        expect(findings, formatFindings(findings)).toEqual([]);
      },
    });
  },
  // Every test that uses a page gets the audit without asking for it; the state the journey ends
  // on is audited while the page is still open, then the test fails on what was found.
  page: async ({ page, a11y, a11yAudit }, use) => {
    if (a11yAudit) await a11y.watch(page);
    await use(page);
    await a11y.finish();
  },
});

export { expect };
