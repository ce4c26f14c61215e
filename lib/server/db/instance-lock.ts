/**
 * Which running processes of the shop are alive (docs/decisions/retries.md#a-dead-owner). Each process
 * draws an id at start; on PostgreSQL it holds the session advisory lock (INSTANCE_LOCK_CLASS, id) on a
 * connection of its own for as long as it lives, so the lock is free exactly when the process died
 * (a killed process's connection closes and PostgreSQL releases its locks). On PGlite the database
 * belongs to one process at a time: every id but this process's own is a process that has ended.
 */
import 'server-only';
import { randomInt } from 'node:crypto';
import type { Client } from 'pg';

/** The advisory lock class of the instances' liveness locks (the shop's own range, beside ADVISORY_LOCKS). */
export const INSTANCE_LOCK_CLASS = 72_010_100;

export type Liveness = {
  /** This process's id, as it stands in the rows it owns. */
  id: number;
  /** Holds this process's lock (again after its connection was lost); before the first row with `id`. */
  ready: () => Promise<void>;
  alive: (owner: number) => Promise<boolean>;
  close: () => Promise<void>;
};

const newId = () => randomInt(1, 2 ** 31 - 1);

export function pgliteLiveness(): Liveness {
  const id = newId();
  return { id, ready: async () => {}, alive: async (owner) => owner === id, close: async () => {} };
}

export function postgresLiveness(url: string): Liveness {
  const id = newId();
  let held: Promise<Client> | null = null;
  const hold = (): Promise<Client> => {
    if (held) return held;
    const opening = (async () => {
      const { Client } = await import('pg');
      const client = new Client({ connectionString: url });
      // A lost connection lost the lock: the next request takes it again (under the same id).
      const lost = () => {
        if (held === opening) held = null;
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      await client.query('select pg_advisory_lock($1, $2)', [INSTANCE_LOCK_CLASS, id]);
      return client;
    })();
    held = opening;
    opening.catch(() => {
      if (held === opening) held = null;
    });
    return opening;
  };
  return {
    id,
    ready: async () => {
      await hold();
    },
    alive: async (owner) => {
      if (owner === id) return true;
      const { rows } = await (await hold()).query<{ alive: boolean }>(
        `select exists(select 1 from pg_locks where locktype = 'advisory' and granted and classid = $1 and objid = $2 and objsubid = 2
           and database = (select oid from pg_database where datname = current_database())) as alive`,
        [INSTANCE_LOCK_CLASS, owner],
      );
      return rows[0].alive;
    },
    close: async () => {
      const client = held;
      held = null;
      if (client) await (await client.catch(() => null))?.end().catch(() => {});
    },
  };
}
