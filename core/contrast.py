"""Readable colours by WCAG 2.1 contrast: branding picks any colour, text on it must stay legible (≥ 4.5:1).

Used by the PDFs (core.pdf.Branding) and the pages' theme (GET /tema.css) so both choose the same text colours.
"""
import re

from core.formatting import number

AA = 4.5  # WCAG AA for normal text
DARK = "#1d2433"
LIGHT = "#ffffff"
BLACK = "#000000"


def _channels(hex_colour: str) -> tuple[float, float, float]:
    value = hex_colour.lstrip("#")
    if not re.fullmatch(r"[0-9a-fA-F]{6}", value):
        raise ValueError(f"not a #RRGGBB colour: {hex_colour!r}")
    return tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))


def luminance(hex_colour: str) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in _channels(hex_colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def text_on(background: str) -> str:
    """White or near-black text, whichever reads better on `background`; pure black on the mid greys where
    neither reaches AA (white or black always does: the worst case, luminance ≈ 0.18, gives ≈ 4.58:1)."""
    best = LIGHT if contrast(background, LIGHT) >= contrast(background, DARK) else DARK
    if contrast(background, best) < AA and contrast(background, BLACK) > contrast(background, best):
        return BLACK
    return best


def darken(hex_colour: str, factor: float) -> str:
    return "#" + "".join(f"{round(c * 255 * factor):02x}" for c in _channels(hex_colour))


def ink_on_white(hex_colour: str) -> str:
    """`hex_colour` as text on white, darkened until it reaches AA (a pale brand colour still gives legible
    headings)."""
    colour = hex_colour
    for _ in range(20):
        if contrast(colour, LIGHT) >= AA:
            return colour
        colour = darken(colour, 0.85)
    return DARK


def _ratio(value: float) -> str:
    return f"{number(value, 1)}:1"


def warnings(primary: str, secondary: str) -> list[str]:
    """pt-BR notes for the branding page: what the chosen colours mean for legibility, and what was adjusted."""
    notes = []
    if contrast(primary, LIGHT) < AA:
        ratio = _ratio(contrast(primary, LIGHT))
        notes.append(f"A cor principal {primary} tem pouco contraste com o fundo branco ({ratio}; "
                     "o mínimo é 4,5:1): títulos e links usam um tom mais escuro dela.")
    # text_on always reaches AA (white or black does on any colour), so only the dark secondary needs a word.
    if text_on(secondary) == LIGHT:
        notes.append(f"A cor secundária {secondary} é escura: os cabeçalhos de tabela usam texto branco.")
    return notes
