/** Types of scripts/scratch-database.mjs (plain JS: the test scripts run it with node). */
export function createScratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }>;
