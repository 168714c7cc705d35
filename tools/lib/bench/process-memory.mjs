// The resident memory (RSS, from Linux's /proc) of a process and every process under it, each named by what it
// is in a Chorus stack: the memory bench's table (tools/bench/memory.mjs).
import { readdirSync, readFileSync } from 'node:fs';

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** Every live process's parent, from /proc/<pid>/stat (its 4th field, after the parenthesised name). */
function parents() {
  const map = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid) map.set(Number(entry), ppid);
  }
  return map;
}

/** `pid` and its descendants, parents first. */
export function processTree(pid) {
  const byParent = new Map();
  for (const [child, parent] of parents()) byParent.set(parent, [...(byParent.get(parent) ?? []), child]);
  const tree = [];
  const walk = (at) => {
    tree.push(at);
    for (const child of byParent.get(at) ?? []) walk(child);
  };
  walk(pid);
  return tree;
}

/** What a stack's process is, from its command line. */
function role(pid, rootPid) {
  const command = read(`/proc/${pid}/cmdline`).split('\0').filter(Boolean);
  const program = read(`/proc/${pid}/comm`).trim();
  if (pid === rootPid) return 'Node: local edge, mail catcher, AI and Turnstile stand-ins';
  if (program === 'workerd') return 'workerd (the Worker, its Durable Objects)';
  if (command.some((part) => part.endsWith('astro.mjs')))
    return `astro ${command.at(command.findIndex((p) => p.endsWith('astro.mjs')) + 1)} (Node)`;
  if (/pocketbase/i.test(program) || command.some((part) => /pocketbase$/.test(part))) return 'PocketBase';
  return program || command.join(' ');
}

/** RSS in MB of `pid`, or 0 once it is gone. */
function rssMb(pid) {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(read(`/proc/${pid}/status`))?.[1];
  return kb ? Number(kb) / 1024 : 0;
}

/** `[{ pid, role, rssMb }]` for the process `rootPid` and every process under it. */
export function stackMemory(rootPid) {
  return processTree(rootPid)
    .map((pid) => ({ pid, role: role(pid, rootPid), rssMb: rssMb(pid) }))
    .filter((row) => row.rssMb > 0);
}
