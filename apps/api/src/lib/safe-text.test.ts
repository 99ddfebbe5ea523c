import { describe, expect, it } from 'vitest';
import { toSafeValue, withSafeResults } from './safe-text.ts';

describe('outside text brought under the text rule', () => {
  it('cleans every string and key of plain objects and arrays, leaving other values alone', () => {
    const when = new Date(0);
    const bytes = Buffer.from([0, 1]);
    const value = {
      title: 'a\u0000b',
      tags: ['ok', '\uD800'],
      localizations: { 'fr\u0007': { title: 'x\u0085' } },
      expiresAt: when,
      image: bytes,
      count: 3,
      missing: null,
    };
    const safe = toSafeValue(value);
    expect(safe).toEqual({
      title: 'ab',
      tags: ['ok', '\uFFFD'],
      localizations: { fr: { title: 'x' } },
      expiresAt: when,
      image: bytes,
      count: 3,
      missing: null,
    });
    expect(safe.expiresAt).toBe(when);
    expect(safe.image).toBe(bytes);
    expect(value.title).toBe('a\u0000b'); // the input is not changed
  });

  it('returns clean values as they are (no copy)', () => {
    const clean = { title: 'fine', tags: ['a', 'b\tc'], nested: [{ x: '😀' }] };
    expect(toSafeValue(clean)).toBe(clean);
  });

  it('wraps every method of a port, sync or async; errors and this pass through', async () => {
    class Port {
      private readonly prefix = 'p\u0000';
      name(): string {
        return `${this.prefix}name`;
      }
      async video(): Promise<{ title: string }> {
        return { title: `${this.prefix}title` };
      }
      async fail(): Promise<never> {
        throw new Error('kept');
      }
    }
    const port = withSafeResults(new Port());
    expect(port.name()).toBe('pname');
    expect(await port.video()).toEqual({ title: 'ptitle' });
    await expect(port.fail()).rejects.toThrow('kept');
  });
});
