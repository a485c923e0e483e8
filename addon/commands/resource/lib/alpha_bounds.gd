@tool
extends RefCounted
## Where a texture is opaque, in numbers, for resource.texture_view: the bounding box of the pixels whose alpha
## is above a threshold and its extreme points (the tip of a spike, the feet of a character), in texture pixels.


## {opaque_pixels, bounds: {x, y, width, height} | null, extremes: {top, bottom, left, right: [x, y]} | null}
## of `rect` in `image` (RGBA8). `alpha_min` is the byte an opaque pixel's alpha must exceed. Each extreme is
## the opaque pixel on that edge of the box nearest the middle of that edge's opaque run, so a pointed tip
## is the tip and a flat edge gives its middle.
static func measure(image: Image, rect: Rect2i, alpha_min: int) -> Dictionary:
	var data := image.get_data()
	var stride := image.get_width() * 4
	var count := 0
	var top := -1
	var bottom := -1
	var left := rect.end.x
	var right := -1
	for y in range(rect.position.y, rect.end.y):
		var row := y * stride + 3
		var first := -1
		var last := -1
		for x in range(rect.position.x, rect.end.x):
			if data[row + x * 4] > alpha_min:
				count += 1
				if first < 0:
					first = x
				last = x
		if first < 0:
			continue
		if top < 0:
			top = y
		bottom = y
		left = mini(left, first)
		right = maxi(right, last)
	if count == 0:
		return {"opaque_pixels": 0, "bounds": null, "extremes": null}
	var on_row := func(y: int) -> Array: return _run(data, alpha_min, left, right + 1, func(i: int) -> int: return y * stride + i * 4 + 3)
	var on_column := func(x: int) -> Array: return _run(data, alpha_min, top, bottom + 1, func(i: int) -> int: return i * stride + x * 4 + 3)
	return {
		"opaque_pixels": count,
		"bounds": {"x": left, "y": top, "width": right - left + 1, "height": bottom - top + 1},
		"extremes": {
			"top": [_middle(on_row.call(top)), top],
			"bottom": [_middle(on_row.call(bottom)), bottom],
			"left": [left, _middle(on_column.call(left))],
			"right": [right, _middle(on_column.call(right))],
		},
	}


## The indices in [from, to) whose alpha byte (at offset_of(i)) exceeds alpha_min.
static func _run(data: PackedByteArray, alpha_min: int, from: int, to: int, offset_of: Callable) -> Array:
	var out: Array = []
	for i in range(from, to):
		if data[offset_of.call(i)] > alpha_min:
			out.append(i)
	return out


static func _middle(indices: Array) -> int:
	return indices[floori((indices.size() - 1) / 2.0)]
