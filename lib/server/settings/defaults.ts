/**
 * Defaults of settings (docs/rules.md#environment) that code outside the schema reads too:
 * next.config.ts bakes SITE_URL's into the build, the tests build URLs on it.
 */

export const DEFAULT_SITE_URL = 'http://localhost:3000';
/** SWEEP_INTERVAL_MS: the sweep of orders, payments and the rest runs this often. */
export const ORDER_SWEEP_INTERVAL_MS = 60_000;
/** The demo carrier's time between two steps, unless DEMO_CARRIER_STEP_S says otherwise. */
export const DEMO_CARRIER_STEP_S = 120;
