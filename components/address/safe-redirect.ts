/** A `?redirect=` target we follow: a path on this site only (not //host, not a scheme). */
export function safeRedirect(raw: string | undefined | null, fallback: string): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}
