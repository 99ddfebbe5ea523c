/** Saving a file the app made (an export) through the browser's download. */

/**
 * Offers `blob` as a download named `fileName`: a temporary object URL clicked through a
 * hidden link, released once the browser has taken it.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
