/** The Native pay QR code: code_url drawn as an SVG on the server (no script on the page). */
import QRCode from 'qrcode';

function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, width: 220, color: { dark: '#111111', light: '#ffffff' } });
}

/** The pay page polls every 2 s: the drawing of an open payment is kept (a few hundred at most). */
const drawn = new Map<string, string>();
const KEEP = 500;

/** As an <img src> (data: URL), so it never passes through innerHTML. */
export async function qrDataUrl(text: string): Promise<string> {
  const hit = drawn.get(text);
  if (hit) return hit;
  const url = `data:image/svg+xml;base64,${Buffer.from(await qrSvg(text)).toString('base64')}`;
  if (drawn.size >= KEEP) drawn.delete(drawn.keys().next().value!);
  drawn.set(text, url);
  return url;
}
