import { describe, expect, it } from 'vitest';
import { insertText, publishedFields, quotaText, thumbnailFileProblem } from './editor-texts.ts';
import { buildPublishRecord } from './testing/editor-data.ts';

describe('editor texts and helpers', () => {
  it('inserts at the cursor, over a selection, or appends on a new line', () => {
    expect(insertText('Hello world', 'big ', 6)).toEqual({ text: 'Hello big world', cursor: 10 });
    expect(insertText('Hello world', 'there', 6, 11)).toEqual({ text: 'Hello there', cursor: 11 });
    expect(insertText('Hello', 'Links', null)).toEqual({ text: 'Hello\nLinks', cursor: 11 });
    expect(insertText('', 'Links', null)).toEqual({ text: 'Links', cursor: 5 });
  });

  it('names what a publish changed', () => {
    expect(publishedFields(buildPublishRecord())).toBe('the title');
    expect(
      publishedFields(
        buildPublishRecord({
          after: { title: 'New title', description: 'New', tags: ['new'] },
          thumbnailChanged: true,
        }),
      ),
    ).toBe('the title, description, tags and thumbnail');
    expect(quotaText(50)).toBe('50 quota units');
  });

  it('pre-checks a thumbnail file type and size', () => {
    expect(thumbnailFileProblem({ type: 'image/gif', size: 10 })).toBe(
      'Choose a JPEG or PNG image.',
    );
    expect(thumbnailFileProblem({ type: 'image/png', size: 3 * 1024 * 1024 })).toBe(
      'The image is 3 MB; the limit is 2 MB.',
    );
    expect(thumbnailFileProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
  });
});
