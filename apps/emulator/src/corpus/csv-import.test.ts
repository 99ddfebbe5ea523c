// The Kaggle trending CSV importer on the real files (the last record of each is truncated).
import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeWithShared, youtubeData } from '../testing/shared-data.ts';
import { Corpus } from './corpus.ts';
import { importTrendingCsv, importTrendingCsvFile } from './csv-import.ts';

describeWithShared('trending CSV importer', () => {
  it('imports every real file, skipping exactly the truncated last record of each', () => {
    const corpus = new Corpus();
    const files = readdirSync(youtubeData('trending-2020'))
      .filter((f) => f.endsWith('.csv'))
      .sort();
    expect(files).toHaveLength(11);
    let records = 0;
    let malformed = 0;
    let videos = 0;
    for (const file of files) {
      const report = importTrendingCsvFile(corpus, youtubeData('trending-2020', file));
      expect(report.malformed, file).toBe(1);
      records += report.records;
      malformed += report.malformed;
      videos += report.videosAdded;
    }
    // data/README.md: 9,204 rows, 3,139 videos, 2,411 channel ids (the truncated rows included).
    expect(records).toBe(9204);
    expect(malformed).toBe(11);
    expect(videos).toBeGreaterThan(3000);
    expect(videos).toBeLessThanOrEqual(3139);
    expect(corpus.channels.size).toBeGreaterThan(2300);
    expect(corpus.channels.size).toBeLessThanOrEqual(2411);
    const video = corpus.getVideo('3C66w5Z0ixs')!;
    expect(video.title).toBe('I ASKED HER TO BE MY GIRLFRIEND...');
    expect(video.tags).toContain('brawadis');
    expect(corpus.getChannel(video.channelId)!.title).toBe('Brawadis');
  });

  it('never throws on garbage and counts what it skipped', () => {
    const corpus = new Corpus();
    const header =
      'video_id,title,publishedAt,channelId,channelTitle,categoryId,trending_date,tags,view_count,likes,dislikes,comment_count,thumbnail_link,comments_disabled,ratings_disabled,description';
    const good =
      '"abcdefghijk","A title","2020-08-11T19:20:14Z","UCabcdefghijklmnopqrstuv","Chan","22","2020-08-12T00:00:00Z","[None]","10","1","0","0","x","False","False","d"';
    const report = importTrendingCsv(
      corpus,
      `${header}\n${good}\n"short","row"\nnot,a,valid,row,at,all,,,,,,,,,,\n"unterminated,"quote`,
    );
    expect(report).toMatchObject({ videosAdded: 1, channelsAdded: 1 });
    expect(report.malformed).toBeGreaterThanOrEqual(3);
    expect(report.malformed).toBe(report.records - 1);
    expect(corpus.getVideo('abcdefghijk')!.tags).toEqual([]);
    expect(importTrendingCsv(corpus, '\u0000\u0001garbage"""').videosAdded).toBe(0);
  });
});
