"""Checks the outcomes of .ci/embedded32's harnesses: the 32-bit build against manifest.tsv, the
hostile files' expected outcomes and the 64-bit build, and the hashes against sha256sum."""
import sys
from pathlib import Path

FORMATS = ["JPEG", "PNG", "GIF", "WEBP", "HEIC", "HEIF", "AVIF", "BMP", "TIFF"]  # ImageFormat.allCases
IDENTIFY = {"BMP2": "BMP", "BMP3": "BMP", "AVIF": "HEIC", "HEIF": "HEIC"}
EXIF = {0: 1, 4: 2, 1: 3, 5: 4, 6: 5, 3: 6, 7: 7, 2: 8}  # ImageOrientation raw value -> EXIF
OUTCOMES = ["success", "empty", "notAnImage", "truncated", "oversizedField", "loop", "malformed",
            "unsupported", "readLimitExceeded", "readCountExceeded", "file"]
OVERSIZED = 4
# The hostile files: the outcome with a 32-bit Int, and with a 64-bit one when it differs (a
# field of 2^31 or more that 32 bits must refuse). Each is a trap on Apple Watch before issue 26.
HOSTILE = {
    "webp-100000-empty-chunks.webp": ("readCountExceeded", None),
    "png-exif-length-2g.png": ("oversizedField", "truncated"),      # R2: 12 + length
    "png-exif-tiff-offset-2g.png": ("oversizedField", "truncated"),  # R3: base + IFD offset
    "heic-clap-2g.heic": ("success", None),                          # R4: clap rounding
    "webp-riff-end-max.webp": ("success", None),                     # R5: chunk end + padding
}


def disagreement(name, narrow, wide, refused, problems):
    """The same outcome in both widths, or a field that 32 bits must refuse (noted in refused);
    anything else is a problem."""
    if narrow == wide:
        return
    if narrow[0] == OVERSIZED:
        refused.append(name)
    else:
        problems.append(f"{name}: 32-bit {OUTCOMES[narrow[0]]} {narrow[1]}, 64-bit {OUTCOMES[wide[0]]} {wide[1]}")


def outcomes(path):
    rows = {}
    for line in Path(path).read_text().splitlines():
        if line.startswith("#") or line.startswith("sweep\t"):
            continue
        name, outcome, *fields = line.split("\t")
        rows[name] = (int(outcome), [int(value) for value in fields])
    return rows


def main():
    build, manifest = Path(sys.argv[1]), Path(sys.argv[2])
    narrow, wide = outcomes(build / "inspect-32.tsv"), outcomes(build / "inspect-64.tsv")
    problems = []
    checked = 0
    for line in manifest.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, fmt, width, height, interlace, frames, orientation = line.split("\t")
        outcome, (format_index, pixel_width, pixel_height, raw, progressive, animated, *_) = narrow[name]
        checked += 1
        if outcome != 0:
            problems.append(f"{name}: {OUTCOMES[outcome]} with a 32-bit Int, the manifest says it is an image")
            continue
        swaps = raw in (2, 3, 6, 7)
        heif = FORMATS[format_index - 1] in ("HEIC", "HEIF", "AVIF")
        shown = (pixel_height, pixel_width) if heif and swaps else (pixel_width, pixel_height)
        expected = (IDENTIFY.get(fmt, fmt), (int(width), int(height)), int(orientation), interlace != "None",
                    int(frames) > 1)
        actual = (IDENTIFY.get(FORMATS[format_index - 1], FORMATS[format_index - 1]), shown, EXIF[raw],
                  progressive == 1, animated == 1)
        if expected != actual:
            problems.append(f"{name}: 32-bit {actual}, manifest {expected}")
    for name, (expected32, expected64) in HOSTILE.items():
        if name not in narrow:
            problems.append(f"hostile file {name} is missing")
            continue
        if OUTCOMES[narrow[name][0]] != expected32:
            problems.append(f"{name}: {OUTCOMES[narrow[name][0]]} with a 32-bit Int, expected {expected32}")
        if OUTCOMES[wide[name][0]] != (expected64 or expected32):
            problems.append(f"{name}: {OUTCOMES[wide[name][0]]} with a 64-bit Int, expected {expected64 or expected32}")
    refused = []
    for name in narrow:
        disagreement(name, narrow[name], wide[name], refused, problems)
    # A swept input is listed only where its outcome differs from the unchanged file's.
    swept32, swept64 = outcomes(build / "sweep-32.tsv"), outcomes(build / "sweep-64.tsv")
    swept_refused = []
    for key in sorted(swept32.keys() | swept64.keys()):
        name = key.rsplit("@", 1)[0]
        disagreement(key, swept32.get(key, narrow[name]), swept64.get(key, wide[name]), swept_refused, problems)
    hashes32, hashes64 = outcomes_hash(build / "hash-32.tsv"), outcomes_hash(build / "hash-64.tsv")
    for line in (build / "sha256sum.txt").read_text().splitlines():
        digest, path = line.split(maxsplit=1)
        name = Path(path.strip()).name
        if hashes32.get(name, ("",))[0] != digest:
            problems.append(f"{name}: SHA-256 {hashes32.get(name)} with a 32-bit Int, sha256sum {digest}")
        if hashes32.get(name) != hashes64.get(name):
            problems.append(f"{name}: hashes differ between 32 and 64 bits")
    print(f"embedded32: {checked} fixtures match the manifest, {len(HOSTILE)} hostile files, "
          f"{len(narrow)} inputs in both widths ({len(refused)} refused as oversized only with 32 bits), "
          f"{len(hashes32)} hashes; {len(swept32.keys() | swept64.keys())} swept inputs changed an outcome "
          f"({len(swept_refused)} refused as oversized only with 32 bits)")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        sys.exit(1)


def outcomes_hash(path):
    rows = {}
    for line in Path(path).read_text().splitlines():
        if not line.startswith("#"):
            name, *values = line.split("\t")
            rows[name] = tuple(values)
    return rows


main()
