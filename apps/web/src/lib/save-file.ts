import type { DownloadedFile } from './http';

/** Hands a downloaded file to the browser's own download, under the name the API gave it. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by now; the address is not needed any longer.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
