// Bytes on the wire: what a browser downloads for the first load of a page (its HTML and the
// initial JavaScript the build report lists), asked with a browser's Accept-Encoding, against the
// same files sent uncompressed (the baseline, measured in the same run).
import { request } from 'node:http';

/** What one page costs on the wire. */
export interface WireFigures {
  path: string;
  files: number;
  /** Bytes received with `Accept-Encoding: br, gzip` (headers excluded). */
  compressedBytes: number;
  /** Bytes received without compression: the baseline. */
  identityBytes: number;
  budgetBytes: number | undefined;
}

/** Body bytes as received (still compressed) and the content encoding, for one GET. */
function fetchRaw(url: string, acceptEncoding: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Measures the first load of each page: the HTML at the page's own URL (the server's SPA
 * fallback) plus every initial file of the route in the build report.
 */
export async function measureWire(
  base: string,
  report: { budgets?: Record<string, number>; routes?: { path: string; files: string[] }[] },
  paths: readonly string[],
): Promise<WireFigures[]> {
  const figures: WireFigures[] = [];
  for (const page of paths) {
    const route = report.routes?.find((r) => r.path === page);
    if (!route) continue;
    const urls = [`${base}${page}`, ...route.files.map((f) => `${base}/${f}`)];
    let compressedBytes = 0;
    let identityBytes = 0;
    for (const url of urls) {
      compressedBytes += await fetchRaw(url, 'br, gzip');
      identityBytes += await fetchRaw(url, null);
    }
    figures.push({
      path: page,
      files: urls.length,
      compressedBytes,
      identityBytes,
      budgetBytes: report.budgets?.[page],
    });
  }
  return figures;
}

/** Prints the figures, each with its ratio to the uncompressed baseline and its budget. */
export function reportWire(figures: readonly WireFigures[]): void {
  console.log('\nBytes on the wire, first load (HTML + initial JS, Accept-Encoding: br, gzip)');
  for (const f of figures) {
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const budget =
      f.budgetBytes === undefined
        ? ''
        : `  budget ${kb(f.budgetBytes)}: ${f.compressedBytes <= f.budgetBytes ? 'within' : 'OVER'}`;
    console.log(
      `  ${f.path.padEnd(16)} ${kb(f.compressedBytes).padStart(10)} in ${f.files} files` +
        `  (uncompressed ${kb(f.identityBytes)}, ratio ${(f.compressedBytes / f.identityBytes).toFixed(2)})${budget}`,
    );
  }
}
