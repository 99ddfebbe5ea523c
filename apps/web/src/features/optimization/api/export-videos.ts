import { CSV_BOM, csvFileName } from '@tubewise/contract/csv';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/download.ts';

/**
 * Fetches the CSV export of the list's tab, filters and search (every page, built by the
 * server in one query) and offers it as a download named after the channel, tab and day.
 */
export async function downloadVideoList(
  channel: { id: string; name: string },
  request: Readonly<Record<string, string>>,
  today: Date = new Date(),
): Promise<void> {
  const csv = await apiRequest('videoExport', {
    params: { id: channel.id },
    query: { ...request },
    text: true,
  });
  // fetch's text() drops the byte order mark Excel needs to read the file as UTF-8.
  const body = csv.startsWith(CSV_BOM) ? csv : `${CSV_BOM}${csv}`;
  const day = today.toISOString().slice(0, 10);
  const name = csvFileName(`${channel.name}-videos-${request.tab ?? 'all'}-${day}`);
  saveFile(new Blob([body], { type: 'text/csv;charset=utf-8' }), name);
}
