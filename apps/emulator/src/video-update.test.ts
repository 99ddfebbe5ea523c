// videos.update through HTTP: read-modify-write semantics, every limit and error of platform-facts.md.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from './emulator.ts';
import { tagsTotalLength } from './tags.ts';
import { apiGet, authorize, startEmulator } from './testing/harness.ts';

type Resource = {
  id: string;
  snippet: Record<string, unknown>;
  status: Record<string, unknown>;
  localizations?: Record<string, unknown>;
};

describe('videos.update', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let token: string;
  let videoId: string;
  const CHANNEL = 'UCtw0demo00000000000005';

  const read = async (id = videoId): Promise<Resource> =>
    (await apiGet(app, `/youtube/v3/videos?part=snippet,status,localizations&id=${id}`, token)).body
      .items![0] as unknown as Resource;

  const update = (part: string, body: unknown, bearer = token) =>
    app.inject({
      method: 'PUT',
      url: `/emulator/youtube/v3/videos?part=${part}`,
      headers: { authorization: `Bearer ${bearer}` },
      payload: body as object,
    });

  const writable = (r: Resource) => {
    const { title, description, tags, categoryId, defaultLanguage } = r.snippet;
    return {
      title,
      description,
      tags,
      categoryId,
      ...(defaultLanguage ? { defaultLanguage } : {}),
    };
  };

  const reason = (res: { json: () => { error: { errors: { reason: string }[] } } }) =>
    res.json().error.errors[0]!.reason;

  beforeAll(async () => {
    ({ app, emulator } = await startEmulator());
    token = (await authorize(app, { channelId: CHANNEL })).access_token;
    videoId = emulator.state.corpus
      .uploads(CHANNEL)
      .find((id) => emulator.state.corpus.getVideo(id)!.tags.length > 0)!;
  });

  it('read-modify-write keeps every field; the response carries the written parts', async () => {
    const current = await read();
    const res = await update('snippet', {
      id: videoId,
      snippet: { ...writable(current), title: 'New title' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await read();
    expect(after.snippet.title).toBe('New title');
    expect(after.snippet.tags).toEqual(current.snippet.tags);
    expect(after.snippet.description).toEqual(current.snippet.description);
    expect(Object.keys(res.json())).toEqual(['kind', 'etag', 'id', 'snippet']);
  });

  it('omitted properties of a sent part are deleted (tags, description, defaultLanguage)', async () => {
    const res = await update('snippet', {
      id: videoId,
      snippet: { title: 'Only a title', categoryId: '28' },
    });
    expect(res.statusCode).toBe(200);
    const after = await read();
    expect(after.snippet.tags).toBeUndefined();
    expect(after.snippet.description).toBe('');
    expect(after.snippet.defaultLanguage).toBeUndefined();
  });

  it('status omitted properties reset to defaults', async () => {
    const res = await update('status', { id: videoId, status: { privacyStatus: 'unlisted' } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await read();
    expect(after.status.privacyStatus).toBe('unlisted');
    expect(after.status.embeddable).toBe(true);
    expect(after.status.license).toBe('youtube');
  });

  it('title: required, ≤100 characters, no < or >', async () => {
    const base = { categoryId: '28' };
    expect(reason(await update('snippet', { id: videoId, snippet: { ...base } }))).toBe(
      'invalidTitle',
    );
    expect(
      reason(
        await update('snippet', { id: videoId, snippet: { ...base, title: 'x'.repeat(101) } }),
      ),
    ).toBe('invalidTitle');
    expect(
      reason(await update('snippet', { id: videoId, snippet: { ...base, title: 'a <b> c' } })),
    ).toBe('invalidTitle');
    expect(
      (await update('snippet', { id: videoId, snippet: { ...base, title: '😀'.repeat(100) } }))
        .statusCode,
    ).toBe(200);
  });

  it('description: ≤5000 bytes of UTF-8, no < or >', async () => {
    const snippet = { title: 'T', categoryId: '28' };
    expect(
      (
        await update('snippet', {
          id: videoId,
          snippet: { ...snippet, description: 'a'.repeat(5000) },
        })
      ).statusCode,
    ).toBe(200);
    // 2,500 characters of 3 bytes each = 7,500 bytes.
    expect(
      reason(
        await update('snippet', {
          id: videoId,
          snippet: { ...snippet, description: '€'.repeat(2500) },
        }),
      ),
    ).toBe('invalidDescription');
    expect(
      reason(
        await update('snippet', { id: videoId, snippet: { ...snippet, description: '1 > 0' } }),
      ),
    ).toBe('invalidDescription');
  });

  it('categoryId is required with snippet and must be assignable', async () => {
    expect(reason(await update('snippet', { id: videoId, snippet: { title: 'T' } }))).toBe(
      'invalidCategoryId',
    );
    expect(
      reason(await update('snippet', { id: videoId, snippet: { title: 'T', categoryId: '30' } })),
    ).toBe('invalidCategoryId');
  });

  it('tags: accepted exactly up to 500 characters (property)', async () => {
    const tag = fc
      .string({ minLength: 1, maxLength: 40, unit: fc.constantFrom('a', 'z', ' ', 'é', '-') })
      .filter((t) => t.trim().length > 0);
    await fc.assert(
      fc.asyncProperty(fc.array(tag, { minLength: 1, maxLength: 30 }), async (tags) => {
        const res = await update('snippet', {
          id: videoId,
          snippet: { title: 'T', categoryId: '28', tags },
        });
        if (tagsTotalLength(tags) <= 500) expect(res.statusCode).toBe(200);
        else expect(reason(res)).toBe('invalidTags');
      }),
      { numRuns: 60 },
    );
    // The boundary: 50 tags of 9 characters = 450 + 49 commas = 499; one more character → 500; two → 501.
    const tags = Array.from({ length: 50 }, () => 'abcdefghi');
    expect(
      (
        await update('snippet', {
          id: videoId,
          snippet: { title: 'T', categoryId: '28', tags: [...tags.slice(1), 'abcdefghij'] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      reason(
        await update('snippet', {
          id: videoId,
          snippet: { title: 'T', categoryId: '28', tags: [...tags.slice(1), 'abcdefg ij'] },
        }),
      ),
    ).toBe('invalidTags');
  });

  it('localizations need snippet.defaultLanguage; unsupported languages fail with invalidVideoMetadata', async () => {
    await update('snippet', { id: videoId, snippet: { title: 'T', categoryId: '28' } });
    const loc = { de: { title: 'Titel', description: 'Beschreibung' } };
    const noDefault = await update('localizations', { id: videoId, localizations: loc });
    expect(noDefault.statusCode).toBe(400);
    expect(reason(noDefault)).toBe('defaultLanguageNotSet');
    const both = await update('snippet,localizations', {
      id: videoId,
      snippet: { title: 'T', categoryId: '28', defaultLanguage: 'en' },
      localizations: loc,
    });
    expect(both.statusCode, both.body).toBe(200);
    expect((await read()).localizations).toEqual(loc);
    expect(
      reason(
        await update('localizations', {
          id: videoId,
          localizations: { zz: { title: 'x', description: '' } },
        }),
      ),
    ).toBe('invalidVideoMetadata');
    expect(
      reason(
        await update('snippet', {
          id: videoId,
          snippet: { title: 'T', categoryId: '28', defaultLanguage: 'xx-nope' },
        }),
      ),
    ).toBe('invalidVideoMetadata');
  });

  it("only the video's owner can update it; unknown ids answer videoNotFound", async () => {
    const other = emulator.state.corpus.uploads('UCtw0demo00000000000007')[0]!;
    const res = await update('snippet', { id: other, snippet: { title: 'T', categoryId: '28' } });
    expect(res.statusCode).toBe(403);
    expect(reason(res)).toBe('forbidden');
    const missing = await update('snippet', {
      id: 'doesNotExist',
      snippet: { title: 'T', categoryId: '28' },
    });
    expect(missing.statusCode).toBe(404);
    expect(reason(missing)).toBe('videoNotFound');
  });

  it('invalid requests still cost 50 units', async () => {
    const before = emulator.control.quotaLedger().today.unitsByMethod['videos.update'] ?? 0;
    await update('snippet', { id: videoId, snippet: { title: '' } });
    expect(emulator.control.quotaLedger().today.unitsByMethod['videos.update']).toBe(before + 50);
  });
});
