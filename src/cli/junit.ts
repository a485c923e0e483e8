// JUnit XML for CI from a result that carries checks: a command whose declared result has a `checks` array of
// `{name, ok, message?}` (profiling.compare_reports) takes `--junit FILE`. Each check is a test case and a failed
// one a <failure> with its message; the command then exits 1 when any check failed, so a CI step fails too.
import {mkdirSync, writeFileSync} from 'node:fs'
import {dirname, resolve} from 'node:path'

interface Check {
  name?: unknown
  ok?: unknown
  message?: unknown
}

/** Whether a command's results carry checks: its declared result shape has `checks: [{name, ok, …}]`. */
export function returnsChecks(doc: {result_schema?: unknown; output_schema?: unknown}): boolean {
  const schema = (doc.result_schema ?? doc.output_schema) as
    {properties?: {checks?: {items?: {properties?: Record<string, unknown>}}}} | undefined
  const item = schema?.properties?.checks?.items?.properties ?? {}
  return 'name' in item && 'ok' in item
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({'<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;'})[c]!)
}

/** The result's checks as one JUnit test suite named for the method, and how many failed. */
export function junitXml(method: string, result: unknown): {xml: string; tests: number; failures: number} {
  const checks = ((result as {checks?: unknown} | undefined)?.checks ?? []) as Check[]
  const cases = checks.map((check) => {
    const name = escapeXml(String(check.name ?? 'check'))
    const message = escapeXml(String(check.message ?? (check.ok === true ? 'ok' : 'failed')))
    const head = `    <testcase classname="${escapeXml(method)}" name="${name}"`
    return check.ok === true
      ? `${head}><system-out>${message}</system-out></testcase>`
      : `${head}><failure message="${message}">${message}</failure></testcase>`
  })
  const failures = checks.filter((c) => c.ok !== true).length
  const suite = `tests="${checks.length}" failures="${failures}" errors="0"`
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="bridge" ${suite}>`,
    `  <testsuite name="${escapeXml(method)}" ${suite} timestamp="${new Date().toISOString()}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
  return {xml, tests: checks.length, failures}
}

/** Writes the JUnit file for `--junit FILE`; returns how many checks failed. */
export function writeJunit(file: string, method: string, result: unknown): number {
  const {xml, failures} = junitXml(method, result)
  mkdirSync(dirname(resolve(file)), {recursive: true})
  writeFileSync(file, xml)
  return failures
}
