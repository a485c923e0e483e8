// Tool results: JSON text, images lifted out as image content, failures as isError with what to do.
import {expect} from 'chai'

import {BridgeCliError, EXIT, EngineError, UnreachableError} from '../../../src/errors.js'
import {failureResult, successResult} from '../../../src/mcp/results.js'
import {TOOLSETS, readsOf} from '../../../src/mcp/toolsets.js'

const PNG = 'iVBORw0KGgo' + 'A'.repeat(100)

describe('mcp results', () => {
  it('returns a command result as compact JSON text', () => {
    expect(successResult({a: [1, 2], b: 'x'})).to.deep.equal({content: [{type: 'text', text: '{"a":[1,2],"b":"x"}'}]})
    expect(successResult(undefined).content[0]).to.deep.equal({type: 'text', text: 'null'})
  })

  it("takes which field a client's model reads from its profile, else the unknown client's", () => {
    expect(readsOf('opencode')).to.equal('content')
    expect(readsOf('claude-code')).to.equal('structured')
    expect(readsOf('some-other-client')).to.equal(TOOLSETS.unknown_client.reads)
    expect(readsOf(undefined)).to.equal(TOOLSETS.unknown_client.reads)
    // a client speaking a revision from before structuredContent reads only the text
    expect(readsOf('claude-code', '2025-03-26')).to.equal('content')
    expect(readsOf('claude-code', '2025-06-18')).to.equal('structured')
    for (const profile of TOOLSETS.clients.filter((c) => c.reads)) {
      expect(['content', 'structured'], profile.name).to.include(profile.reads)
      expect(profile.reads_source, profile.name).to.match(/^https:\/\//)
    }
  })

  it('lifts images out of a result as MCP image content, leaving a marker in the JSON', () => {
    const result = successResult({
      frame: {mime_type: 'image/png', data: PNG, width: 2},
      shots: [`data:image/jpeg;base64,/9j/AAAA`],
      png_base64: PNG,
      note: 'iVBORw0KGgo not an image field',
    })
    const [text, ...images] = result.content
    expect(images).to.deep.equal([
      {type: 'image', mimeType: 'image/png', data: PNG},
      {type: 'image', mimeType: 'image/jpeg', data: '/9j/AAAA'},
      {type: 'image', mimeType: 'image/png', data: PNG},
    ])
    const json = JSON.parse((text as {text: string}).text)
    expect(json.frame.width).to.equal(2)
    expect(json.frame.data).to.match(/^<image 1: image\/png, \d+ bytes/)
    expect(json.shots[0]).to.match(/^<image 2: image\/jpeg/)
    expect(json.png_base64).to.match(/^<image 3: image\/png/)
    expect(json.note).to.equal('iVBORw0KGgo not an image field')
  })

  it('lifts the addon convention {image_base64, mime_type} exactly as the HTTP endpoint does', () => {
    const result = successResult({image_base64: PNG, mime_type: 'image/png', width: 4, height: 3})
    expect(result.content[1]).to.deep.equal({type: 'image', mimeType: 'image/png', data: PNG})
    expect(JSON.parse((result.content[0] as {text: string}).text)).to.deep.equal({
      image_base64: `<image 1: image/png, ${Math.floor((PNG.length * 3) / 4)} bytes, attached as image content>`,
      mime_type: 'image/png',
      width: 4,
      height: 3,
    })
  })

  it('turns an unreachable editor into isError with its verdict and advice', () => {
    const result = failureResult(
      new UnreachableError('crashed', 'cannot reach the editor on 127.0.0.1:9080'),
      'node_add',
    )
    expect(result.isError).to.equal(true)
    const text = (result.content[0] as {text: string}).text
    expect(text).to.match(/^editor crashed: cannot reach/)
    expect(text).to.include('bridge launch')
    expect(text).to.include('verdict: crashed')
  })

  it('turns an addon error into isError naming the tool, the message and its data', () => {
    const result = failureResult(
      new EngineError(-32602, "missing required parameter 'type'", {param: 'type'}),
      'node_add',
    )
    expect(result).to.deep.equal({
      content: [{type: 'text', text: `node_add failed: missing required parameter 'type' {"param":"type"}`}],
      isError: true,
    })
  })

  it('speaks the tool names a model calls, and names the tool once', () => {
    const result = failureResult(
      new EngineError(-32000, 'node.set: res://a.tscn is open; save it with scene.save first'),
      'node_set',
    )
    expect((result.content[0] as {text: string}).text).to.equal(
      'node_set failed: res://a.tscn is open; save it with scene_save first',
    )
  })

  it('keeps method names for engine_run, which takes them', () => {
    const result = failureResult(
      new EngineError(-32601, "unknown method 'engine.versoin' (did you mean 'engine.version'?)"),
      'engine_run engine.versoin',
    )
    expect((result.content[0] as {text: string}).text).to.include("did you mean 'engine.version'")
  })

  it('turns a timeout into advice that fits an MCP client (no CLI flags)', () => {
    const timeout = new BridgeCliError(
      'scene.tree did not answer within 30000 ms (raise it with --timeout)',
      EXIT.timeout,
      'timeout',
      {
        method: 'scene.tree',
        timeout_ms: 30000,
      },
    )
    const text = (failureResult(timeout, 'scene_tree').content[0] as {text: string}).text
    expect(text).to.include('no answer within 30000 ms')
    expect(text).to.not.include('--timeout')
  })
})
