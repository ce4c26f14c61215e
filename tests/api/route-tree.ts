/**
 * Every handler under app/api/v1, found on disk: a new route is covered by the tests that walk this
 * tree the day it lands (the ownership matrix, hostile input, the admin gate).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Handler } from './session';

export const API_ROOT = path.resolve(__dirname, '../../app/api/v1');
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export type RouteHandler = {
  method: (typeof METHODS)[number];
  /** The route as spelled on disk below /api/v1, e.g. "/orders/[orderNo]/cancel". */
  pattern: string;
  /** Names of its dynamic segments, in order. */
  segments: string[];
  handler: Handler;
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? routeFiles(path.join(dir, e.name)) : e.name === 'route.ts' ? [path.join(dir, e.name)] : [],
  );
}

export async function apiHandlers(under = ''): Promise<RouteHandler[]> {
  const root = path.join(API_ROOT, under);
  const out: RouteHandler[] = [];
  for (const file of routeFiles(root).sort()) {
    const rel = path.relative(API_ROOT, path.dirname(file)).split(path.sep).filter(Boolean);
    const pattern = `/${rel.join('/')}`;
    const segments = rel.flatMap((s) => /^\[(?:\.\.\.)?(\w+)\]$/.exec(s)?.[1] ?? []);
    const mod = (await import(file)) as Record<string, unknown>;
    for (const method of METHODS) if (typeof mod[method] === 'function') out.push({ method, pattern, segments, handler: mod[method] as Handler });
  }
  return out;
}

/** The URL path of a route with its segments filled in. */
export const fillPattern = (pattern: string, params: Record<string, string>) => pattern.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
