import {expect} from 'chai'
import {mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {returnsImages, saveImages, shortenImages} from '../../src/cli/images.js'

describe('image results on the CLI', () => {
  const png = Buffer.from('\x89PNG fake bytes').toString('base64')
  const result = {
    count: 2,
    frames: [
      {mime_type: 'image/png', width: 4, image_base64: png},
      {mime_type: 'image/png', width: 4, image_base64: png},
    ],
  }

  it('--out writes each image to a numbered file and names the file in the result instead of the base64', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bridge-images-'))
    try {
      const {result: out, files} = saveImages(result, join(dir, 'shots'), 'capture_frames')
      expect(files.map((f) => f.slice(dir.length))).to.deep.equal([
        '/shots/capture_frames_000.png',
        '/shots/capture_frames_001.png',
      ])
      expect(readFileSync(files[1]).toString()).to.equal('\x89PNG fake bytes')
      expect(out).to.deep.equal({
        count: 2,
        frames: [
          {mime_type: 'image/png', width: 4, file: files[0]},
          {mime_type: 'image/png', width: 4, file: files[1]},
        ],
      })
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })

  it('--out shot.png writes that file for one image, shot_000.png, … for several; an existing file counts as a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bridge-images-'))
    try {
      const one = saveImages(result.frames[0], join(dir, 'shot.png'), 'screenshot')
      expect(one.files).to.deep.equal([join(dir, 'shot.png')])
      expect(statSync(join(dir, 'shot.png')).isFile()).to.equal(true)
      expect(one.result).to.deep.equal({mime_type: 'image/png', width: 4, file: join(dir, 'shot.png')})
      const many = saveImages(result, join(dir, 'sub', 'frame.png'), 'capture_frames')
      expect(many.files).to.deep.equal([join(dir, 'sub', 'frame_000.png'), join(dir, 'sub', 'frame_001.png')])
      writeFileSync(join(dir, 'noext'), '')
      expect(saveImages(result.frames[0], join(dir, 'noext'), 'screenshot').files).to.deep.equal([join(dir, 'noext')])
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })

  it('knows a command returns images from its declared result shape', () => {
    expect(returnsImages({result_schema: {properties: {frames: {items: {properties: {image_base64: {}}}}}}})).to.equal(
      true,
    )
    expect(returnsImages({result_schema: {properties: {path: {type: 'string'}}}})).to.equal(false)
    expect(returnsImages({})).to.equal(false)
  })

  it('shortens the base64 to a marker for a terminal, leaving everything else', () => {
    const out = shortenImages({mime_type: 'image/png', frame: 3, image_base64: png}) as Record<string, unknown>
    expect(out.frame).to.equal(3)
    expect(out.image_base64).to.match(/^<image\/png, \d+ bytes; --out FILE.png saves it>$/)
  })
})
