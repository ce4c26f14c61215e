/**
 * The shop's own 503 (docs/cluster.md#bounded-requests): what a request gets when the instance will not
 * work on it now (the queue is full, it waited too long, the event loop lags) or stopped working on it
 * (its deadline passed). Retry-After says when to send it again: the shop's client waits that long and
 * retries, saying 排队中. An API path gets the envelope; a page, a short Chinese page.
 */

export const BUSY_MESSAGE = '服务器繁忙，请稍后再试';
export const TIMEOUT_MESSAGE = '请求处理超时，请稍后再试';
const SERVICE_UNAVAILABLE = 503;

/** The page a browser gets: it loads itself again after `retryAfterS`, as the shop's client retries an API call. */
export function busyPage(message, retryAfterS) {
  return `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta http-equiv="refresh" content="${retryAfterS}"><title>${message}</title><p style="font:16px sans-serif;margin:3em auto;max-width:30em;text-align:center">${message}，页面将在 ${retryAfterS} 秒后自动刷新</p></html>`;
}

/**
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 * @param {string} message @param {number} retryAfterS
 */
export function answerBusy(req, res, message, retryAfterS) {
  const api = (req.url ?? '').startsWith('/api/');
  const body = api
    ? JSON.stringify({ resultCode: SERVICE_UNAVAILABLE, message })
    : busyPage(message, retryAfterS);
  res.writeHead(SERVICE_UNAVAILABLE, {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': String(retryAfterS),
    'content-length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
