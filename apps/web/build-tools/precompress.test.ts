import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

describe('precompressDir', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz copies of text assets, not of build data, maps or tiny files', () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-dist-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    const js = `console.log(${JSON.stringify('tubewise '.repeat(100))});`;
    writeFileSync(join(dir, 'assets', 'index-abc.js'), js);
    writeFileSync(join(dir, 'assets', 'index-abc.js.map'), js);
    writeFileSync(join(dir, 'assets', 'tiny.css'), 'a{}');
    writeFileSync(join(dir, 'bundle-report.json'), js);
    writeFileSync(join(dir, '.vite', 'manifest.json'), js);

    precompressDir(dir);

    const file = join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    for (const skipped of [
      'assets/index-abc.js.map.br',
      'assets/tiny.css.br',
      'assets/tiny.css.gz',
      'bundle-report.json.br',
      'bundle-report.json.gz',
      '.vite/manifest.json.gz',
    ]) {
      expect(existsSync(join(dir, skipped)), skipped).toBe(false);
    }
  });
});
