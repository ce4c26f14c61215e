/** Types of scripts/js-budget.mjs (the build's JavaScript budget per page). */
export const BUDGETS_KB: Record<string, number>;
export function routeSizes(distDir: string): { route: string; files: string[]; bytes: number }[];
export function budgetOf(route: string): number;
