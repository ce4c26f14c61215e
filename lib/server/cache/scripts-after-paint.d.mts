/** A cached page with its chunk scripts asked for after its first frame (scripts-after-paint.mjs). */
export function scriptsAfterPaint(html: string): string;
