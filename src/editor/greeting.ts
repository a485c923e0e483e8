// The addon's greeting: every WebSocket connection opens with a `bridge.hello` notification naming the
// editor's project. Apart from the client, so that the verdicts can greet too without a cycle.
import type WebSocket from 'ws'

import type {Discovery} from './discovery.js'

/** The greeting of the bridge editor on `port`, or undefined when none answers as one within `timeoutMs`. */
export async function greet(port: number, timeoutMs = 1500): Promise<Discovery | undefined> {
  try {
    const {ws, hello} = await openAndGreet(port, timeoutMs)
    ws.close()
    return hello
  } catch {
    return undefined
  }
}

/** `clientName` goes in the upgrade's User-Agent: the editor's Bridge dock lists clients by it. */
export async function openAndGreet(
  port: number,
  timeoutMs: number,
  clientName = 'bridge',
): Promise<{ws: WebSocket; hello: Discovery}> {
  const {default: WebSocketClass} = await import('ws')
  return new Promise((resolve, reject) => {
    const ws = new WebSocketClass(`ws://127.0.0.1:${port}`, {
      maxPayload: 256 * 1024 * 1024,
      perMessageDeflate: false,
      headers: {'User-Agent': clientName},
    })
    const timer = setTimeout(() => {
      ws.terminate()
      reject(new Error(`no greeting within ${timeoutMs} ms`))
    }, timeoutMs)
    ws.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    ws.once('close', () => {
      clearTimeout(timer)
      reject(new Error('closed before greeting'))
    })
    ws.once('message', (data) => {
      clearTimeout(timer)
      try {
        const msg = JSON.parse(data.toString()) as {method?: string; params?: unknown}
        if (msg.method !== 'bridge.hello') throw new Error('not a bridge editor (no bridge.hello)')
        ws.removeAllListeners('error')
        ws.removeAllListeners('close')
        resolve({ws, hello: msg.params as Discovery})
      } catch (error) {
        ws.terminate()
        reject(error as Error)
      }
    })
  })
}
