@tool
extends RefCounted
## A line-level three-way merge (as diff3 does it) for undo and redo of text steps (lib/text_step.gd): a
## step's own change is carried onto a file someone wrote since, when the two changes touch different lines.
## Pure: strings in, strings out (test/gdscript/test_text_merge.gd).

## Past this many cells of the line-matching table the texts are called conflicting (never merged blindly).
const MAX_CELLS := 4_000_000


## Applies the change base -> theirs to ours: {ok: true, text} when no hunk of the one change clashes with a
## hunk of the other (_touch; identical hunks count once); {ok: false, conflict: [first, last]} (1-based lines
## of `ours`) otherwise.
static func merge3(base: String, ours: String, theirs: String) -> Dictionary:
	if ours == base:
		return {"ok": true, "text": theirs}
	if theirs == base or theirs == ours:
		return {"ok": true, "text": ours}
	var b := base.split("\n")
	var ha: Variant = hunks(b, ours.split("\n"))
	var hb: Variant = hunks(b, theirs.split("\n"))
	if ha == null or hb == null:
		return {"ok": false, "conflict": [1, ours.count("\n") + 1]}
	var a_list: Array = ha
	var b_list: Array = hb
	var out: PackedStringArray = []
	var pos := 0  # the next line of base not yet copied
	var i := 0
	var j := 0
	var shift := 0  # lines of ours minus lines of base before pos (to name the conflict in ours' lines)
	while i < a_list.size() or j < b_list.size():
		var h: Dictionary
		var take_a: bool = j >= b_list.size() or (i < a_list.size() and a_list[i].start <= b_list[j].start)
		h = a_list[i] if take_a else b_list[j]
		var other: Variant = null
		if take_a and j < b_list.size():
			other = b_list[j]
		elif not take_a and i < a_list.size():
			other = a_list[i]
		if other != null and _touch(h, other):
			if h.start == other.start and h.end == other.end and h.lines == other.lines:
				j += 1  # the same change on both sides: take it once
				continue
			var first: int = mini(h.start, other.start) + shift
			return {"ok": false, "conflict": [first + 1, maxi(first + 1, maxi(h.end, other.end) + shift)]}
		for k in range(pos, h.start):
			out.append(b[k])
		out.append_array(PackedStringArray(h.lines))
		if take_a:
			shift += h.lines.size() - (h.end - h.start)
			i += 1
		else:
			j += 1
		pos = h.end
	for k in range(pos, b.size()):
		out.append(b[k])
	return {"ok": true, "text": "\n".join(out)}


## The hunks that turn lines `a` into lines `b`: [{start, end, lines}] — a's lines [start, end) replaced by
## `lines` — in order and disjoint; null when the texts are too far apart to match line by line.
static func hunks(a: PackedStringArray, b: PackedStringArray) -> Variant:
	var head := 0
	while head < a.size() and head < b.size() and a[head] == b[head]:
		head += 1
	var tail := 0
	while tail < a.size() - head and tail < b.size() - head and a[a.size() - 1 - tail] == b[b.size() - 1 - tail]:
		tail += 1
	var n := a.size() - head - tail
	var m := b.size() - head - tail
	if n == 0 and m == 0:
		return []
	if (n + 1) * (m + 1) > MAX_CELLS:
		return null
	# longest common subsequence of the middle lines, from the end, so a walk from the front reads it off
	var width := m + 1
	var table := PackedInt32Array()
	table.resize((n + 1) * width)
	for x in range(n - 1, -1, -1):
		for y in range(m - 1, -1, -1):
			if a[head + x] == b[head + y]:
				table[x * width + y] = table[(x + 1) * width + y + 1] + 1
			else:
				table[x * width + y] = maxi(table[(x + 1) * width + y], table[x * width + y + 1])
	var out: Array = []
	var x := 0
	var y := 0
	var open := {}
	while x < n or y < m:
		if x < n and y < m and a[head + x] == b[head + y]:
			if not open.is_empty():
				open.end = head + x
				out.append(open)
				open = {}
			x += 1
			y += 1
			continue
		if open.is_empty():
			open = {"start": head + x, "end": head + x, "lines": []}
		if y < m and (x >= n or table[x * width + y + 1] >= table[(x + 1) * width + y]):
			open.lines.append(b[head + y])
			y += 1
		else:
			x += 1
	if not open.is_empty():
		open.end = head + x
		out.append(open)
	return out


## Whether two hunks of base clash: they overlap, or one inserts lines where the other starts or ends (which
## goes first would be a guess). Changes of neighbouring lines do not clash: each replaces lines of its own.
static func _touch(h: Dictionary, other: Dictionary) -> bool:
	if (h.start < other.end and other.start < h.end) or h.start == other.start:
		return true
	return (h.start == h.end and h.start == other.end) or (other.start == other.end and other.start == h.end)
