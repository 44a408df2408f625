import { PUBLIC_PATHS, TOKEN_PATHS } from '@/app/access';

/**
 * Where a login returns to: the `redirect` of /login?redirect=… when it is a path of this console (same origin, not a
 * public or token page), else the home page. Anything else — another site (`//evil.example`, `https://…`, `/\evil`),
 * `javascript:` or a control character — is ignored, so the login page is never an open redirect.
 */
export function loginRedirect(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return '/';
  const base = 'http://console.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return '/';
  }
  if (url.origin !== base) return '/';
  if (PUBLIC_PATHS.includes(url.pathname) || TOKEN_PATHS.includes(url.pathname)) return '/';
  return url.pathname + url.search + url.hash;
}
