// editor.run_script's guard, as tests exercise it: the rule list the addon reads (and the docs are
// generated from), and the variants of a dangerous call that the guard must refuse.
import {loadGuardRules} from '../../scripts/gen-guard-docs.js'

export {loadGuardRules} from '../../scripts/gen-guard-docs.js'

/** A dangerous call: `cls.method(args)`, the category its refusal names, and whether cls is a singleton. */
export interface DangerousCall {
  cls: string
  method: string
  args: string
  category: string
  singleton: boolean
}

export interface Variant {
  label: string
  code: string
  /** The categories the refusal may name (built names are always "dynamic_name"). */
  categories: string[]
}

const halves = (s: string): [string, string] => [s.slice(0, Math.ceil(s.length / 2)), s.slice(Math.ceil(s.length / 2))]
/** The name with every character written as a \u escape: a plain literal that reads as the name. */
const escaped = (s: string) => [...s].map((c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')).join('')

/** Every way of writing `d` that the guard must refuse: direct, built name, variable, class value, by class name. */
export function variantsOf(d: DangerousCall): Variant[] {
  const rules = loadGuardRules()
  const classCategory = rules.classes[d.cls].category
  const own = [d.category, classCategory]
  const built = ['dynamic_name']
  const [m1, m2] = halves(d.method)
  const [c1, c2] = halves(d.cls)
  const rest = d.args ? `, ${d.args}` : ''
  const out: Variant[] = [
    {label: 'direct', code: `${d.cls}.${d.method}(${d.args})`, categories: own},
    {label: 'call, literal name', code: `${d.cls}.call("${d.method}"${rest})`, categories: own},
    {label: 'call, \\u-escaped literal', code: `${d.cls}.call("${escaped(d.method)}"${rest})`, categories: own},
    {label: 'call, built name', code: `${d.cls}.call("${m1}" + "${m2}"${rest})`, categories: built},
    {label: 'callv, built name', code: `${d.cls}.callv("${m1}" + "${m2}", [${d.args}])`, categories: built},
    {label: 'call_deferred, built name', code: `${d.cls}.call_deferred("${m1}" + "${m2}"${rest})`, categories: built},
    {label: 'call, name from %', code: `${d.cls}.call("%s%s" % ["${m1}", "${m2}"]${rest})`, categories: built},
    {label: 'call, name from str()', code: `${d.cls}.call(str("${m1}", "${m2}")${rest})`, categories: built},
    {label: 'call, StringName()', code: `${d.cls}.call(StringName("${d.method}")${rest})`, categories: built},
    {label: 'call, name in a variable', code: `var m = "${d.method}"\n${d.cls}.call(m${rest})`, categories: built},
    {
      label: 'get + call, built name',
      code: `${d.cls}.get("${m1}" + "${m2}").call(${d.args})`,
      categories: [...built, classCategory],
    },
    {label: 'class in a variable', code: `var o = ${d.cls}\no.${d.method}(${d.args})`, categories: own},
    {
      label: 'class in a variable, built name',
      code: `var o = ${d.cls}\no.call("${m1}" + "${m2}"${rest})`,
      categories: [...own, ...built],
    },
    {label: 'class in an array', code: `var arr = [${d.cls}]\narr[0].${d.method}(${d.args})`, categories: own},
    {
      label: 'class passed to a function',
      code: `var f = func(o): o.${d.method}(${d.args})\nf.callv([${d.cls}])`,
      categories: own,
    },
    {label: 'Callable, literal name', code: `Callable(${d.cls}, "${d.method}").call(${d.args})`, categories: own},
    {
      label: 'Callable, built name',
      code: `Callable(${d.cls}, "${m1}" + "${m2}").call(${d.args})`,
      categories: [...own, ...built],
    },
    {label: 'method reference', code: `var f = ${d.cls}.${d.method}\nf.call(${d.args})`, categories: own},
    {
      label: 'subscript, built name',
      code: `${d.cls}["${m1}" + "${m2}"].call(${d.args})`,
      categories: [...own, ...built],
    },
    {
      label: 'class_call_static, literal names',
      code: `ClassDB.class_call_static("${d.cls}", "${d.method}"${rest})`,
      categories: own,
    },
    {
      label: 'class_call_static, built class',
      code: `ClassDB.class_call_static("${c1}" + "${c2}", "${d.method}"${rest})`,
      categories: built,
    },
    {
      label: 'class_call_static, built method',
      code: `ClassDB.class_call_static("${d.cls}", "${m1}" + "${m2}"${rest})`,
      categories: built,
    },
    {
      label: 'comment and line continuation',
      code: `# harmless\n${d.cls} \\\n\t.${d.method}(${d.args}) # ok`,
      categories: own,
    },
  ]
  if (d.singleton)
    out.push(
      {
        label: 'get_singleton, literal',
        code: `Engine.get_singleton("${d.cls}").${d.method}(${d.args})`,
        categories: own,
      },
      {
        label: 'get_singleton + call',
        code: `Engine.get_singleton("${d.cls}").call("${d.method}"${rest})`,
        categories: own,
      },
      {
        label: 'get_singleton, built',
        code: `Engine.get_singleton("${c1}" + "${c2}").${d.method}(${d.args})`,
        categories: built,
      },
      {
        label: 'get_singleton in a variable',
        code: `var s = Engine.get_singleton("${d.cls}")\ns.${d.method}(${d.args})`,
        categories: own,
      },
    )
  return out
}
