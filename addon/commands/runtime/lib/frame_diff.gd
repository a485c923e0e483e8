@tool
extends RefCounted
## Compares a frame with its baseline pixel by pixel, for runtime.frame_compare. Rows (and halves of rows)
## that are byte-equal are skipped by native comparisons, so the GDScript loop visits only the pixels near
## a change and a frame with a one-pixel line changed costs a few milliseconds, not a walk of every pixel.

## Changed pixels are grouped into CELL×CELL cells; touching cells make one bounding box.
const CELL_SHIFT := 4
## A span of at most this many bytes (16 pixels) is walked pixel by pixel; a longer one is halved.
const SPAN_BYTES := 64
const MAX_BOXES := 20
const CHANGED := Color(1, 0, 0)
const BOX := Color(1, 0.85, 0)
const MASKED := Color(0.2, 0.45, 1.0, 0.45)


## {changed_pixels, compared_pixels, masked_pixels, changed_fraction, max_channel_delta, boxes, boxes_total,
## changed: [x0, y0, x1, y1, ...]} for two images of one size; `masks` (Rect2i) are left out of the comparison.
## A pixel counts as changed when one of its channels (0–255) differs by more than `tolerance`.
static func compare(baseline: Image, current: Image, tolerance: int, masks: Array) -> Dictionary:
	var a := _rgba(baseline)
	var b := _rgba(current)
	var w := a.get_width()
	var h := a.get_height()
	var full := Rect2i(0, 0, w, h)
	var clipped: Array[Rect2i] = []
	for m: Rect2i in masks:
		var r := m.intersection(full)
		if r.has_area():
			clipped.append(r)
			a.fill_rect(r, Color.BLACK)  # the same colour in both: a masked pixel is never a change
			b.fill_rect(r, Color.BLACK)
	var masked := _covered(clipped, w, h)
	var da := a.get_data()
	var db := b.get_data()
	var changed := PackedInt32Array()
	var state := [0]  # the largest channel difference seen, below the tolerance too
	if da != db:
		var row := w * 4
		for y: int in h:
			var s := y * row
			if da.slice(s, s + row) != db.slice(s, s + row):
				_scan(da, db, s, s + row, y, s, tolerance, changed, state)
	var count := changed.size() >> 1
	var compared := w * h - masked
	var boxes := _boxes(changed)
	return {"changed_pixels": count, "compared_pixels": compared, "masked_pixels": masked,
			"changed_fraction": float(count) / compared if compared > 0 else 0.0, "max_channel_delta": state[0],
			"boxes": boxes.slice(0, MAX_BOXES), "boxes_total": boxes.size(), "changed": changed}


## The current frame dimmed to grey, masked regions tinted blue, changed pixels red and each box outlined
## in yellow: where the change is shows at a glance, even a one-pixel line.
static func diff_image(current: Image, compared: Dictionary, masks: Array) -> Image:
	var out := _rgba(current)
	out.adjust_bcs(0.45, 1.0, 0.0)
	var full := Rect2i(0, 0, out.get_width(), out.get_height())
	for m: Rect2i in masks:
		var r := m.intersection(full)
		if r.has_area():
			var tint := Image.create(r.size.x, r.size.y, false, Image.FORMAT_RGBA8)
			tint.fill(MASKED)
			out.blend_rect(tint, Rect2i(Vector2i.ZERO, r.size), r.position)
	for box: Dictionary in compared.boxes:
		var r := Rect2i(box.x - 1, box.y - 1, box.width + 2, box.height + 2)
		for edge: Rect2i in [Rect2i(r.position.x, r.position.y, r.size.x, 1), Rect2i(r.position.x, r.end.y - 1, r.size.x, 1),
				Rect2i(r.position.x, r.position.y, 1, r.size.y), Rect2i(r.end.x - 1, r.position.y, 1, r.size.y)]:
			var e := edge.intersection(full)
			if e.has_area():
				out.fill_rect(e, BOX)
	var changed: PackedInt32Array = compared.changed
	for i: int in range(0, changed.size(), 2):
		out.set_pixel(changed[i], changed[i + 1], CHANGED)
	return out


static func _rgba(image: Image) -> Image:
	var copy := image.duplicate() as Image
	if copy.is_compressed():
		copy.decompress()
	copy.convert(Image.FORMAT_RGBA8)
	return copy


## Bytes [from, to) of row `y` (which starts at byte `row_start`) differ somewhere: halve until a span is
## short, then compare its pixels. Appends x, y of each changed pixel.
static func _scan(da: PackedByteArray, db: PackedByteArray, from: int, to: int, y: int, row_start: int, tolerance: int,
		changed: PackedInt32Array, state: Array) -> void:
	if to - from > SPAN_BYTES:
		var mid := from + (((to - from) >> 3) << 2)  # a pixel boundary near the middle
		if da.slice(from, mid) != db.slice(from, mid):
			_scan(da, db, from, mid, y, row_start, tolerance, changed, state)
		if da.slice(mid, to) != db.slice(mid, to):
			_scan(da, db, mid, to, y, row_start, tolerance, changed, state)
		return
	var i := from
	while i < to:
		var d := maxi(maxi(absi(da[i] - db[i]), absi(da[i + 1] - db[i + 1])), maxi(absi(da[i + 2] - db[i + 2]), absi(da[i + 3] - db[i + 3])))
		if d > 0:
			if d > state[0]:
				state[0] = d
			if d > tolerance:
				changed.append((i - row_start) >> 2)
				changed.append(y)
		i += 4


## Pixels inside at least one of the (clipped) masks, overlaps counted once.
static func _covered(masks: Array[Rect2i], w: int, h: int) -> int:
	if masks.is_empty():
		return 0
	var canvas := Image.create(w, h, false, Image.FORMAT_L8)
	for r: Rect2i in masks:
		canvas.fill_rect(r, Color.WHITE)
	return w * h - canvas.get_data().count(0)


## [{x, y, width, height, pixels}], largest first: changed pixels grouped by cells, touching cells joined.
static func _boxes(changed: PackedInt32Array) -> Array:
	var cells := {}  # Vector2i cell -> [min_x, min_y, max_x, max_y, pixels]
	for i: int in range(0, changed.size(), 2):
		var x := changed[i]
		var y := changed[i + 1]
		var key := Vector2i(x >> CELL_SHIFT, y >> CELL_SHIFT)
		var c: Variant = cells.get(key)
		if c == null:
			cells[key] = [x, y, x, y, 1]
		else:
			var cell: Array = c
			cell[0] = mini(cell[0], x)
			cell[1] = mini(cell[1], y)
			cell[2] = maxi(cell[2], x)
			cell[3] = maxi(cell[3], y)
			cell[4] += 1
	var seen := {}
	var out: Array = []
	for start: Vector2i in cells:
		if seen.has(start):
			continue
		seen[start] = true
		var first: Array = cells[start]
		var box: Array = first.duplicate()
		var queue: Array[Vector2i] = [start]
		while not queue.is_empty():
			var at: Vector2i = queue.pop_back()
			for dy: int in range(-1, 2):
				for dx: int in range(-1, 2):
					var next := at + Vector2i(dx, dy)
					if cells.has(next) and not seen.has(next):
						seen[next] = true
						queue.append(next)
						var c: Array = cells[next]
						box[0] = mini(box[0], c[0])
						box[1] = mini(box[1], c[1])
						box[2] = maxi(box[2], c[2])
						box[3] = maxi(box[3], c[3])
						box[4] += c[4]
		out.append({"x": box[0], "y": box[1], "width": box[2] - box[0] + 1, "height": box[3] - box[1] + 1, "pixels": box[4]})
	out.sort_custom(func(p: Dictionary, q: Dictionary) -> bool: return p.pixels > q.pixels)
	return out
