// ESLint: Next's rules (core web vitals), the React hooks rules and typescript-eslint, as Next ships
// them, and one rule of our own (eslint-rules/). A stage of `npm test` (scripts/test-all.sh); the whole
// tree is clean.
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import shop from './eslint-rules/no-server-in-client.mjs';

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores(['.next/**', '.next-*/**', '.data/**', 'node_modules/**', 'public/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts']),
  {
    rules: {
      // Product art is hand-drawn SVG served as sized static files (width and height set, lazy below
      // the fold); next/image would add its loader and a client wrapper for nothing.
      '@next/next/no-img-element': 'off',
      // `_name` marks a value left out on purpose (a destructured field dropped from a view).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // A 'use client' file never imports lib/server or server-only; types excepted (the rule's file says why).
    files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'],
    plugins: { shop },
    rules: { 'shop/no-server-in-client': 'error' },
  },
]);
