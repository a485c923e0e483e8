// Every HTTP status the addon sends has its standard reason phrase in the status line (`409 Conflict`, never a
// placeholder): the statuses written in addon/transport and addon/mcp against the REASONS tables the status
// lines are built from (transport/net/http_head.gd, and the WebSocket handshake's own).
import {expect} from 'chai'
import {readdirSync, readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'

const ADDON = join(import.meta.dirname, '..', '..', 'addon')

function gdFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const p = join(dir, entry)
    return statSync(p).isDirectory() ? gdFiles(p) : p.endsWith('.gd') ? [p] : []
  })
}

function reasons(file: string): Map<number, string> {
  const text = readFileSync(join(ADDON, file), 'utf8')
  const table = /const REASONS := \{([\s\S]*?)\}/.exec(text)![1]
  return new Map([...table.matchAll(/(\d{3}):\s*"([^"]+)"/g)].map((m) => [Number(m[1]), m[2]]))
}

describe('HTTP status lines', () => {
  it('name every status the addon sends by its standard reason (409 Conflict)', () => {
    const known = new Map([...reasons('transport/net/http_head.gd'), ...reasons('transport/ws/handshake.gd')])
    const sent = new Set<number>()
    const patterns = [
      /finish\(slot, (\d{3})/g,
      /"status": (\d{3})/g,
      /response_bytes\((\d{3})/g,
      /refusal\((\d{3})/g,
      /_refuse\((\d{3})/g,
      /status = (\d{3})/g,
    ]
    for (const file of [...gdFiles(join(ADDON, 'transport')), ...gdFiles(join(ADDON, 'mcp'))]) {
      const text = readFileSync(file, 'utf8')
      for (const pattern of patterns) for (const m of text.matchAll(pattern)) sent.add(Number(m[1]))
    }
    expect(sent.size, 'statuses found in the addon').to.be.above(5)
    expect(sent).to.include(409)
    for (const status of sent) expect(known.get(status), `reason phrase of ${status}`).to.be.a('string')
    expect(known.get(409)).to.equal('Conflict')
  })
})
