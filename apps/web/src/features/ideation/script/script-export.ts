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
  // TipTap wraps every list item's text in a paragraph: no blank lines inside the list.
  turndown.addRule('listItemParagraph', {
    filter: (node) => node.nodeName === 'P' && node.parentNode?.nodeName === 'LI',
    replacement: (content, node) => (node.nextSibling ? `${content}\n` : content),
  });
  return `${turndown.turndown(html).trim()}\n`;
}

const BLOCKS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'BLOCKQUOTE', 'PRE']);

/** The script (HTML) as plain text: one block per paragraph, "- " / "1. " before list items. */
export function scriptToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks: string[] = [];
  const isList = (el: Element): boolean => el.tagName === 'UL' || el.tagName === 'OL';
  const walkList = (list: Element, depth: number): void => {
    Array.from(list.children).forEach((item, index) => {
      const marker = list.tagName === 'OL' ? `${index + 1}. ` : '- ';
      const own = Array.from(item.childNodes)
        .filter((n) => !(n instanceof Element && isList(n)))
        .map((n) => n.textContent ?? '')
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      blocks.push(`${'  '.repeat(depth)}${marker}${own}`);
      Array.from(item.children)
        .filter(isList)
        .forEach((nested) => walkList(nested, depth + 1));
    });
  };
  const walk = (node: Element): void => {
    for (const child of Array.from(node.children)) {
      if (isList(child)) walkList(child, 0);
      else if (BLOCKS.has(child.tagName)) blocks.push(textOf(child));
      else walk(child);
    }
  };
  walk(doc.body);
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
