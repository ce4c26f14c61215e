/** Reading and writing cookies in route handlers. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function cookieHeader(
  req: Request,
  name: string,
  value: string,
  opts: { maxAgeS: number; httpOnly?: boolean; sameSite?: 'Strict' | 'Lax' },
): string {
  const secure = new URL(req.url).protocol === 'https:' || req.headers.get('x-forwarded-proto') === 'https';
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${opts.maxAgeS}`,
    `SameSite=${opts.sameSite ?? 'Lax'}`,
    opts.httpOnly === false ? '' : 'HttpOnly',
    secure ? 'Secure' : '',
  ]
    .filter(Boolean)
    .join('; ');
}
