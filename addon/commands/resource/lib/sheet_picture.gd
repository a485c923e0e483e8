@tool
extends RefCounted
## The picture resource.texture_view returns: the pixels zoomed (nearest neighbour) over a checkerboard, so
## transparency shows, or the alpha channel as grey; a sheet's frame grid as one-pixel lines with each frame's
## number in its top-left corner (lib/pixel_digits.gd).

const BridgePixelDigits := preload("pixel_digits.gd")

## Magenta: a colour sprite art rarely uses, so a grid line is never mistaken for the art.
const LINE := Color(1.0, 0.0, 1.0)
const INK := Color.WHITE
const PAPER := Color(0.0, 0.0, 0.0, 1.0)
const CHECKER := [Color(0.8, 0.8, 0.8), Color(0.6, 0.6, 0.6)]
const CHECKER_PX := 8


## `image` (RGBA8) scaled by `zoom`, over a checkerboard (or its alpha as grey when `alpha`), opaque RGBA8.
static func draw(image: Image, zoom: int, alpha: bool) -> Image:
	var shown := _alpha_as_grey(image) if alpha else image
	var size := image.get_size() * zoom
	if zoom != 1:
		shown = shown.duplicate()
		shown.resize(size.x, size.y, Image.INTERPOLATE_NEAREST)
	if alpha:
		return shown
	var picture := Image.create(size.x, size.y, false, Image.FORMAT_RGBA8)
	for y in range(0, size.y, CHECKER_PX):
		for x in range(0, size.x, CHECKER_PX):
			picture.fill_rect(Rect2i(x, y, CHECKER_PX, CHECKER_PX), CHECKER[(floori(x / float(CHECKER_PX)) + floori(y / float(CHECKER_PX))) % 2])
	picture.blend_rect(shown, Rect2i(Vector2i.ZERO, size), Vector2i.ZERO)
	return picture


## Lines on every cell edge (the first pixel column/row of each cell, and the picture's last ones) and the
## frame numbers, row by row, when a cell has room for them.
static func grid(picture: Image, cell: Vector2i) -> void:
	var size := picture.get_size()
	var columns := ceili(float(size.x) / cell.x)
	var rows := ceili(float(size.y) / cell.y)
	for column in columns:
		picture.fill_rect(Rect2i(column * cell.x, 0, 1, size.y), LINE)
	picture.fill_rect(Rect2i(size.x - 1, 0, 1, size.y), LINE)
	for row in rows:
		picture.fill_rect(Rect2i(0, row * cell.y, size.x, 1), LINE)
	picture.fill_rect(Rect2i(0, size.y - 1, size.x, 1), LINE)
	var scale := clampi(floori(mini(cell.x, cell.y) / 24.0), 1, 4)
	for row in rows:
		for column in columns:
			var number := row * columns + column
			var box := BridgePixelDigits.size_of(number, scale)
			if box.x + 2 < cell.x and box.y + 2 < cell.y:
				BridgePixelDigits.draw(picture, number, Vector2i(column * cell.x + 2, row * cell.y + 2), scale, INK, PAPER)


static func _alpha_as_grey(image: Image) -> Image:
	var data := image.get_data()
	var grey := PackedByteArray()
	grey.resize(image.get_width() * image.get_height())
	for i in grey.size():
		grey[i] = data[i * 4 + 3]
	var out := Image.create_from_data(image.get_width(), image.get_height(), false, Image.FORMAT_L8, grey)
	out.convert(Image.FORMAT_RGBA8)
	return out
