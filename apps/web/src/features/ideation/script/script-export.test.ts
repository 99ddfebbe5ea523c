import { describe, expect, it } from 'vitest';
import { scriptFileName, scriptToMarkdown, scriptToText } from './script-export.ts';

const html =
  '<ul><li><p>a</p><ul><li><p>b</p></li></ul></li></ul>' +
  '<h2>Intro</h2><p>Hello <strong>bold</strong> and <em>soft</em>.</p><ul><li><p>one</p></li><li><p>two</p></li></ul><ol><li><p>first</p></li></ol><h3>End</h3><p>Bye</p>';

describe('script exports', () => {
  it('Markdown keeps headings, emphasis and lists', () => {
    expect(scriptToMarkdown(html)).toBe(
      '-   a\n    -   b\n\n## Intro\n\nHello **bold** and _soft_.\n\n-   one\n-   two\n\n1.  first\n\n### End\n\nBye\n',
    );
  });

  it('plain text has one block per line and list markers', () => {
    expect(scriptToText(html)).toBe(
      '- a\n  - b\nIntro\nHello bold and soft.\n- one\n- two\n1. first\nEnd\nBye\n',
    );
  });

  it('file names come from the phrase', () => {
    expect(scriptFileName('Crème brûlée: 3 ways!', 'md')).toBe('creme-brulee-3-ways-script.md');
    expect(scriptFileName('???', 'txt')).toBe('video-script.txt');
  });
});
