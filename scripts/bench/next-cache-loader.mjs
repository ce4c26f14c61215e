/** A module hook for measurement scripts: `next/cache` resolves to ./next-cache-stub.mjs (no Next server around). */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'next/cache') return { url: new URL('./next-cache-stub.mjs', import.meta.url).href, shortCircuit: true };
  return nextResolve(specifier, context);
}
