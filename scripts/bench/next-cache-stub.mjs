/**
 * next/cache outside the Next server, for measurement scripts (scripts/bench/search-explain.ts): a
 * cached function keeps its answers in memory per arguments, as the server's cache does between
 * revalidations; revalidateTag is a no-op.
 */
export function unstable_cache(fn) {
  const kept = new Map();
  return (...args) => {
    const key = JSON.stringify(args);
    if (!kept.has(key)) kept.set(key, fn(...args));
    return kept.get(key);
  };
}
export function revalidateTag() {}
export function revalidatePath() {}
