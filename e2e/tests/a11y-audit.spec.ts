import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatFindings } from '../support/a11y.ts';
import { expect, test, type Page } from '../support/test.ts';

/** A page with the faults the audit exists for: an unlabeled field, faint text, a misnamed button. */
const BROKEN_PAGE = `<!doctype html>
<html lang="en"><head><title>Broken on purpose</title></head>
<body><main>
  <h1>Broken on purpose</h1>
  <input type="text">
  <p style="color:#bbbbbb;background:#ffffff">Faint text nobody can read</p>
  <button aria-label="Choose channel">Trailside Kitchen</button>
</main></body></html>`;

/** The same page without the faults. */
const CLEAN_PAGE = `<!doctype html>
<html lang="en"><head><title>Fine</title></head>
<body><main>
  <h1>Fine</h1>
  <label>Name <input type="text"></label>
  <p style="color:#333333;background:#ffffff">Readable text</p>
  <button aria-label="Trailside Kitchen: choose channel">Trailside Kitchen</button>
</main></body></html>`;

/** Serves a fixed HTML page at a path of the app's origin. */
async function serve(page: Page, path: string, html: string) {
  await page.route(`**${path}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }),
  );
}

test('the automatic audit reports an unlabeled field, faint text and a misnamed button', async ({
  page,
  a11y,
}) => {
  await serve(page, '/a11y-audit/broken', BROKEN_PAGE);
  await page.goto('/a11y-audit/broken');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Broken on purpose');

  // The page reports itself once settled; nothing else triggers the audit.
  await expect
    .poll(() =>
      a11y
        .findings()
        .map((f) => f.rule)
        .sort(),
    )
    .toEqual(['color-contrast', 'label', 'label-content-name-mismatch']);
  const findings = a11y.takeFindings();
  expect(findings.every((f) => f.state === '/a11y-audit/broken @1440x900')).toBe(true);
  const report = formatFindings(findings);
  expect(report).toContain('label (critical) on /a11y-audit/broken @1440x900');
  expect(report).toContain('color-contrast (serious)');
  expect(report).toMatch(/^ {4}input\b/m);
  expect(report).toContain('https://dequeuniversity.com/rules/axe/');
});

test('a clean page passes, and each state is audited once', async ({ page, a11y }) => {
  await serve(page, '/a11y-audit/clean', CLEAN_PAGE);
  await page.goto('/a11y-audit/clean');
  await expect.poll(() => a11y.audited()).toEqual(['/a11y-audit/clean @1440x900']);
  expect(await a11y.check()).toEqual([]);
  // Another viewport is another state.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => a11y.audited())
    .toEqual(['/a11y-audit/clean @1440x900', '/a11y-audit/clean @390x844']);
  expect(a11y.findings()).toEqual([]);
});

test('a violation left unreported fails the test', async ({ page }) => {
  // The audit's own failure at the end of the test is what this test expects.
  test.fail();
  // (Another path than the first test's: a worker audits each page state once.)
  await serve(page, '/a11y-audit/broken-again', BROKEN_PAGE);
  await page.goto('/a11y-audit/broken-again');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Broken on purpose');
});

test('every journey takes test and expect from support/test.ts, so its pages are audited', () => {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const unaudited = readdirSync(dir)
    .filter((file) => file.endsWith('.spec.ts'))
    .filter((file) => {
      const source = readFileSync(path.join(dir, file), 'utf8');
      return (
        /from '@playwright\/test'/.test(source) || !source.includes("from '../support/test.ts'")
      );
    });
  expect(unaudited, "import { test, expect } from '../support/test.ts' instead").toEqual([]);
});
