// Next's defaults, as a new app has them, with two exceptions. poweredByHeader: the shop turns the
// X-Powered-By header off too. turbopack.root: the bench builds a copy of this folder in a temporary
// directory whose node_modules links to the shop's, and Turbopack reads no file outside its root, so
// scripts/bench/bare.mjs names a root that holds both (BARE_APP_ROOT).
const root = process.env.BARE_APP_ROOT || process.cwd();

const nextConfig = { poweredByHeader: false, turbopack: { root }, outputFileTracingRoot: root };

export default nextConfig;
