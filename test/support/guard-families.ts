// The three families of issue 37 as the variants editor.run_script's guard must refuse: a script of the
// project given new source and compiled, a file-writing method read through a subscript with a key that is
// not a literal, and a script built from data by a decoder with objects on; each written every way a snippet
// can, and each a real attack (it writes a file outside the project when allowed).

/** A variant of one of issue 37's families: refused at `line` without the flag, and writes `effect` with it. */
export interface FamilyVariant {
  family: 'script source' | 'subscript method' | 'decoder'
  label: string
  code: string
  /** The line the refusal names: where the source is written, the method read, the object decoded. */
  line: number
  categories: string[]
  /** The file (under `outside`) the body makes when it runs with the flag; null: it cannot run here. */
  effect: string | null
}

/** The decoders whose input is bytes: their encoded attack is made by the caller (familyVariants' `encoded`). */
export const ENCODED_DECODERS = [
  'Marshalls.base64_to_variant',
  'bytes_to_var_with_objects',
  'PackedByteArray.decode_var',
]

/** The file a family variant's body makes outside the project when it runs. */
export const effectFile = (outside: string, family: string, label: string) =>
  `${outside}/${[family, label].map((s) => s.replaceAll(/[^a-z0-9]+/gi, '-').replace(/-$/, '')).join('-')}`

/** GDScript source for a script whose `_init` starts `touch <file>`: a program run by code built at run time. */
export const touching = (file: string) =>
  `extends RefCounted\nfunc _init():\n\tOS.execute("touch", [${JSON.stringify(file)}])\n`

/**
 * Issue 37's three families, each written every way a snippet can: names split and joined, held in
 * variables, in arrays and dictionaries, through lambdas, Callable, bind, callv and call_deferred, in nested
 * functions and under await. `victim` is a script of the project (res://..., empty: `+=` on its source makes a
 * program); `outside` a folder outside it;
 * `encoded`, for each of ENCODED_DECODERS, the base64 forms (Marshalls.variant_to_base64 with objects, and
 * Marshalls.raw_to_base64 of var_to_bytes_with_objects) of a GDScript object whose source touches
 * effectFile(outside, 'decoder', label) (made by the caller, with the flag).
 */
export function familyVariants(victim: string, outside: string, encoded?: Record<string, [string, string]>) {
  const out: FamilyVariant[] = []
  const file = (family: string, label: string) => effectFile(outside, family, label)
  const runtime = ['runtime_code']
  const named = ['dynamic_name', 'runtime_code']
  // 1. a script the project holds (a literal load) gets new source, then is compiled and instantiated
  const sources: [string, string, number, string[]][] = [
    ['member', 's.source_code = src', 3, runtime],
    ['member, changed in place', 's.source_code += "\\n" + src', 3, runtime],
    ['subscript, literal name', 's["source_code"] = src', 3, runtime],
    ['subscript, name in a variable', 'var k = "source_code"\ns[k] = src', 4, named],
    ['subscript, name split and joined', 's["sour" + "ce_code"] = src', 3, named],
    ['subscript, name in an array', 'var ks = ["source_code"]\ns[ks[0]] = src', 4, named],
    ['subscript, name in a dictionary', 'var d = {"p": "source_code"}\ns[d.p] = src', 4, named],
    ['set, literal name', 's.set("source_code", src)', 3, runtime],
    ['set, name in a variable', 'var k = "source_code"\ns.set(k, src)', 4, named],
    ['set, name split and joined', 's.set("source_" + "code", src)', 3, named],
    ['set, the stored name', 's.set("script/source", src)', 3, runtime],
    ['set_indexed', 's.set_indexed(NodePath("source_code"), src)', 3, named],
    ['setter', 's.set_source_code(src)', 3, runtime],
    ['setter through call', 's.call("set_source_code", src)', 3, runtime],
    ['Callable of set', 'Callable(s, "set").call("source_code", src)', 3, named],
    ['set bound', 's.set.bind(src).call("source_code")', 3, named],
    ['set through callv', 's.set.callv(["source_code", src])', 3, named],
    [
      'set_deferred, awaited',
      's.set_deferred("source_code", src)\nawait Engine.get_main_loop().process_frame',
      3,
      runtime,
    ],
    [
      'call_deferred of set',
      's.call_deferred("set", "source_code", src)\nawait Engine.get_main_loop().process_frame',
      3,
      named,
    ],
    ['in a lambda', 'var put = func(o, v): o.source_code = v\nput.callv([s, src])', 3, runtime],
    ['lambda with a subscript', 'var put = func(o, key, v): o[key] = v\nput.callv([s, "source_code", src])', 3, named],
    [
      'nested functions',
      'var outer = func(o):\n\tvar inner = func(v): o.source_code = v\n\tinner.call(src)\nouter.callv([s])',
      4,
      runtime,
    ],
    [
      'under await',
      'var later = func():\n\tawait Engine.get_main_loop().process_frame\n\treturn src\ns.source_code = await later.call()',
      6,
      runtime,
    ],
    ['held in an array', 'var arr = [s]\narr[0].source_code = src', 4, runtime],
    ['held in a dictionary', 'var box = {"s": s}\nbox["s"].source_code = src', 4, runtime],
  ]
  for (const [label, body, line, categories] of sources) {
    const effect = file('script source', label)
    out.push({
      family: 'script source',
      label,
      code: `var src = ${JSON.stringify(touching(effect))}\nvar s = load("${victim}")\n${body}\ns.reload()\ns.new()`,
      line,
      categories,
      effect,
    })
  }
  {
    const effect = file('script source', 'duplicate then assign')
    out.push({
      family: 'script source',
      label: 'duplicate then assign',
      code: `var src = ${JSON.stringify(touching(effect))}\nvar c = load("${victim}").duplicate()\nc.source_code = src\nc.reload()\nc.new()`,
      line: 3,
      categories: runtime,
      effect,
    })
  }
  // 2. a method that writes files, of an object of a refused class, read through a subscript and called later
  const methods: [string, string, number, string[]][] = [
    ['name in a variable', 'var k = "save_png"\nvar f = img[k]\nf.call(@P)', 3, named],
    ['name split and joined', 'var k = "save_" + "png"\nvar f = img[k]\nf.call(@P)', 3, named],
    ['name in an array', 'var names = ["save_png"]\nvar f = img[names[0]]\nf.call(@P)', 3, named],
    ['name in a dictionary', 'var d = {"m": "save_png"}\nvar f = img[d.m]\nf.call(@P)', 3, named],
    ['through a lambda', 'var pick = func(o, m): return o[m]\npick.callv([img, "save_png"]).call(@P)', 2, named],
    ['bound', 'var k = "save_png"\nimg[k].bind(@P).call()', 3, named],
    [
      'call_deferred',
      'var k = "save_png"\nimg[k].call_deferred(@P)\nawait Engine.get_main_loop().process_frame',
      3,
      named,
    ],
    [
      'nested functions',
      'var outer = func(o):\n\tvar inner = func(m): return o[m]\n\treturn inner.callv(["save_png"])\nouter.callv([img]).call(@P)',
      3,
      named,
    ],
    ['under await', 'var k = "save_png"\nvar f = await img[k]\nf.call(@P)', 3, named],
    [
      'name from the method list',
      'for m in img.get_method_list():\n\tif m.name == "save_" + "png":\n\t\timg[m.name].call(@P)',
      4,
      named,
    ],
    ['Callable', 'var k = "save_png"\nCallable(img, k).call(@P)', 3, named],
  ]
  for (const [label, body, line, categories] of methods) {
    const effect = file('subscript method', label)
    out.push({
      family: 'subscript method',
      label,
      code: `var img = Image.create(2, 2, false, Image.FORMAT_RGBA8)\n${body.replaceAll('@P', JSON.stringify(effect + '.png'))}`,
      line,
      categories,
      effect: effect + '.png',
    })
  }
  {
    const effect = file('subscript method', 'config file') + '.cfg'
    out.push({
      family: 'subscript method',
      label: 'config file',
      code: `var c = ConfigFile.new()\nc.set_value("a", "b", 1)\nvar k = "save"\nc[k].call(${JSON.stringify(effect)})`,
      line: 1,
      categories: ['file_write'],
      effect,
    })
  }
  // 3. an object built from data carrying a script (decoders with objects allowed)
  const json = (label: string) =>
    `{"type": "GDScript", "props": ["script/source", "s:" + ${JSON.stringify(touching(file('decoder', label)))}]}`
  const text = (label: string) =>
    JSON.stringify(`Object(GDScript,"script/source":${JSON.stringify(touching(file('decoder', label)))})`)
  const decoders: [string, (l: string) => string, number][] = [
    ['JSON.to_native', (l) => `var s = JSON.to_native(${json(l)}, true)`, 1],
    [
      'JSON.to_native, objects in a variable',
      (l) => `var objects = true\nvar s = JSON.to_native(${json(l)}, objects)`,
      2,
    ],
    [
      'JSON.to_native in a lambda',
      (l) => `var decode = func(d): return JSON.to_native(d, true)\nvar s = decode.call(${json(l)})`,
      1,
    ],
    ['JSON.to_native through Callable', (l) => `var s = Callable(JSON.new(), "to_native").call(${json(l)}, true)`, 1],
    ['JSON.to_native bound', (l) => `var s = JSON.new().to_native.bind(${json(l)}, true).call()`, 1],
    ['JSON.to_native under await', (l) => `var s = await JSON.to_native(${json(l)}, true)`, 1],
    ['str_to_var', (l) => `var s = str_to_var(${text(l)})`, 1],
    ['JSON.to_native, name split and joined', (l) => `var s = JSON.new().call("to_" + "native", ${json(l)}, true)`, 1],
    [
      'ConfigFile.parse',
      (l) => `var c = ConfigFile.new()\nc.parse("[a]\\nb=" + ${text(l)})\nvar s = c.get_value("a", "b")`,
      1,
    ],
  ]
  for (const [label, body, line] of decoders)
    out.push({
      family: 'decoder',
      label,
      code: `${body(label)}\ns.reload()\ns.new()`,
      line,
      categories: label === 'ConfigFile.parse' ? ['file_write'] : label.includes('split') ? named : runtime,
      effect: file('decoder', label),
    })
  if (encoded)
    for (const [label, body] of [
      ['Marshalls.base64_to_variant', (b64: string) => `var s = Marshalls.base64_to_variant("${b64}", true)`],
      [
        'bytes_to_var_with_objects',
        (_: string, raw: string) => `var s = bytes_to_var_with_objects(Marshalls.base64_to_raw("${raw}"))`,
      ],
      [
        'PackedByteArray.decode_var',
        (_: string, raw: string) => `var s = Marshalls.base64_to_raw("${raw}").decode_var(0, true)`,
      ],
    ] as [string, (b64: string, raw: string) => string][]) {
      const [b64, raw] = encoded[label]
      out.push({
        family: 'decoder',
        label,
        code: `${body(b64, raw)}\ns.reload()\ns.new()`,
        line: 1,
        categories: runtime,
        effect: file('decoder', label),
      })
    }
  return out
}
