/**
 * The script editor's TipTap extensions, configured from the contract's script markup so the
 * editor offers exactly what the server keeps (headings of its levels, quotes only if allowed,
 * no code, links, rules, strike or underline).
 */
import type { Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { SCRIPT_HTML } from '@tubewise/contract/script-constants';

/** The extensions of the script editor. */
export function scriptExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...SCRIPT_HTML.headingLevels] },
      blockquote: SCRIPT_HTML.blockquote ? {} : false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      link: false,
      strike: false,
      underline: false,
    }),
  ];
}
