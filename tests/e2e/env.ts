/** Where the e2e server listens (scripts/e2e-server.mjs); SITE_URL is the same origin. */
export const E2E_PORT = 3310;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const SITE_URL = E2E_BASE_URL;
export const MAIL_HOST = 'mail.localtest';
