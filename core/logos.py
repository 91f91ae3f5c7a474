"""The logo check shared by every uploader of a logo printed on PDFs: the company's branding (domain.tenancy) and a
customer's invoice layout (domain.billing)."""
import io

from flask import current_app
from PIL import Image, UnidentifiedImageError

from core.errors import InvalidBody

LOGO_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg"}
LOGO_MAX_SIDE = 2000


def checked_logo(data: bytes) -> tuple[bytes, str]:
    """A logo as stored: (bytes, MIME type) of a PNG or JPEG within LOGO_MAX_BYTES and LOGO_MAX_SIDE pixels a side,
    else 400 invalid_body on `logo` (a small file may declare a huge image that every PDF would then decode)."""
    max_bytes = current_app.config["LOGO_MAX_BYTES"]
    if len(data) > max_bytes:
        raise InvalidBody.for_field("logo", f"O logotipo deve ter no máximo {max_bytes // 1024} KiB.")
    try:
        with Image.open(io.BytesIO(data)) as image:
            kind, size = image.format, image.size
            image.verify()
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        kind = None
    if kind not in LOGO_TYPES:
        raise InvalidBody.for_field("logo", "Envie uma imagem PNG ou JPEG válida.")
    if size[0] > LOGO_MAX_SIDE or size[1] > LOGO_MAX_SIDE:
        raise InvalidBody.for_field("logo", f"O logotipo deve ter no máximo {LOGO_MAX_SIDE} × {LOGO_MAX_SIDE} pixels.")
    return data, LOGO_TYPES[kind]
