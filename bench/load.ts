// The bench's busy-neighbour mode (issue 50): the figures an agent waits on are measured again with `n` spinning
// processes beside them (BENCH_LOAD, default 8: a load average of about 8 on this 2-core machine, what a test
// suite and two more editors made here), so a busy machine's slowdown can be split into the machine's (the floor
// slows too) and bridge's own (the ratio to the floor grows). The spinners are plain `node` loops, stopped by pid.
import {type ChildProcess, spawn} from 'node:child_process'

import {waitForExit} from '../test/support/editor.js'
import {note, sleep} from './report.js'

export const LOAD = Number(process.env.BENCH_LOAD ?? 8)

export async function underLoad<T>(spinners: number, fn: () => Promise<T>): Promise<T> {
  const children: ChildProcess[] = []
  try {
    for (let i = 0; i < spinners; i++) children.push(spawn(process.execPath, ['-e', 'for (;;) {}'], {stdio: 'ignore'}))
    note(`${spinners} busy neighbours spinning…`)
    await sleep(2000) // the load average follows; the scheduler's share is there at once
    return await fn()
  } finally {
    for (const child of children) child.kill('SIGKILL')
    for (const child of children) await waitForExit(child.pid!, 3000)
  }
}
