import sanitizeHtml from 'sanitize-html';
import { SCRIPT_HTML } from '@tubewise/contract';

/** sanitize-html options from the contract's script markup: its tags, no attributes at all. */
const SCRIPT_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...SCRIPT_HTML.tags],
  allowedAttributes: {},
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  // <b>/<i> from a paste or another client: kept as the editor spells them.
  transformTags: { ...SCRIPT_HTML.aliases },
};

/** A script's HTML with everything but the allowed tags removed (no attributes, no scripts). */
export function sanitizeScript(html: string): string {
  return sanitizeHtml(html, SCRIPT_SANITIZE_OPTIONS);
}
