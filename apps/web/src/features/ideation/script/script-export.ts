/** Script exports: Markdown (turndown) and plain text, downloaded as files. */
import TurndownService from 'turndown';

/** The script (HTML) as Markdown: ATX headings, "-" bullets, "**bold**", "_italics_". */
export function scriptToMarkdown(html: string): string {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
  });
  return `${turndown.turndown(html).trim()}\n`;
}

const BLOCKS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'BLOCKQUOTE', 'PRE']);

/** The script (HTML) as plain text: one block per paragraph, "- " / "1. " before list items. */
export function scriptToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks: string[] = [];
  const walk = (node: Element, depth: number): void => {
    for (const child of Array.from(node.children)) {
      if (child.tagName === 'UL' || child.tagName === 'OL') {
        Array.from(child.children).forEach((item, index) => {
          const marker = child.tagName === 'OL' ? `${index + 1}. ` : '- ';
          const own = Array.from(item.childNodes)
            .filter((n) => !(n instanceof Element && (n.tagName === 'UL' || n.tagName === 'OL')))
            .map((n) => n.textContent ?? '')
            .join(' ')
            .replace(/\s+/g, ' ')
            .trim();
          blocks.push(`${'  '.repeat(depth)}${marker}${own}`);
          walk(item, depth + 1);
        });
      } else if (BLOCKS.has(child.tagName)) {
        blocks.push(textOf(child));
      } else {
        walk(child, depth);
      }
    }
  };
  walk(doc.body, 0);
  return `${blocks
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

function textOf(element: Element): string {
  // <br> inside a paragraph is a line break in the text too.
  const clone = element.cloneNode(true) as Element;
  clone.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  return (clone.textContent ?? '').replace(/[ \t]+/g, ' ').trim();
}

/** A file name for an idea's script: "how-to-bake-bread-script.md". */
export function scriptFileName(phrase: string, extension: 'md' | 'txt'): string {
  const slug = phrase
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'video'}-script.${extension}`;
}

/** Downloads `text` as a file named `fileName`. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
