import { describe, expect, it } from 'vitest';
import { SCRIPT_HTML } from '@tubewise/contract';
import { sanitizeScript } from './script-html.ts';

/** A script using every tag of the contract's allow-list, as sanitize-html writes it. */
const EVERY_ALLOWED_TAG =
  '<h2>Cold open</h2><h3>Hook</h3>' +
  '<p>First line<br />second line with <strong>bold</strong> and <em>italics</em></p>' +
  '<ul><li>one point</li></ul><ol><li>first step</li></ol>';

describe('sanitizeScript', () => {
  it('keeps a script holding every allowed tag unchanged', () => {
    const used = new Set([...EVERY_ALLOWED_TAG.matchAll(/<([a-z0-9]+)/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual([...SCRIPT_HTML.tags].sort());
    expect(sanitizeScript(EVERY_ALLOWED_TAG)).toBe(EVERY_ALLOWED_TAG);
  });

  it('removes tags outside the list (the text stays) and scripts with their text', () => {
    expect(
      sanitizeScript(
        '<h1>Title</h1><blockquote><p>Quoted</p></blockquote><h4>Small</h4>' +
          '<p><a href="https://example.com">link</a> <u>under</u> <code>x</code></p>' +
          '<script>alert(1)</script><img src="x" onerror="alert(1)">' +
          '<iframe src="https://evil.example"></iframe>',
      ),
    ).toBe('Title<p>Quoted</p>Small<p>link under x</p>');
  });

  it('removes every attribute', () => {
    expect(sanitizeScript('<p class="x" style="color:red" onclick="go()">text</p>')).toBe(
      '<p>text</p>',
    );
  });

  it('spells bold and italics as the editor does', () => {
    expect(sanitizeScript('<p><b>bold</b> <i>italics</i></p>')).toBe(
      '<p><strong>bold</strong> <em>italics</em></p>',
    );
  });
});
