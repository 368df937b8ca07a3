"""A photo from the web chat is checked by its bytes and kept without its metadata (issue 32)."""
import io

import pytest
from PIL import Image

from stormwater.reports.photo_cleaning import LONGEST_SIDE, MAX_UPLOAD_BYTES, PhotoRefused, clean_photo


def encoded(image, fmt, **options):
    out = io.BytesIO()
    image.save(out, format=fmt, **options)
    return out.getvalue()


def test_the_camera_position_and_device_are_gone_and_the_picture_is_upright():
    exif = Image.Exif()
    exif[0x010F], exif[0x0112] = "PhoneMaker", 6  # Make; Orientation: turn 90 degrees clockwise to show
    exif.get_ifd(0x8825).update({1: "N", 2: (40.0, 54.0, 1.0), 3: "W", 4: (73.0, 34.0, 2.0)})
    raw = encoded(Image.new("RGB", (80, 40), (10, 120, 200)), "JPEG", exif=exif)
    kept = Image.open(io.BytesIO(clean_photo(raw)))
    assert kept.format == "JPEG" and kept.size == (40, 80)  # turned as the phone meant
    assert not kept.getexif() and b"PhoneMaker" not in clean_photo(raw)


@pytest.mark.parametrize("fmt, mode", [("PNG", "RGBA"), ("WEBP", "RGB"), ("GIF", "P")])
def test_other_picture_formats_become_a_jpeg(fmt, mode):
    kept = Image.open(io.BytesIO(clean_photo(encoded(Image.new(mode, (30, 20)), fmt))))
    assert (kept.format, kept.size) == ("JPEG", (30, 20))


def test_a_big_picture_is_kept_smaller():
    kept = Image.open(io.BytesIO(clean_photo(encoded(Image.new("RGB", (4000, 3000)), "JPEG"))))
    assert max(kept.size) == LONGEST_SIDE


@pytest.mark.parametrize("data", [b"", b"GIF89a broken", b"%PDF-1.7", b"<svg xmlns='http://www.w3.org/2000/svg'/>"])
def test_what_is_not_a_picture_is_refused(data):
    with pytest.raises(PhotoRefused) as refused:
        clean_photo(data)
    assert refused.value.reason == "not_a_picture"


def test_too_many_bytes_or_pixels_are_refused():
    with pytest.raises(PhotoRefused) as too_big:
        clean_photo(b"\xff\xd8" + bytes(MAX_UPLOAD_BYTES))
    assert too_big.value.reason == "too_big"
    # A small file that unpacks to 42 million pixels (a decompression bomb) is never decoded.
    bomb = encoded(Image.new("1", (7000, 6000)), "PNG")
    assert len(bomb) < MAX_UPLOAD_BYTES
    with pytest.raises(PhotoRefused) as refused:
        clean_photo(bomb)
    assert refused.value.reason == "not_a_picture"
