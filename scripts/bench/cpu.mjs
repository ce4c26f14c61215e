/**
 * CPU time spent by processes during a measurement, from /proc (Linux): what a scenario costs per
 * request or per order on this machine, split between the shop's instances, the demo payment gateway
 * (when it runs apart), PostgreSQL and the rest.
 * Elsewhere (no /proc) every reading is null and the bench prints no split.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function processTimes() {
  /** @type {Map<number, { comm: string, ms: number }>} */
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // fields[11], [12]: utime, stime; [13], [14]: cutime, cstime (children that were waited for)
      all.set(Number(name), { comm, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS });
    } catch {}
  }
  return all;
}

/** The database a PostgreSQL backend serves, from the title it sets ("postgres: 15/main: user db 127.0.0.1(port) idle"). */
function backendDatabase(pid) {
  try {
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return title.match(/^postgres: (?:[^:]+: )?\S+ (\S+) \S+\(\d+\)/)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * Starts a reading; `stop()` returns the CPU milliseconds of the given pids (the instances), of the
 * gateway's pids and the PostgreSQL backends of its database (its own, so that they can be told from
 * the shop's), of the other processes named postgres, and of everything else (the load client, nginx,
 * Redis), or null without /proc.
 * @param {number[]} shopPids
 * @param {{ pids?: number[], database?: string | null }} [gateway]
 */
export function cpuReading(shopPids, gateway = {}) {
  let before;
  try {
    before = processTimes();
  } catch {
    return { stop: () => null };
  }
  return {
    stop() {
      const after = processTimes();
      const split = { shop: 0, gateway: 0, postgres: 0, other: 0 };
      for (const [pid, { comm, ms }] of after) {
        const spent = ms - (before.get(pid)?.ms ?? 0);
        if (spent <= 0) continue;
        if (shopPids.includes(pid)) split.shop += spent;
        else if (gateway.pids?.includes(pid)) split.gateway += spent;
        else if (comm === 'postgres' && gateway.database && backendDatabase(pid) === gateway.database) split.gateway += spent;
        else if (comm === 'postgres') split.postgres += spent;
        else split.other += spent;
      }
      return split;
    },
  };
}

/**
 * A reading's split per paid order, as the bench and the profiler print it: `shop 13.9, demo gateway
 * (its database included) 7.6, PostgreSQL 5.8, everything else (load client, Redis) 1.7` (ms);
 * `others` names what "everything else" holds where it runs.
 */
export function perOrder(split, paid, others) {
  const ms = (v) => (v / paid).toFixed(1);
  return (
    `shop ${ms(split.shop)}, demo gateway (its database included) ${ms(split.gateway)}, ` +
    `PostgreSQL ${ms(split.postgres)}, everything else (${others}) ${ms(split.other)}`
  );
}
