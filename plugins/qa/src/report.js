// The smoke report for people (a few aligned lines, problems first) and for machines (JSON without the frame
// images, which go to files with --out).

/** @typedef {import('./smoke.js').SmokeReport} SmokeReport */

/**
 * @param {SmokeReport} report
 * @returns {string}
 */
export function formatReport(report) {
  const verdict = report.ok
    ? 'passed'
    : `FAILED (${report.problems.length} problem${report.problems.length === 1 ? '' : 's'})`
  const lines = [`qa smoke ${report.scene}: ${verdict} in ${(report.duration_ms / 1000).toFixed(1)} s`]
  for (const p of report.problems) lines.push(`  ✗ ${p}`)
  const game = report.game
  lines.push(
    `  game      ${game ? `pid ${game.pid}, ${game.display_server}${game.renders ? '' : ' (no renderer)'}` : 'did not start'}`,
    `  input     ${report.input.delivered.length} of ${report.input.events} events delivered`,
    `  frames    ${report.frames.skipped ? `none: ${report.frames.skipped}` : `${report.frames.count} captured`}`,
    `  errors    ${report.errors.length}`,
    `  warnings  ${report.warnings.length}`,
  )
  for (const w of report.warnings) lines.push(`    ! ${w.message}${w.where ? ` (${w.where})` : ''}`)
  if (report.stopped_at?.stack.length) {
    lines.push('  stack')
    for (const frame of report.stopped_at.stack) lines.push(`    ${frame}`)
  }
  return lines.join('\n')
}

/**
 * The report as JSON data: frame images replaced by their saved paths (or dropped).
 * @param {SmokeReport} report
 * @param {string[]} [saved] paths the frames were written to, by index
 */
export function jsonReport(report, saved = []) {
  return {
    ...report,
    frames: {
      ...report.frames,
      items: report.frames.items.map(({image_base64: _image, ...f}) => ({
        ...f,
        ...(saved[f.index] ? {file: saved[f.index]} : {}),
      })),
    },
  }
}
