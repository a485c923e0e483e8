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

/** One JUnit test suite: a name and its cases, each passed or failed with a message. */
export interface JunitSuite {
  name: string
  cases: {name: string; ok: boolean; message: string}[]
}

/** Test suites as one JUnit document, and how many cases there are and how many failed. */
export function junitSuitesXml(suites: JunitSuite[]): {xml: string; tests: number; failures: number} {
  const count = (s: JunitSuite) =>
    `tests="${s.cases.length}" failures="${s.cases.filter((c) => !c.ok).length}" errors="0"`
  const stamp = new Date().toISOString()
  const body = suites.flatMap((s) => [
    `  <testsuite name="${escapeXml(s.name)}" ${count(s)} timestamp="${stamp}">`,
    ...s.cases.map((c) => {
      const head = `    <testcase classname="${escapeXml(s.name)}" name="${escapeXml(c.name)}"`
      const message = escapeXml(c.message)
      return c.ok
        ? `${head}><system-out>${message}</system-out></testcase>`
        : `${head}><failure message="${message}">${message}</failure></testcase>`
    }),
    '  </testsuite>',
  ])
  const all: JunitSuite = {name: 'bridge', cases: suites.flatMap((s) => s.cases)}
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="bridge" ${count(all)}>`,
    ...body,
    '</testsuites>',
    '',
  ]
  return {xml: xml.join('\n'), tests: all.cases.length, failures: all.cases.filter((c) => !c.ok).length}
}

/** The result's checks as one JUnit test suite named for the method, and how many failed. */
export function junitXml(method: string, result: unknown): {xml: string; tests: number; failures: number} {
  const checks = ((result as {checks?: unknown} | undefined)?.checks ?? []) as Check[]
  const cases = checks.map((check) => ({
    name: String(check.name ?? 'check'),
    ok: check.ok === true,
    message: String(check.message ?? (check.ok === true ? 'ok' : 'failed')),
  }))
  return junitSuitesXml([{name: method, cases}])
}

/** Writes a JUnit document to `file` (its folder made). */
export function writeJunitFile(file: string, xml: string): void {
  mkdirSync(dirname(resolve(file)), {recursive: true})
  writeFileSync(file, xml)
}

/** Writes the JUnit file for `--junit FILE`; returns how many checks failed. */
export function writeJunit(file: string, method: string, result: unknown): number {
  const {xml, failures} = junitXml(method, result)
  writeJunitFile(file, xml)
  return failures
}
