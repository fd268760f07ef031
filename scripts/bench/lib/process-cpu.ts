/**
 * CPU time of the stack's processes, read from /proc (Linux), so a benchmark can report CPU per
 * request next to the wall clock. On a machine shared with other work the wall clock measures the
 * others too; the CPU a request costs the app does not depend on them (much).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on every Linux we run on). */
const TICKS_PER_S = 100;

function stat(pid: number): { ppid: number; ticks: number; childTicks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces and parentheses: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // Fields from state (3): ppid is 4, utime 14, stime 15, cutime 16, cstime 17 (man 5 proc).
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), childTicks: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null; // gone meanwhile
  }
}

const pids = (): number[] => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);

/** The process listening on a TCP port of this machine (IPv4 or IPv6), or null. */
export function pidListeningOn(port: number): number | null {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[] = [];
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      // local_address is "ADDR:PORT"; state 0A is LISTEN; column 9 is the socket's inode.
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  for (const pid of pids()) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (link.startsWith('socket:[') && inodes.has(link.slice(8, -1))) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return null;
}

/**
 * CPU milliseconds used so far by `root` and every process below it, including children that
 * already exited and were waited for (PostgreSQL's backends; a forked Next worker).
 */
export function treeCpuMs(root: number): number {
  const all = pids()
    .map((pid) => ({ pid, s: stat(pid) }))
    .filter((p): p is { pid: number; s: NonNullable<ReturnType<typeof stat>> } => p.s !== null);
  const children = new Map<number, number[]>();
  for (const p of all) children.set(p.s.ppid, [...(children.get(p.s.ppid) ?? []), p.pid]);
  const byPid = new Map(all.map((p) => [p.pid, p.s]));
  let ticks = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    const s = byPid.get(pid);
    if (!s) continue;
    ticks += s.ticks + (pid === root ? s.childTicks : 0);
    stack.push(...(children.get(pid) ?? []));
  }
  return (ticks * 1000) / TICKS_PER_S;
}

/** Counters of named process trees: `sample()` returns the CPU ms each used since the previous call. */
export function cpuMeter(roots: Record<string, number>): { sample: () => Record<string, number> } {
  let last = Object.fromEntries(Object.entries(roots).map(([name, pid]) => [name, treeCpuMs(pid)]));
  return {
    sample: () => {
      const now = Object.fromEntries(Object.entries(roots).map(([name, pid]) => [name, treeCpuMs(pid)]));
      const used = Object.fromEntries(Object.keys(roots).map((name) => [name, now[name]! - last[name]!]));
      last = now;
      return used;
    },
  };
}

/** The first process below `root` (itself included) whose command line contains `needle`, or null. */
export function pidBelow(root: number, needle: string): number | null {
  const parent = new Map<number, number>();
  for (const pid of pids()) {
    const s = stat(pid);
    if (s) parent.set(pid, s.ppid);
  }
  const under = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  for (const pid of parent.keys()) {
    if (!under(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').includes(needle)) return pid;
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/** CPU milliseconds so far of `pid`'s main thread and of all its other threads (Node 20 names them all `node`). */
export function threadCpuMs(pid: number): { main?: number; 'other threads'?: number } {
  const out: Record<string, number> = {};
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = Number(tid) === pid ? 'main' : 'other threads';
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      out[name] = (out[name] ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
