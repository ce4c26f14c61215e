/**
 * Who holds a TCP port on this host, read from /proc (docs/cluster.md#supervision-stop-and-status): the
 * listening sockets of /proc/net/tcp and tcp6, and the process whose open files include that socket. The
 * runner waits on it before it starts nginx again, and `stop` names a process that kept a port.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const LISTEN = '0A';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The inodes of the sockets listening on `port` (any address, IPv4 or IPv6). */
function listeningInodes(port) {
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== LISTEN) continue;
      if (parseInt(f[1].split(':')[1], 16) === port) inodes.add(f[9]);
    }
  }
  return inodes;
}

/** Whether something listens on `port`. */
export const isListening = (port) => listeningInodes(port).size > 0;

/** The processes holding a socket that listens on `port`: `pid (command line)`, or `unknown` where /proc hides them. */
export function holdersOf(port) {
  const inodes = listeningInodes(port);
  if (!inodes.size) return [];
  const holders = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds = [];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target = '';
      try {
        target = readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/.exec(target);
      if (m && inodes.has(m[1])) {
        let cmd = '?';
        try {
          cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
        } catch {}
        holders.push(`pid ${entry} (${cmd})`);
        break;
      }
    }
  }
  return holders.length ? holders : ['unknown (a process this user cannot see)'];
}

/** Waits until nothing listens on any of `ports`; @returns {Promise<number[]>} the ports still taken after `ms`. */
export async function waitUntilFree(ports, ms) {
  const until = Date.now() + ms;
  for (;;) {
    const taken = ports.filter(isListening);
    if (!taken.length || Date.now() > until) return taken;
    await sleep(50);
  }
}
