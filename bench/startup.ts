// The Node side's start-up figures for `npm run bench`: whole-process times of the CLI against the `node -e 0`
// floor measured in the same run, `bridge serve` from spawn to its `initialize` answer and its resident memory,
// pipeline mode, and the editor's idle CPU and memory read from /proc.
import {spawn} from 'node:child_process'
import {readFileSync} from 'node:fs'

export interface Stats {
  median: number
  p95: number
  p99: number
  min: number
  max: number
  samples: number[]
}

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b)
  return {
    median: s[Math.floor(s.length / 2)],
    p95: s[Math.min(s.length - 1, Math.floor(0.95 * s.length))],
    p99: s[Math.min(s.length - 1, Math.floor(0.99 * s.length))],
    min: s[0],
    max: s[s.length - 1],
    samples,
  }
}

/** Wall time of one process from spawn to exit, in ms; rejects on a non-zero exit. */
export function timeProcess(
  args: string[],
  options: {cwd?: string; input?: string; env?: NodeJS.ProcessEnv} = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'],
    })
    if (options.input !== undefined) child.stdin!.end(options.input)
    let stderr = ''
    child.stderr!.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => {
      const ms = performance.now() - t0
      if (code === 0) resolve(ms)
      else reject(new Error(`${args.join(' ')} exited ${code}: ${stderr.slice(0, 500)}`))
    })
  })
}

/**
 * Runs each process `runs` times, round-robin (one of each, then again), after one warm-up each (file and code
 * caches): every figure then sees the same moments of a shared machine, so their ratios to the floor hold.
 */
export async function timeRuns(
  processes: {args: string[]; cwd?: string; input?: string}[],
  runs: number,
): Promise<Stats[]> {
  for (const p of processes) await timeProcess(p.args, p)
  const samples: number[][] = processes.map(() => [])
  for (let i = 0; i < runs; i++) for (const [n, p] of processes.entries()) samples[n].push(await timeProcess(p.args, p))
  return samples.map((s) => stats(s))
}

/** Resident memory of a process, MiB, from /proc/<pid>/status. */
export function rssMb(pid: number): number {
  return residentMb(pid).rss
}

/** VmRSS and its two parts (RssAnon: heap, stacks, malloc; RssFile: mapped files, mostly the Node binary), MiB. */
export function residentMb(pid: number): {rss: number; anon: number; file: number} {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024
  return {rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile')}
}

/**
 * `bridge serve`: spawn → the `initialize` answer on stdout, the first tools/list (cold), the resident memory
 * once it has loaded everything and listed its tools (settled), then the median of five more tools/list on the
 * same session (warm, each sent after the previous answer). Raw JSON-RPC lines: no client-side validation timed.
 */
/** The _meta every 2026-07-28 request carries instead of an initialize handshake. */
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': {name: 'bench', version: '1'},
  'io.modelcontextprotocol/clientCapabilities': {},
}

/**
 * `bridge serve` from spawn to its first answer: a 2025 `initialize` (default), or with `era: 'modern'` a
 * 2026-07-28 `server/discover` (then its tools/list calls carry the version in _meta).
 */
export async function serveStart(
  bin: string,
  root: string,
  era: 'legacy' | 'modern' = 'legacy',
): Promise<{
  initializeMs: number
  toolsListMs: number
  toolsListWarmMs: number
  rssMb: number
  rssAnonMb: number
  rssFileMb: number
}> {
  const t0 = performance.now()
  const child = spawn(process.execPath, [bin, 'serve', '--project', root, '--toolsets', 'all'], {
    stdio: ['pipe', 'pipe', 'ignore'],
  })
  const send = (m: unknown) => child.stdin.write(JSON.stringify(m) + '\n')
  const answers = new Map<number, number>()
  let buffer = ''
  const waitFor = (id: number) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve: no answer to request ${id} within 30 s`)), 30_000)
      const check = () => {
        if (!answers.has(id)) return
        clearTimeout(timer)
        child.stdout.off('data', check)
        resolve(answers.get(id)!)
      }
      child.stdout.on('data', check)
      check()
    })
  child.stdout.on('data', (d) => {
    buffer += d
    let nl
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const message = JSON.parse(buffer.slice(0, nl)) as {id?: number}
      buffer = buffer.slice(nl + 1)
      if (typeof message.id === 'number') answers.set(message.id, performance.now() - t0)
    }
  })
  try {
    const params = era === 'modern' ? {_meta: MODERN_META} : {}
    if (era === 'modern') send({jsonrpc: '2.0', id: 1, method: 'server/discover', params})
    else
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'bench', version: '1'}},
      })
    const initializeMs = await waitFor(1)
    if (era === 'legacy') send({jsonrpc: '2.0', method: 'notifications/initialized'})
    send({jsonrpc: '2.0', id: 2, method: 'tools/list', params})
    const toolsListMs = (await waitFor(2)) - initializeMs
    await new Promise((r) => setTimeout(r, 500))
    const settled = residentMb(child.pid!)
    const warm: number[] = []
    for (let id = 3; id < 8; id++) {
      const sent = performance.now() - t0
      send({jsonrpc: '2.0', id, method: 'tools/list', params})
      warm.push((await waitFor(id)) - sent)
    }
    return {
      initializeMs,
      toolsListMs,
      toolsListWarmMs: stats(warm).median,
      rssMb: settled.rss,
      rssAnonMb: settled.anon,
      rssFileMb: settled.file,
    }
  } finally {
    child.stdin.end()
    child.kill()
  }
}

/** CPU time of a process (user + system), in seconds, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100 // utime, stime in clock ticks (USER_HZ = 100)
}

/** The window every idle-CPU figure is read over (editor_idle_cpu_pct and the with/without-addon pair). */
export const IDLE_WINDOW_MS = 6000

/** A process's CPU use over `ms`, in percent of one core. */
export async function cpuPercent(pid: number, ms: number): Promise<number> {
  const c0 = cpuSeconds(pid)
  const t0 = performance.now()
  await new Promise((r) => setTimeout(r, ms))
  return (100 * (cpuSeconds(pid) - c0)) / ((performance.now() - t0) / 1000)
}

/** The floor for serve's memory: an idle `node` with nothing loaded, resident MiB once it is up. */
export async function nodeRssMb(): Promise<number> {
  return (await nodeResidentMb()).rss
}

/** nodeRssMb with its anonymous and file-backed parts. */
export async function nodeResidentMb(): Promise<{rss: number; anon: number; file: number}> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], {stdio: 'ignore'})
  try {
    await new Promise((r) => setTimeout(r, 500))
    return residentMb(child.pid!)
  } finally {
    child.kill()
  }
}
