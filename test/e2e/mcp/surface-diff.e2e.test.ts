// The one proof that stdio (`bridge serve`) and HTTP (the addon's POST /mcp) serve the same MCP surface: for every
// client profile of addon/mcp/toolsets.json (and a client it does not know) and both protocol eras (a 2025-11-25
// initialize session through the 1.x SDK client, a stateless 2026-07-28 one through the v2 client), the raw
// JSON-RPC answers of both transports are diffed, path by path: initialize (or server/discover), tools/list with
// schemas and annotations, prompts, resources and templates, tool calls (a success, a refused bad argument, an
// unknown tool) and completions. A difference is a failure unless ALLOWED says why the transport makes it.
import {Client as ClientV2, StreamableHTTPClientTransport as HttpV2} from '@modelcontextprotocol/client'
import {StdioClientTransport as StdioV2} from '@modelcontextprotocol/client/stdio'
import {Client as ClientV1} from '@modelcontextprotocol/sdk/client/index.js'
import {StreamableHTTPClientTransport as HttpV1} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {StdioClientTransport as StdioV1} from '@modelcontextprotocol/sdk/client/stdio.js'
import {expect} from 'chai'

import {SURFACE} from '../../../src/surface/toolsets.js'
import {useEditor} from '../../support/fixture.js'
import type {Json} from '../../support/json.js'
import {serveParams} from '../../support/serve.js'

const MODERN = '2026-07-28'
const LEGACY = '2025-11-25'
type Era = typeof MODERN | typeof LEGACY

/**
 * Differences the transport itself makes (path patterns over the surface below). Each says why; nothing else may
 * differ.
 */
const ALLOWED: {path: RegExp; why: string}[] = [
  {
    path: /capabilities\.tools\.listChanged$/,
    why: 'stdio holds a stream and sends tools/list_changed (toolset changes, reconnection); the stateless HTTP endpoint has none',
  },
  {
    path: /^\.tools\/call bridge_toolsets\.result\.(structuredContent|content\.0\.text\.\(json text\))\.note$/,
    why: "HTTP keeps no session: its toolsets come from the URL's ?toolsets=, so its note says how to change them there",
  },
]

/**
 * Differences found and not fixed yet (issue 51: they go when the addon is the only implementation). Listed, so
 * the test stays a gate for everything else; each is printed when seen.
 */
const KNOWN: {path: RegExp; why: string}[] = [
  {
    path: /^\.connect\.0$/,
    why: "2026-07-28 over stdio: no server/discover answer is recorded at connect (the v2 client's opening is not seen through the proxy there), so discover is not diffed yet; eras.e2e.test.ts checks it on each side",
  },
  {
    path: /^\.connect\.0\.result\.instructions$/,
    why: "the addon's adds 'This editor has the project at <root> open.'; serve's early answer does not say it",
  },
  {
    path: /^\.resources\/read unknown\.error\.code$/,
    why: 'an unknown resource: the addon answers -32002 (Resource not found, the 2025 revisions); serve answers -32602, the code the SDK v2 server maps -32002 to (src/mcp/resources.ts)',
  },
  {
    path: /^\.tools\/call bad argument\.result\.content\.0\.text$/,
    why: "serve's ajv check words a missing parameter without its type; the addon's params.gd adds it ('(a string)')",
  },
]

/** Anything that records the raw answers a client hears, whichever SDK it is. */
interface Recorded {
  answers: Json[]
}

/**
 * The transport behind a proxy that keeps every JSON-RPC answer the client receives, raw, before the SDK parses it
 * (the SDK reads the onmessage it set back, to chain it: the proxy gives it its own, not the recording one).
 */
function record<T extends object>(transport: T): T & Recorded {
  const answers: Json[] = []
  let theirs: ((m: Json, extra?: unknown) => void) | undefined
  return new Proxy(transport, {
    get(target, prop) {
      if (prop === 'answers') return answers
      if (prop === 'onmessage') return theirs
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
    set(target, prop, value) {
      if (prop !== 'onmessage') return Reflect.set(target, prop, value, target)
      theirs = value
      ;(target as {onmessage?: unknown}).onmessage = (m: Json, extra?: unknown) => {
        if ('id' in m && ('result' in m || 'error' in m)) answers.push(m)
        theirs?.(m, extra)
      }
      return true
    },
  }) as T & Recorded
}

interface AnyClient {
  connect(t: unknown): Promise<void>
  close(): Promise<void>
  request?: unknown
  listTools(): Promise<unknown>
  listPrompts(): Promise<unknown>
  getPrompt(p: unknown): Promise<unknown>
  listResources(): Promise<unknown>
  listResourceTemplates(): Promise<unknown>
  readResource(p: unknown): Promise<unknown>
  callTool(p: unknown): Promise<unknown>
  complete(p: unknown): Promise<unknown>
}

/** Every answer the surface gives one client, by a label that names the request. */
async function surfaceOf(client: AnyClient, transport: Recorded): Promise<Json> {
  const out: Json = {connect: transport.answers.map(strip)}
  const ask = async (label: string, call: () => Promise<unknown>) => {
    const before = transport.answers.length
    let thrown: string | undefined
    const started = Date.now()
    await call().catch((error: Error) => (thrown = error.message))
    if (Date.now() - started > 5000) process.stderr.write(`surface-diff: ${label} took ${Date.now() - started} ms\n`)
    const heard = transport.answers.slice(before)
    out[label] = heard.length ? strip(heard[heard.length - 1]) : {thrownByClient: thrown}
  }
  await ask('tools/list', () => client.listTools())
  await ask('prompts/list', () => client.listPrompts())
  await ask('prompts/get bug-hunt', () =>
    client.getPrompt({name: 'bug-hunt', arguments: {symptom: 'the score counts twice'}}),
  )
  await ask('prompts/get unknown', () => client.getPrompt({name: 'no-such-prompt', arguments: {}}))
  await ask('resources/list', () => client.listResources())
  await ask('resources/templates/list', () => client.listResourceTemplates())
  await ask('resources/read project-info', () => client.readResource({uri: 'engine://project/info'}))
  await ask('resources/read class', () => client.readResource({uri: 'engine://class/Node2D'}))
  await ask('resources/read unknown', () => client.readResource({uri: 'engine://no/such'}))
  await ask('tools/call scene_tree', () => client.callTool({name: 'scene_tree', arguments: {}}))
  await ask('tools/call engine_run', () =>
    client.callTool({name: 'engine_run', arguments: {method: 'engine.version', params: {}}}),
  )
  await ask('tools/call bad argument', () => client.callTool({name: 'node_add', arguments: {name: 'A'}}))
  await ask('tools/call unknown tool', () => client.callTool({name: 'node_ad', arguments: {}}))
  await ask('tools/call bridge_find', () =>
    client.callTool({name: 'bridge_find', arguments: {query: 'paint tiles on a tilemap'}}),
  )
  await ask('tools/call bridge_find refused', () =>
    client.callTool({name: 'bridge_find', arguments: {query: 'x', limit: 0}}),
  )
  await ask('tools/call bridge_toolsets', () => client.callTool({name: 'bridge_toolsets', arguments: {}}))
  await ask('completion prompt', () =>
    client.complete({ref: {type: 'ref/prompt', name: 'spatial-placement'}, argument: {name: 'target', value: ''}}),
  )
  await ask('completion template', () =>
    client.complete({
      ref: {type: 'ref/resource', uri: 'engine://class/{name}'},
      argument: {name: 'name', value: 'CharacterBody'},
    }),
  )
  return out
}

/** The answer without its JSON-RPC id (the clients number their requests alike, but that is not the surface). */
function strip(answer: Json): Json {
  const {id: _id, ...rest} = answer
  return rest
}

/** Arrays of named things (tools, prompts, resources, templates, content) keyed by their name, so a missing one reads plainly. */
function keyed(value: unknown): unknown {
  if (Array.isArray(value)) {
    const key = ['name', 'uri', 'uriTemplate'].find(
      (k) => value.length > 0 && value.every((v) => v && typeof v === 'object' && typeof v[k] === 'string'),
    )
    if (key) return Object.fromEntries([['(order)', value.map((v) => v[key])], ...value.map((v) => [v[key], keyed(v)])])
    return value.map(keyed)
  }
  if (typeof value === 'string' && /^[[{]/.test(value)) {
    try {
      return {'(json text)': keyed(JSON.parse(value))} // the same JSON, whatever order each transport writes keys in
    } catch {
      return value
    }
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keyed(v)]))
  return value
}

/** path → [stdio value, http value] for every leaf where the two differ. */
function diff(a: unknown, b: unknown, path: string, out: [string, unknown, unknown][]): void {
  const isObject = (v: unknown) => v !== null && typeof v === 'object'
  if (isObject(a) && isObject(b) && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)])
    for (const k of keys) diff((a as Json)[k], (b as Json)[k], `${path}.${k}`, out)
    return
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push([path, a, b])
}

function show(value: unknown): string {
  const text = value === undefined ? '(absent)' : JSON.stringify(value)
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}

const PROFILES: {label: string; clientName: string}[] = [
  ...SURFACE.clients.map((c) => ({label: c.name, clientName: c.match[0]})),
  {label: 'unknown client', clientName: 'surface-diff-e2e'},
]

describe('the MCP surface diffed over stdio and HTTP: every client profile, both eras (real editor)', function () {
  this.timeout(900_000)
  const fx = useEditor()
  const found: string[] = []

  const open = async (transport: 'stdio' | 'http', era: Era, clientName: string): Promise<Json> => {
    const info = {name: clientName, version: '1.0.0'}
    // the 2025 HTTP client is stateless after initialize: the addon knows it by its User-Agent, as a real client's
    const headers = {'User-Agent': `${clientName}/1.0.0`}
    const url = new URL(`http://127.0.0.1:${fx.editor.discovery.http_port}/mcp`)
    const serve = serveParams(fx)
    const client = (era === MODERN
      ? // over stdio the pinned client skips server/discover (over HTTP it sends it); auto sends it on stdio too
        new ClientV2(info, {versionNegotiation: {mode: transport === 'stdio' ? 'auto' : {pin: MODERN}}})
      : new ClientV1(info)) as unknown as AnyClient
    const wire = record(
      era === MODERN
        ? transport === 'stdio'
          ? new StdioV2(serve)
          : new HttpV2(url, {requestInit: {headers}})
        : transport === 'stdio'
          ? new StdioV1(serve)
          : new HttpV1(url, {requestInit: {headers}}),
    )
    await client.connect(wire)
    try {
      return keyed(await surfaceOf(client, wire)) as Json
    } finally {
      await client.close().catch(() => {})
    }
  }

  for (const era of [LEGACY, MODERN] as Era[])
    for (const {label, clientName} of PROFILES)
      it(`${era}, ${label} (clientInfo ${clientName}): the same answers over stdio and HTTP`, async () => {
        const stdio = await open('stdio', era, clientName)
        const http = await open('http', era, clientName)
        const diffs: [string, unknown, unknown][] = []
        diff(stdio, http, '', diffs)
        const unexplained = diffs.filter(([path]) => !ALLOWED.some((a) => a.path.test(path)))
        for (const [path, s, h] of unexplained.filter(([path]) => KNOWN.some((k) => k.path.test(path))))
          process.stderr.write(
            `surface-diff: known, not fixed yet: ${era} ${label} ${path}\n    stdio ${show(s)}\n    http  ${show(h)}\n`,
          )
        const unfixed = unexplained.filter(([path]) => !KNOWN.some((k) => k.path.test(path)))
        for (const [path, s, h] of unfixed)
          found.push(`${era} ${label} ${path}\n    stdio ${show(s)}\n    http  ${show(h)}`)
        expect(
          unfixed.map(([path, s, h]) => `${path}\n    stdio ${show(s)}\n    http  ${show(h)}`).join('\n'),
        ).to.equal('')
      })

  after(() => {
    if (found.length) process.stderr.write(`surface differences:\n${found.join('\n')}\n`)
  })
})
