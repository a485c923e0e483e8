import {expect} from 'chai'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {saveImages, shortenImages} from '../../src/cli/images.js'

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

  it('shortens the base64 to a marker for a terminal, leaving everything else', () => {
    const out = shortenImages({mime_type: 'image/png', frame: 3, image_base64: png}) as Record<string, unknown>
    expect(out.frame).to.equal(3)
    expect(out.image_base64).to.match(/^<image\/png, \d+ bytes; --out DIR saves it>$/)
  })
})
