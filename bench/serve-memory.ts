// `BENCH_ONLY=serve-rss npm run bench`: `bridge serve`'s resident memory settled after tools/list with an editor
// up (the serve_rss_mb target) and its two parts from /proc (anonymous: V8's heap, malloc, stacks; file-backed:
// mostly the pages of the Node binary it ran), beside an idle `node`; and serve's initialize time against
// `node -e 0` in the same rounds, which what keeps the memory down must not slow.
import {startEditor} from '../test/support/editor.js'
import {figure, note, table, target} from './report.js'
import {nodeResidentMb, serveStart, stats, timeProcess} from './startup.js'

export async function reportServeMemory(bin: string, runs: number): Promise<void> {
  note('starting a headless editor on a copy of examples/demo…')
  const editor = await startEditor()
  try {
    await timeProcess(['-e', '0'])
    await serveStart(bin, editor.root) // warm-up: file and code caches
    const floor: number[] = []
    const serves: Awaited<ReturnType<typeof serveStart>>[] = []
    for (let i = 0; i < runs; i++) {
      floor.push(await timeProcess(['-e', '0']))
      serves.push(await serveStart(bin, editor.root))
    }
    const node = await nodeResidentMb()
    const median = (pick: (s: (typeof serves)[number]) => number) => stats(serves.map(pick)).median
    const floorMs = stats(floor).median
    const nodeFloor = `node -e 0: ${floorMs.toFixed(0)} ms`
    figure('node_floor_ms', floorMs, 'ms')
    target(
      'serve_initialize_ms',
      median((s) => s.initializeMs),
      'ms',
      500,
      nodeFloor,
    )
    target('serve_initialize_over_node_ratio', median((s) => s.initializeMs) / floorMs, 'x', 2, nodeFloor)
    figure('node_rss_mb', node.rss, 'MiB')
    target(
      'serve_rss_mb',
      median((s) => s.rssMb),
      'MiB',
      60,
      `idle node: ${node.rss.toFixed(0)} MiB`,
    )
    figure(
      'serve_rss_anon_mb',
      median((s) => s.rssAnonMb),
      'MiB',
    )
    figure(
      'serve_rss_file_mb',
      median((s) => s.rssFileMb),
      'MiB',
    )
    console.log(`\n## serve resident memory (MiB, settled after tools/list; ${runs} runs)\n`)
    const row = (label: string, r: {rss: number; anon: number; file: number}) =>
      [label, r.rss, r.anon, r.file].map((v) => (typeof v === 'number' ? v.toFixed(1) : v))
    console.log(
      table(
        ['process', 'VmRSS', 'RssAnon', 'RssFile'],
        [
          row('idle node', node),
          row('bridge serve (median)', {
            rss: median((s) => s.rssMb),
            anon: median((s) => s.rssAnonMb),
            file: median((s) => s.rssFileMb),
          }),
          ...serves.map((s, i) => row(`  run ${i + 1}`, {rss: s.rssMb, anon: s.rssAnonMb, file: s.rssFileMb})),
        ],
      ),
    )
  } finally {
    await editor.stop()
  }
}
