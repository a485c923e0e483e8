// A/B of the WebSocket throughput on a shared, noisy machine: two headless editors on copies of the demo, one
// with the addon of a git revision (A, default HEAD), one with this worktree's addon (B), measured alternately
// in the same minutes: `bench/engine.ts`'s pipelined row (100 engine.version calls in flight on one socket)
// and a lone caller's engine.version round trip (as the bench's ws_rtt row). Prints each round and the
// medians with the load average, the editor's CPU time per call (from /proc: less load-dependent than the
// wall clock) and each editor's CPU while idle afterwards. Usage: npx tsx scripts/ab-pipelined.ts [rev] [rounds]
import {execFileSync} from 'node:child_process'
import {cpSync, mkdtempSync, rmSync} from 'node:fs'
import {loadavg, tmpdir} from 'node:os'
import {join} from 'node:path'

import {pipelined} from '../bench/engine.js'
import {latency, median, sleep} from '../bench/report.js'
import {cpuSeconds} from '../bench/startup.js'
import {enablePlugin} from '../src/editor/install.js'
import {REPO_ROOT, type TestEditor, startEditor} from '../test/support/editor.js'

const rev = process.argv[2] ?? 'HEAD'
const rounds = Number(process.argv[3] ?? 5)

// the old addon, as `git archive` of the revision has it
const oldDir = mkdtempSync(join(tmpdir(), 'bridge-ab-'))
execFileSync('sh', ['-c', `git archive ${rev} addon | tar -x -C ${oldDir}`], {cwd: REPO_ROOT})
const installFrom = (dir: string) => (root: string) => {
  cpSync(dir, join(root, 'addons', 'bridge'), {recursive: true})
  enablePlugin(root)
}

/** The process's CPU time (user + system) in µs (clock ticks of 10 ms). */
const cpuUsec = (pid: number): number => cpuSeconds(pid) * 1e6

const editors: [string, TestEditor][] = []
try {
  editors.push(['A ' + rev, await startEditor({install: installFrom(join(oldDir, 'addon'))})])
  editors.push(['B worktree', await startEditor({install: installFrom(join(REPO_ROOT, 'addon'))})])
  // the addon loads its group scripts in idle frames after start, one a frame (a compile each): done first
  await sleep(5000)
  const results = new Map<string, {rate: number[]; cpu: number[]; p50: number[]; p99: number[]}>()
  for (const [name] of editors) results.set(name, {rate: [], cpu: [], p50: [], p99: []})
  for (let round = 0; round < rounds; round++) {
    // alternate which goes first, so a trend in the machine's load favours neither
    const order = round % 2 === 0 ? editors : [...editors].reverse()
    for (const [name, editor] of order) {
      const cpu0 = cpuUsec(editor.pid)
      const flood = await pipelined(editor.client, {maxCalls: 10_000, maxMs: 3000})
      const cpu = (cpuUsec(editor.pid) - cpu0) / (flood.calls + 20)
      const rtt = await latency('rtt', () => editor.client.call('engine.version'), 200)
      const r = results.get(name)!
      r.rate.push(flood.callsPerS)
      r.cpu.push(cpu)
      r.p50.push(Number(rtt[2]))
      r.p99.push(Number(rtt[4]))
      console.log(
        `round ${round} ${name}: ${flood.callsPerS.toFixed(0)} calls/s, editor CPU ${cpu.toFixed(0)} µs/call, rtt p50 ${rtt[2]} p99 ${rtt[4]} ms, load ${loadavg()[0].toFixed(2)}`,
      )
    }
  }
  for (const [name, r] of results) {
    console.log(
      `${name}: median ${median(r.rate).toFixed(0)} calls/s (${r.rate.map((v) => v.toFixed(0)).join(', ')}), editor CPU ${median(r.cpu).toFixed(0)} µs/call, rtt p50 ${median(r.p50).toFixed(2)} p99 ${median(r.p99).toFixed(2)} ms`,
    )
  }
  // idle: no client has called for longer than the addon's 2 s active window; both editors over the same 5 s
  await new Promise((r) => setTimeout(r, 2500))
  const idle0 = editors.map(([, editor]) => cpuUsec(editor.pid))
  await new Promise((r) => setTimeout(r, 5000))
  editors.forEach(([name, editor], i) => {
    console.log(`${name}: idle CPU ${((cpuUsec(editor.pid) - idle0[i]) / 50_000).toFixed(2)} % over 5 s`)
  })
  console.log(
    `load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  )
} finally {
  for (const [, editor] of editors) await editor.stop()
  rmSync(oldDir, {recursive: true, force: true})
}
