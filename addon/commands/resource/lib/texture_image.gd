@tool
extends RefCounted
## The CPU pixels of a texture for resource.texture_view: the texture's own image when the renderer keeps one,
## else its source file. A --headless editor's dummy renderer keeps no pixels for an imported (compressed)
## texture, so its get_image() is empty there; the source file (a .png, .svg, …) still is on disk.

const BridgeError := preload("../../../core/bridge_error.gd")


## {image: Image (RGBA8), read_from: "texture" | "source_file", region?: Rect2i (an AtlasTexture's)} or a BridgeError.
static func of_texture(texture: Texture2D, what: String) -> Variant:
	var image: Image = texture.get_image() if texture.get_width() > 0 else null
	if _usable(image):
		return {"image": rgba(image), "read_from": "texture"}
	if texture is AtlasTexture and texture.atlas != null:
		var whole: Variant = of_texture(texture.atlas, what)
		if whole is BridgeError:
			return whole
		var rect := Rect2i(texture.region).intersection(Rect2i(Vector2i.ZERO, whole.image.get_size()))
		return {"image": whole.image.get_region(rect), "read_from": whole.read_from}
	if texture.resource_path.begins_with("res://") and not texture.resource_path.contains("::"):
		return of_file(texture.resource_path)
	return BridgeError.failed(("%s is a %s that gives no pixels here (the --headless renderer keeps none) and has no " +
			"source file to read") % [what, texture.get_class()], {"class": texture.get_class()})


## The image in a file (png, jpg, webp, svg, tga, bmp, …), read from disk as Image.load_from_file does.
static func of_file(path: String) -> Variant:
	var image := Image.new()
	var err := image.load(ProjectSettings.globalize_path(path))
	if err != OK or not _usable(image):
		return BridgeError.failed("cannot read the image file %s (%s)" % [path, error_string(err)], {"path": path})
	return {"image": rgba(image), "read_from": "source_file"}


static func _usable(image: Image) -> bool:
	return image != null and not image.is_empty()


## An uncompressed RGBA8 copy without mipmaps: what the pixel loops and the drawing expect.
static func rgba(image: Image) -> Image:
	var out: Image = image.duplicate()
	if out.is_compressed():
		out.decompress()
	if out.has_mipmaps():
		out.clear_mipmaps()
	if out.get_format() != Image.FORMAT_RGBA8:
		out.convert(Image.FORMAT_RGBA8)
	return out
