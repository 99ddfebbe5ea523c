// The importer on small inline files of each format: header detection, multiline fields,
// malformed records, the latest trending day, derived channel ids, durations and missing files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  importedDurationSeconds,
  isMarkedShort,
  LONG_FORM_RANGE,
  LONG_FORM_MEDIAN_SECONDS,
} from './durations.ts';
import { ImportError } from './import-error.ts';
import { ImportedWorld } from './imported-world.ts';
import { importFiles, parseImportText, readImportFile } from './importer.ts';
import { channelIdFromTitle, parseTrendingDate2017 } from './trending-2017-format.ts';

const HEADER_2020 =
  'video_id,title,publishedAt,channelId,channelTitle,categoryId,trending_date,tags,view_count,likes,dislikes,comment_count,thumbnail_link,comments_disabled,ratings_disabled,description';
const HEADER_2017 =
  'video_id,trending_date,title,channel_title,category_id,publish_time,tags,views,likes,dislikes,comment_count,thumbnail_link,comments_disabled,ratings_disabled,video_error_or_removed,description';

const row2020 = (o: Partial<Record<string, string>> = {}) => {
  const v = {
    id: 'abcdefghijk',
    title: 'A title',
    published: '2020-08-11T19:20:14Z',
    channel: 'UCabcdefghijklmnopqrstuv',
    channelTitle: 'Chan',
    trending: '2020-08-12T00:00:00Z',
    tags: '[None]',
    views: '10',
    likes: '1',
    comments: '0',
    commentsOff: 'False',
    ratingsOff: 'False',
    description: 'd',
    ...o,
  };
  return [
    v.id,
    v.title,
    v.published,
    v.channel,
    v.channelTitle,
    '22',
    v.trending,
    v.tags,
    v.views,
    v.likes,
    '0',
    v.comments,
    'x',
    v.commentsOff,
    v.ratingsOff,
    v.description,
  ]
    .map((f) => `"${f.replace(/"/g, '""')}"`)
    .join(',');
};

describe('trending CSV importer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tubewise-import-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports the 2017 format: multiline and escaped descriptions, quoted tags, a stable channel id', () => {
    const text = [
      HEADER_2017,
      // A quoted description with real line breaks (the record spans three lines).
      `2kyS6SvSYSE,17.14.11,WE WANT TO TALK ABOUT OUR MARRIAGE,CaseyNeistat,22,2017-11-13T17:13:01.000Z,SHANtell martin,748374,57527,2966,15954,https://i.ytimg.com/vi/2kyS6SvSYSE/default.jpg,False,False,False,"SHANTELL'S CHANNEL
- https://www.youtube.com/shantellmartin
CANDICE - https://www.lovebilly.com"`,
      `1ZAPwfrtAFY,17.14.11,The Trump Presidency: Last Week Tonight with John Oliver (HBO),LastWeekTonight,24,2017-11-13T07:30:00.000Z,"""last week tonight trump presidency""|""last week tonight donald trump""|""john oliver trump""",2418783,97185,6146,12703,https://i.ytimg.com/vi/1ZAPwfrtAFY/default.jpg,False,False,False,One year after the presidential election.\\nConnect with Last Week Tonight online...`,
      // The same video on a later day (yy.dd.mm: 17.15.11 is 15 November) with more views.
      `1ZAPwfrtAFY,17.15.11,The Trump Presidency: Last Week Tonight with John Oliver (HBO),LastWeekTonight,24,2017-11-13T07:30:00.000Z,"""john oliver trump""",2500000,99000,6200,13000,https://i.ytimg.com/vi/1ZAPwfrtAFY/default.jpg,True,False,False,Later description`,
      `n1WpP7iowLc,17.14.11,Eminem - Walk On Water,EminemVEVO,10,2017-11-10T17:00:03.000Z,[none],17158579,787425,43420,125882,https://i.ytimg.com/vi/n1WpP7iowLc/default.jpg,False,False,True,removed one`,
    ].join('\n');
    const { format, rows, report } = parseImportText(text, 'USvideos.csv');
    expect(format.id).toBe('trending-2017');
    expect(report).toMatchObject({
      records: 4,
      malformed: 0,
      removed: 1,
      duplicates: 1,
      videos: 2,
    });
    const casey = rows.find((r) => r.videoId === '2kyS6SvSYSE')!;
    expect(casey.description).toBe(
      "SHANTELL'S CHANNEL\n- https://www.youtube.com/shantellmartin\nCANDICE - https://www.lovebilly.com",
    );
    expect(casey.channelId).toBe(channelIdFromTitle('CaseyNeistat'));
    expect(casey.channelId).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
    expect(casey).toMatchObject({ tags: ['SHANtell martin'], views: 748374, region: 'US' });
    expect(casey.trendingAt).toBe(Date.UTC(2017, 10, 14));
    const oliver = rows.find((r) => r.videoId === '1ZAPwfrtAFY')!;
    // The later trending day's figures, texts and flags.
    expect(oliver).toMatchObject({
      views: 2500000,
      likes: 99000,
      comments: 13000,
      commentsDisabled: true,
      tags: ['john oliver trump'],
      description: 'Later description',
    });
    expect(channelIdFromTitle('CaseyNeistat')).toBe(channelIdFromTitle('CaseyNeistat'));
    expect(channelIdFromTitle('CaseyNeistat')).not.toBe(channelIdFromTitle('LastWeekTonight'));
    expect(parseTrendingDate2017('18.31.05')).toBe(Date.UTC(2018, 4, 31));
    expect(parseTrendingDate2017('18.05.31')).toBeNaN();
  });

  it('reads a 3,000-row 2017 file with multiline, quoted descriptions as 3,000 records', () => {
    const quote = (f: string) => `"${f.replace(/"/g, '""')}"`;
    const lines = [HEADER_2017];
    for (let i = 0; i < 3000; i++) {
      const id = `v${String(i).padStart(10, '0')}`;
      const description = `Line one of ${i}, with "quotes"\nand, commas\n\nLINKS:\nhttps://example.com/${i}`;
      lines.push(
        [
          id,
          '17.14.11',
          quote(`Video ${i}: "the" one`),
          quote(`Channel ${i % 40}`),
          '24',
          '2017-11-13T17:13:01.000Z',
          quote(`"tag ${i}"|"shared, tag"`),
          String(1000 + i),
          '10',
          '1',
          '5',
          'x',
          'False',
          'False',
          'False',
          quote(description),
        ].join(','),
      );
    }
    const { rows, report } = parseImportText(lines.join('\r\n'), 'CAvideos.csv');
    expect(report).toMatchObject({ records: 3000, malformed: 0, videos: 3000, channels: 40 });
    expect(rows[7]!.description).toBe(
      'Line one of 7, with "quotes"\nand, commas\n\nLINKS:\nhttps://example.com/7',
    );
    expect(rows[7]!.tags).toEqual(['tag 7', 'shared, tag']);
    expect(rows[7]!.region).toBe('CA');
  });

  it('unescapes the 2017 literal "\\n" in descriptions', () => {
    const text = `${HEADER_2017}\nabcdefghijk,17.14.11,T,C,22,2017-11-13T17:13:01.000Z,[none],1,1,0,1,x,False,False,False,one\\ntwo\\n\\nthree`;
    expect(parseImportText(text, 'GBvideos.csv').rows[0]!.description).toBe('one\ntwo\n\nthree');
  });

  it('keeps the latest trending day of a video, not its highest view count', () => {
    const text = [
      HEADER_2020,
      row2020({ trending: '2020-08-14T00:00:00Z', views: '500', likes: '50', comments: '5' }),
      // An earlier day with more views (a recount), listed after: the later day still wins.
      row2020({ trending: '2020-08-12T00:00:00Z', views: '900', likes: '90', comments: '9' }),
    ].join('\n');
    const { rows, report } = parseImportText(text, 'US_youtube_trending_data.csv');
    expect(report.duplicates).toBe(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ views: 500, likes: 50, comments: 5 });
  });

  it('counts, describes and skips malformed records, and never throws on garbage rows', () => {
    const text = [
      HEADER_2020,
      row2020(),
      '"short","row"',
      row2020({ id: 'bad id', title: 'x' }),
      row2020({ id: 'bcdefghijkl', views: 'many' }),
      '"unterminated,"quote',
    ].join('\n');
    const { rows, report } = parseImportText(text, 'US_youtube_trending_data.csv');
    expect(rows.map((r) => r.videoId)).toEqual(['abcdefghijk']);
    expect(report.malformed).toBe(4);
    expect(report.records).toBe(5);
    expect(report.malformedSamples).toEqual([
      expect.stringMatching(/^line 3: 2 field\(s\) where the header has 16$/),
      expect.stringMatching(/^line 4: invalid video_id "bad id"$/),
      expect.stringMatching(/^line 5: invalid view_count$/),
    ]);
  });

  it('refuses a file whose header matches no format, naming the expected and found columns', () => {
    // A 24-column file of another dataset (the header is all that counts).
    const columns = Array.from({ length: 24 }, (_, i) => `col_${i}`);
    const attempt = () => parseImportText(`${columns.join(',')}\n${columns.join(',')}`, 'x.csv');
    expect(attempt).toThrow(ImportError);
    const message = (() => {
      try {
        attempt();
      } catch (error) {
        return (error as Error).message;
      }
    })()!;
    expect(message).toContain('x.csv cannot be imported: its columns match no supported format');
    expect(message).toContain(HEADER_2020.split(',').join(', '));
    expect(message).toContain(HEADER_2017.split(',').join(', '));
    expect(message).toContain(`Found 24 column(s): ${columns.join(', ')}`);
    expect(message).not.toContain('\n');
    // A format with a column missing is refused too.
    expect(() => parseImportText(HEADER_2020.replace(',channelId', ''), 'y.csv')).toThrow(
      /Found 15 column\(s\)/,
    );
    expect(() => parseImportText('', 'empty.csv')).toThrow(/Found 0 column\(s\): \(none\)/);
  });

  it('accepts extra columns in any order, and a duration column when there is one', () => {
    const header = `extra,duration,${HEADER_2020}`;
    const text = `${header}\n"x","PT4M13S",${row2020()}\n"y","",${row2020({ id: 'bcdefghijkl' })}`;
    const { rows } = parseImportText(text, 'US_youtube_trending_data.csv');
    expect(rows[0]!.durationSeconds).toBe(253);
    expect(rows[1]!.durationSeconds).toBeUndefined();
  });

  it('says a missing file plainly, in one line', () => {
    expect(() => readImportFile(join(dir, 'nope.csv'))).toThrow(
      new ImportError(`${join(dir, 'nope.csv')}: no such file`),
    );
    expect(() => readImportFile(dir)).toThrow(new ImportError(`${dir} is not a file`));
  });

  it('imports nothing when one of the files is refused', () => {
    const good = join(dir, 'US_youtube_trending_data.csv');
    writeFileSync(good, `${HEADER_2020}\n${row2020()}`);
    const world = new ImportedWorld();
    expect(() => importFiles(world, [good, join(dir, 'missing.csv')])).toThrow(ImportError);
    expect(world.videos.size).toBe(0);
    expect(importFiles(world, [good]).videosAdded).toBe(1);
    // Imported again (as EMULATOR_IMPORT does at every start): nothing new, one source entry.
    expect(importFiles(world, [good])).toMatchObject({ videosAdded: 0, videosUpdated: 0 });
    expect(world.sources.map((s) => s.file)).toEqual([good]);
  });

  it('gives long-form durations from the documented distribution, Shorts only where marked', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `vid${String(i).padStart(8, '0')}`);
    const long = ids.map((id) => importedDurationSeconds(id, 'A normal title', ['vlog']));
    expect(long.every((s) => s >= LONG_FORM_RANGE[0] && s <= LONG_FORM_RANGE[1])).toBe(true);
    const sorted = [...long].sort((a, b) => a - b);
    const median = sorted[1000]!;
    expect(median).toBeGreaterThan(LONG_FORM_MEDIAN_SECONDS * 0.9);
    expect(median).toBeLessThan(LONG_FORM_MEDIAN_SECONDS * 1.1);
    // Same id, same duration.
    expect(importedDurationSeconds('abcdefghijk', 't', [])).toBe(
      importedDurationSeconds('abcdefghijk', 't', []),
    );
    expect(isMarkedShort('Wait for it #shorts', [])).toBe(true);
    expect(isMarkedShort('My #Short', [])).toBe(true);
    expect(isMarkedShort('Shorts and sandals', [])).toBe(false);
    expect(isMarkedShort('Title', ['Shorts'])).toBe(true);
    expect(isMarkedShort('#shortstory', [])).toBe(false);
    const short = importedDurationSeconds('abcdefghijk', 'Wait #shorts', []);
    expect(short).toBeGreaterThanOrEqual(15);
    expect(short).toBeLessThanOrEqual(60);
  });
});
