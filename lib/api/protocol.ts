/**
 * What the browser's client and the server agree on (docs/api.md#envelope, docs/api.md#result-codes,
 * docs/decisions/retries.md): the API's base path, the result codes of the envelope, the header that
 * names one shopper action, and what the client says when it has no message from the server.
 */

export const API_BASE = '/api/v1';
export const API_FALLBACK_ERROR = '请求失败';
/** What the client says when no answer came at all, after its retries (docs/decisions/retries.md#client). */
export const API_NETWORK_ERROR = '网络连接失败，请检查网络后重试';
/** The header naming one shopper action on every mutating request of the shop's client (docs/decisions/retries.md). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const RESULT = {
  OK: 200,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  NOT_LOGGED_IN: 416,
  TOO_MANY: 429,
  INTERNAL: 500,
  /** Not ready (the health check) or too busy: try again later. */
  UNAVAILABLE: 503,
} as const;
