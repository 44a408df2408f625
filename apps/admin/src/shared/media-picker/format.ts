/** 1.2 MB, 35 KB: sizes as a merchant reads them. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The address to share: file urls are paths on this server (/file/...). */
export const absoluteUrl = (url: string) => (/^https?:\/\//.test(url) ? url : `${window.location.origin}${url}`);
