/** Types of tests/support/live-settings.mjs (plain JS: scripts/settings-limits-test.mjs reads it too). */
export declare const LIVE_SETTINGS: Readonly<Record<string, string>>;
