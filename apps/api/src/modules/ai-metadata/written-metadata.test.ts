import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hardLimitErrors } from '@tubewise/recommendations';
import { MODEL_ANSWER_SCHEMA, readAnswer } from './written-metadata.ts';

const good = {
  titles: [
    'Camp cooking for beginners',
    'Camp cooking: five easy meals',
    'Camp cooking on a budget',
  ],
  description: 'Camp cooking made simple.',
};

describe('readAnswer', () => {
  it('reads a well-formed answer', () => {
    expect(readAnswer(JSON.stringify(good))).toEqual(good);
  });

  it('refuses what is not JSON of the schema', () => {
    for (const content of [
      '',
      'X',
      '[]',
      '{"titles":[],"description":"x"}',
      '{"titles":["a","b","c"]}',
    ]) {
      expect(readAnswer(content)).toBeNull();
    }
    expect(readAnswer(JSON.stringify({ ...good, extra: 1 }))).toBeNull();
  });

  it('applies the text rule after parsing: escaped controls and lone surrogates never get through', () => {
    const content =
      '{"titles":["Camp\\u0000 cooking for beginners","Camp \\ud800cooking: five easy meals","Camp\\u0007 cooking on a budget"],"description":"Camp\\u001b cooking made simple."}';
    const answer = readAnswer(content);
    expect(answer).not.toBeNull();
    for (const text of [...answer!.titles, answer!.description]) {
      expect([...text].some((c) => c < ' ' && c !== '\n' && c !== '\t' && c !== '\r')).toBe(false);
      expect(text.isWellFormed()).toBe(true);
    }
  });

  it('drops duplicate and over-limit titles and needs three that keep the limits', () => {
    const answer = readAnswer(
      JSON.stringify({
        titles: [...good.titles, 'camp cooking FOR BEGINNERS ', 'a'.repeat(101)],
        description: good.description,
      }),
    );
    expect(answer?.titles).toEqual(good.titles);
    expect(
      readAnswer(JSON.stringify({ titles: [good.titles[0], 'x <b>', 'y >'], description: 'ok' })),
    ).toBeNull();
  });

  it('whatever the model says, what it keeps never breaks a hard limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 130 }), { minLength: 3, maxLength: 5 }),
        fc.string({ maxLength: 6000 }),
        (titles, description) => {
          const answer = readAnswer(JSON.stringify({ titles, description }));
          if (!answer) return;
          expect(answer.titles.length).toBeGreaterThanOrEqual(3);
          for (const title of answer.titles) {
            expect(hardLimitErrors({ title, description: answer.description, tags: [] })).toEqual(
              [],
            );
          }
        },
      ),
    );
  });

  it('gives the model a strict JSON schema', () => {
    const schema = MODEL_ANSWER_SCHEMA.schema as Record<string, unknown>;
    expect(schema).toMatchObject({
      type: 'object',
      required: ['titles', 'description'],
      additionalProperties: false,
    });
  });
});
