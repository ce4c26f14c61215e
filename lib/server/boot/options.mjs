/**
 * server.mjs's command line: `node server.mjs [-p PORT] [-H HOST] [--dev]` (PORT env or 3000; all
 * interfaces by default). The port is written back to PORT, which the app reads for its own URL.
 */
import { parseArgs } from 'node:util';

/** @returns {{ port: number, hostname: string | undefined, dev: boolean }} */
export function serverOptions() {
  const { values: args } = parseArgs({
    options: {
      port: { type: 'string', short: 'p' },
      hostname: { type: 'string', short: 'H' },
      dev: { type: 'boolean', default: false },
    },
  });
  const port = Number(args.port ?? process.env.PORT ?? 3000);
  const hostname = args.hostname ?? process.env.HOST ?? undefined;
  process.env.PORT = String(port);
  return { port, hostname, dev: args.dev };
}
