@tool
extends RefCounted
## Numbers drawn straight into an Image with a 3×5 bitmap font, for the frame numbers of resource.texture_view:
## a --headless editor has no font to render text with, and these need none.

## Each digit as five rows of three bits (4 = left column, 1 = right column).
const GLYPHS := [
	[7, 5, 5, 5, 7], [2, 6, 2, 2, 7], [7, 1, 7, 4, 7], [7, 1, 7, 1, 7], [5, 5, 7, 1, 1],
	[7, 4, 7, 1, 7], [7, 4, 7, 5, 7], [7, 1, 1, 1, 1], [7, 5, 7, 5, 7], [7, 5, 7, 1, 7],
]
const WIDTH := 3
const HEIGHT := 5


## The size `number` takes at `scale` (image pixels per font pixel), with its one-font-pixel margin.
static func size_of(number: int, scale: int) -> Vector2i:
	var digits := str(number).length()
	return Vector2i((digits * (WIDTH + 1) + 1) * scale, (HEIGHT + 2) * scale)


## Draws `number` with its top-left corner at `at`: `ink` digits on a `paper` box, so it reads on any picture.
static func draw(image: Image, number: int, at: Vector2i, scale: int, ink: Color, paper: Color) -> void:
	var box := Rect2i(at, size_of(number, scale)).intersection(Rect2i(Vector2i.ZERO, image.get_size()))
	image.fill_rect(box, paper)
	var text := str(number)
	for d in text.length():
		var glyph: Array = GLYPHS[int(text[d])]
		var left := at.x + (1 + d * (WIDTH + 1)) * scale
		for row in HEIGHT:
			for column in WIDTH:
				if int(glyph[row]) & (4 >> column):
					var dot := Rect2i(left + column * scale, at.y + (1 + row) * scale, scale, scale)
					image.fill_rect(dot.intersection(box), ink)
