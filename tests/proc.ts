import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * What Linux's /proc says about processes and their listening TCP sockets:
 * for tests that check what the local stack starts, where it listens and
 * that it stops, without sending any traffic.
 */
export type ProcessInfo = { pid: number; ppid: number; state: string; command: string };

export function processInfo(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
    const [state = '?', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      // Gone in between.
    }
    return { pid, ppid: Number(ppid), state, command };
  } catch {
    return null;
  }
}

/** True while `pid` runs (a zombie, already dead but not yet reaped, does not count). */
export function isRunning(pid: number): boolean {
  const info = processInfo(pid);
  return info !== null && info.state !== 'Z' && info.state !== 'X';
}

/** Every process below `root` (children, grandchildren ...), at this moment. */
export function descendants(root: number): ProcessInfo[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => processInfo(Number(name)))
    .filter((info): info is ProcessInfo => info !== null);
  const found: ProcessInfo[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const info of all) {
      if (info.ppid === parent) {
        found.push(info);
        queue.push(info.pid);
      }
    }
  }
  return found;
}

export type ListeningSocket = { address: string; port: number; inode: string };

function decodeAddress(hex: string): string {
  // /proc/net/tcp{,6} print addresses as 32-bit words in host (little-endian) order.
  const bytes: number[] = [];
  for (let i = 0; i < hex.length; i += 8) {
    const word = hex.slice(i, i + 8);
    for (let j = 6; j >= 0; j -= 2) bytes.push(parseInt(word.slice(j, j + 2), 16));
  }
  if (bytes.length === 4) return bytes.join('.');
  const v4Mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (v4Mapped) return `::ffff:${bytes.slice(12).join('.')}`;
  if (bytes.every((b) => b === 0)) return '::';
  if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1) return '::1';
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  return groups.join(':');
}

/** Every listening TCP socket of this machine (IPv4 and IPv6). */
export function listeningSockets(): ListeningSocket[] {
  const sockets: ListeningSocket[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // No IPv6 on this machine.
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [local, state, inode] = [fields[1], fields[3], fields[9]];
      if (!local || state !== '0A' || !inode) continue; // 0A: LISTEN
      const [address = '', port = ''] = local.split(':');
      sockets.push({ address: decodeAddress(address), port: parseInt(port, 16), inode });
    }
  }
  return sockets;
}

/** The socket inodes that `pid` has open. */
function socketInodes(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        return match?.[1] ? [match[1]] : [];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/** The listening sockets held by these processes, with the process that holds each. */
export function listeningSocketsOf(pids: number[]): (ListeningSocket & { pid: number })[] {
  const owner = new Map<string, number>();
  for (const pid of pids) for (const inode of socketInodes(pid)) owner.set(inode, pid);
  return listeningSockets().flatMap((socket) => {
    const pid = owner.get(socket.inode);
    return pid === undefined ? [] : [{ ...socket, pid }];
  });
}
