/**
 * Runs in the browser before the app hydrates. Zod 4 probes whether `new Function` works (to compile
 * fast object parsers); under the shop's Content-Security-Policy (no 'unsafe-eval') the probe is
 * refused, and although Zod catches the error, the browser still reports a CSP violation. Jitless
 * mode skips the probe (docs/decisions/security-headers.md). Zod reads this shared config object
 * when a schema is made, so it is set before any schema module loads.
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;

export {};
