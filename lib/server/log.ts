/** JSON-lines logger. Never log secrets, tokens, codes or whole phone numbers. */
import pino from 'pino';

export const log = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: { app: 'liangdun-shop' },
  redact: { paths: ['token', 'code', 'password', '*.token', '*.code', '*.password', 'headers.token', 'headers.cookie'], censor: '[redacted]' },
});
