import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/react';
import { SCRIPT_HTML } from '@tubewise/contract/script-constants';
import { scriptExtensions } from './script-extensions.ts';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

/** What the script editor makes of `html`, as it saves it. */
function throughEditor(html: string): string {
  editor = new Editor({ extensions: scriptExtensions(), content: html });
  return editor.getHTML();
}

/** The tag names of an HTML text. */
const tagsOf = (html: string): string[] =>
  [...new Set([...html.matchAll(/<([a-z0-9]+)/g)].map((m) => m[1]!))].sort();

/** A script using every tag of the contract's allow-list, as the editor writes it. */
const EVERY_ALLOWED_TAG =
  '<h2>Cold open</h2><h3>Hook</h3>' +
  '<p>First line<br>second line with <strong>bold</strong> and <em>italics</em></p>' +
  '<ul><li><p>one point</p></li></ul><ol><li><p>first step</p></li></ol>';

describe('script editor extensions', () => {
  it('keep a script holding every tag of the allow-list, and only those tags', () => {
    expect(tagsOf(EVERY_ALLOWED_TAG)).toEqual([...SCRIPT_HTML.tags].sort());
    expect(throughEditor(EVERY_ALLOWED_TAG)).toBe(EVERY_ALLOWED_TAG);
  });

  it('drop markup outside the allow-list, keeping the text', () => {
    const html = throughEditor(
      '<h1>Title</h1><blockquote><p>Quoted</p></blockquote><h4>Small</h4>' +
        '<p><a href="https://example.com">link</a> <u>under</u> <s>struck</s> <code>x</code></p>' +
        '<hr><pre><code>block</code></pre>',
    );
    expect(tagsOf(html).every((tag) => (SCRIPT_HTML.tags as readonly string[]).includes(tag))).toBe(
      true,
    );
    for (const text of ['Title', 'Quoted', 'Small', 'link under struck x', 'block'])
      expect(html).toContain(text);
  });

  it('offer exactly the allowed heading levels and no quotes', () => {
    editor = new Editor({ extensions: scriptExtensions() });
    const heading = editor.extensionManager.extensions.find((e) => e.name === 'heading');
    expect(heading?.options.levels).toEqual([...SCRIPT_HTML.headingLevels]);
    expect(editor.schema.nodes.blockquote === undefined).toBe(!SCRIPT_HTML.blockquote);
  });
});
