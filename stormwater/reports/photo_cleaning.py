"""A picture a resident uploads in the web chat, checked and cleaned before it is kept
(issue 32): a real JPEG, PNG, WebP or GIF judged by its bytes (never by the name or the
type the browser claims), at most :data:`MAX_UPLOAD_BYTES` and :data:`MAX_PIXELS`, turned
upright and re-encoded as a JPEG without any metadata, so the phone's EXIF (where and when
it was taken, the device) never reaches the desk. Uses Pillow.
"""
from __future__ import annotations

import io
import warnings

from PIL import Image, ImageOps, UnidentifiedImageError

MAX_UPLOAD_BYTES = 8 * 1024 * 1024  # a phone camera's JPEG fits; more is refused unread
MAX_PIXELS = 40_000_000  # a 40-megapixel image at most: anything bigger is a decompression bomb
LONGEST_SIDE = 2048  # what is kept: enough to read a label on a drum
ACCEPTED_FORMATS = ("JPEG", "PNG", "WEBP", "GIF", "MPO")  # MPO: the JPEG some phones write
KEPT_TYPE = "image/jpeg"


class PhotoRefused(ValueError):
    """The upload is not a picture the desk keeps; ``reason`` is ``too_big`` or ``not_a_picture``."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def clean_photo(data: bytes) -> bytes:
    """The picture as a metadata-free JPEG, upright, at most :data:`LONGEST_SIDE` px a side.

    :raises PhotoRefused: for more than :data:`MAX_UPLOAD_BYTES`, or bytes that are not an
      accepted picture (or too many pixels)
    """
    if len(data) > MAX_UPLOAD_BYTES:
        raise PhotoRefused("too_big")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                if image.format not in ACCEPTED_FORMATS or image.width * image.height > MAX_PIXELS:
                    raise PhotoRefused("not_a_picture")
                image.load()
                upright = ImageOps.exif_transpose(image)
                picture = upright.convert("RGB")
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombWarning,
            Image.DecompressionBombError) as error:
        if isinstance(error, PhotoRefused):
            raise
        raise PhotoRefused("not_a_picture") from error
    picture.thumbnail((LONGEST_SIDE, LONGEST_SIDE))
    out = io.BytesIO()
    # A new image carries no info dict: no EXIF, ICC or comments are written.
    picture.save(out, format="JPEG", quality=85, optimize=True)
    return out.getvalue()
