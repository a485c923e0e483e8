// Which declared parameters may carry code: the audit sweeps (test/unit/code-params.test.ts over the
// catalog, test/e2e/security/code-audit.e2e.test.ts over a live editor's engine.commands) ask every one of
// them to be declared `evaluates: true` (run, and audited by the router: addon/core/code_audit.gd) or
// `evaluates: false` (reads like code, never run by that command).

/** A parameter as engine.commands and the catalog publish it. */
export interface ParamLike {
  description?: string
  evaluates?: boolean
  name: string
  type?: string
}

/** Names people give code: a parameter named so (or one of its `_` words) is a suspect. */
const CODE_NAMES = /(^|_)(body|code|conditions?|eval|expressions?|lambda|script|snippet|source|until|watch)($|_)/
/** Descriptions that say the value is code. "regular expression" is a search pattern, not code. */
const CODE_WORDS = /\bGDScript\b|\bstatements\b|(?<!regular )\bexpressions?\b/i
/** Types that can carry text; an int, bool, enum or node path cannot hold code. */
const TEXT_TYPES = new Set(['Array', 'Dictionary', 'any', 'string'])

/** Whether a parameter looks like it could carry code (by its name or its description). */
export function looksLikeCode(p: ParamLike): boolean {
  return TEXT_TYPES.has(p.type ?? 'any') && (CODE_NAMES.test(p.name) || CODE_WORDS.test(p.description ?? ''))
}

/** "<method>.<param>" for every suspect that declares neither evaluates: true nor evaluates: false. */
export function undeclaredCode(commands: {method: string; params: ParamLike[]}[]): string[] {
  return commands.flatMap((c) =>
    c.params.filter((p) => looksLikeCode(p) && typeof p.evaluates !== 'boolean').map((p) => `${c.method}.${p.name}`),
  )
}

/** [method, param] for every parameter declared evaluates: true. */
export function evaluatingParams(commands: {method: string; params: ParamLike[]}[]): [string, ParamLike][] {
  return commands.flatMap((c) =>
    c.params.filter((p) => p.evaluates === true).map((p): [string, ParamLike] => [c.method, p]),
  )
}
