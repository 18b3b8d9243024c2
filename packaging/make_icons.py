"""Render the app icon, resources/icons/gamesearch-gui.svg, into the files beside it.

    python packaging/make_icons.py

writes, into resources/icons/:

- ``gamesearch-gui-N.png`` for N in 16, 24, 32, 48, 64, 128, 256, 512: the window icon
  (app.py loads every one, so each size is drawn sharp) and the Linux desktop icons;
- ``gamesearch-gui.ico``: the Windows executable's icon (PNG entries, 16 to 256 px);
- ``gamesearch-gui.icns``: the macOS app bundle's icon (PNG entries, 16 to 1024 px).

Qt draws them (QtSvg into a QImage), so no other imaging library is needed. The files are
committed; run this again after changing the SVG.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
SVG = ICONS / "gamesearch-gui.svg"

#: The PNG files written beside the SVG.
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
#: The sizes in the Windows icon (256 is the largest an ICO entry can have).
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: The macOS icon's entries: type code and pixel size (the @2x types hold double sizes).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"ic11", 32),
    (b"icp6", 64),
    (b"ic12", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic13", 256),
    (b"ic09", 512),
    (b"ic14", 512),
    (b"ic10", 1024),
)


def render_png(svg: bytes, size: int) -> bytes:
    """The SVG drawn on a transparent ``size`` x ``size`` square, as PNG data."""
    from PySide6.QtCore import QBuffer
    from PySide6.QtCore import QByteArray
    from PySide6.QtCore import QIODevice
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage
    from PySide6.QtGui import QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(QByteArray(svg))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {SVG} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.convertToFormat(QImage.Format.Format_ARGB32).save(buffer, "PNG"):
        raise SystemExit(f"make_icons: could not encode a {size} px PNG")
    buffer.close()
    return bytes(data.data())


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG entry per size (Windows Vista and later read them)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, blobs = [], []
    for size, data in sorted(pngs.items()):
        entries.append(
            struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        )
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG entries of the types in ``ICNS_TYPES``."""
    body = b"".join(
        code + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for code, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    """Write every icon file; returns the exit status."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    svg = SVG.read_bytes()
    sizes = sorted({*PNG_SIZES, *ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    pngs = {size: render_png(svg, size) for size in sizes}
    written = []
    for size in PNG_SIZES:
        path = ICONS / f"gamesearch-gui-{size}.png"
        path.write_bytes(pngs[size])
        written.append(path)
    (ICONS / "gamesearch-gui.ico").write_bytes(ico({s: pngs[s] for s in ICO_SIZES}))
    (ICONS / "gamesearch-gui.icns").write_bytes(icns(pngs))
    written += [ICONS / "gamesearch-gui.ico", ICONS / "gamesearch-gui.icns"]
    for path in written:
        print(f"make_icons: wrote {path.relative_to(ROOT)} ({path.stat().st_size:,} bytes)")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
