#!/usr/bin/env node
// Stands in for `ssh host <command>` in the remote-use test (docs/remote.md): runs the command the way sshd runs
// a remote command — a bare environment (PATH and HOME only; no DISPLAY, no XDG folders, no TTY), in HOME — and
// carries stdin and stdout across in small uneven pieces, as a tunnel may deliver them. When its own stdin closes
// (the agent went away) it closes the command's; it exits when the command does. The command's pid goes to stderr.
// Usage: stdio-relay.mjs <PATH> <HOME> -- <command> [args…]
import {spawn} from 'node:child_process'
import {setImmediate} from 'node:timers'

const [pathEnv, home, dashes, command, ...args] = process.argv.slice(2)
if (dashes !== '--' || !command) {
  process.stderr.write('usage: stdio-relay.mjs <PATH> <HOME> -- <command> [args…]\n')
  process.exit(2)
}
const child = spawn(command, args, {cwd: home, env: {PATH: pathEnv, HOME: home}, stdio: ['pipe', 'pipe', 'inherit']})
process.stderr.write(`relay: pid ${child.pid}\n`)

let seed = 7
const pieceSize = () => 1 + ((seed = (seed * 1103515245 + 12345) % 2147483648) % 13)

/** Copies a stream in pieces of 1–13 bytes, one piece per turn of the event loop. */
function carry(from, to, end) {
  const queue = []
  let flowing = false
  const pump = () => {
    if (queue.length === 0) {
      flowing = false
      return
    }
    const chunk = queue[0]
    const size = Math.min(pieceSize(), chunk.length)
    to.write(chunk.subarray(0, size))
    if (size === chunk.length) queue.shift()
    else queue[0] = chunk.subarray(size)
    setImmediate(pump)
  }
  from.on('data', (chunk) => {
    queue.push(chunk)
    if (flowing) return
    flowing = true
    setImmediate(pump)
  })
  from.on('end', () => {
    const drained = () => (queue.length === 0 ? end() : setImmediate(drained))
    drained()
  })
}

carry(process.stdin, child.stdin, () => child.stdin.end())
carry(child.stdout, process.stdout, () => {})
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
