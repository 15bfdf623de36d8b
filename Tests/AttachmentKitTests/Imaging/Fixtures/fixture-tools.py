#!/usr/bin/env python3
"""Helpers for make-fixtures.sh: what the command-line tools cannot make or tell.

  apng OUT FRAME.png...        assemble an animated PNG from same-sized PNG frames
  heif-transform IN OUT OPS    add irot/imir properties to a HEIF file's primary item, in order;
                               OPS is a comma-separated list such as "irot1,imir0"
  corner-orientation FILE      print the EXIF orientation (1-8) with which FILE, decoded by
                               ImageMagick, shows the base picture's corners (red top-left,
                               green top-right, blue bottom-left, yellow bottom-right)
  jpeg-exif-after-sof IN OUT   move IN's Exif APP1 segment to just after its frame header (SOFn),
                               before the scan, where some editors and re-encoders write it
  jpeg-duplicate-exif FIRST SECOND OUT
                               FIRST with its Exif APP1 at byte 2 and SECOND's Exif APP1 as a
                               second segment just before FIRST's frame header
  jpeg-extended-xmp IN OUT COUNT SIZE
                               insert after IN's Exif APP1 a standard XMP APP1 and COUNT
                               extended-XMP APP1 segments of SIZE bytes of XMP each, as Photoshop
                               writes bloated metadata (a long DocumentAncestors list)
  webp-animation FRAME OUT COUNT
                               an animated WebP (VP8X, ANIM) of COUNT ANMF frames, each FRAME's
                               VP8 or VP8L bitstream (exiftool then appends EXIF after them)
  webp-tiny-chunks FRAME OUT COUNT
                               FRAME as an extended WebP whose flags announce EXIF, followed by
                               COUNT empty unknown chunks and no EXIF: a hostile walk
  hostile-32bit DIR            write to DIR the files whose lengths, offsets or crop values add up
                               past 2^31 - 1, where a 32-bit Int (Apple Watch) overflows
"""
import struct
import subprocess
import sys
import zlib


def png_chunks(data):
    offset = 8
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        yield data[offset + 4:offset + 8], data[offset + 8:offset + 8 + length]
        offset += 12 + length


def png_chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def apng(out, frames):
    """Frames must share a colour type (write them as PNG24:); the first frame's chunks are kept."""
    datas = [open(frame, "rb").read() for frame in frames]
    chunks = list(png_chunks(datas[0]))
    ihdr = next(payload for kind, payload in chunks if kind == b"IHDR")
    width, height = struct.unpack(">II", ihdr[:8])
    result = datas[0][:8] + png_chunk(b"IHDR", ihdr) + png_chunk(b"acTL", struct.pack(">II", len(datas), 0))
    for kind, payload in chunks:
        if kind in (b"IDAT", b"IEND"):
            break
        if kind != b"IHDR":
            result += png_chunk(kind, payload)
    sequence = 0
    for index, data in enumerate(datas):
        control = struct.pack(">IIIIIHHBB", sequence, width, height, 0, 0, 1, 10, 0, 0)
        result += png_chunk(b"fcTL", control)
        sequence += 1
        for kind, payload in png_chunks(data):
            if kind != b"IDAT":
                continue
            if index == 0:
                result += png_chunk(b"IDAT", payload)
            else:
                result += png_chunk(b"fdAT", struct.pack(">I", sequence) + payload)
                sequence += 1
    result += png_chunk(b"IEND", b"")
    open(out, "wb").write(result)


def boxes(data, start, end):
    offset = start
    while offset + 8 <= end:
        size, kind = struct.unpack(">I4s", data[offset:offset + 8])
        yield kind, offset, offset + size
        offset += size


def box(kind, payload):
    return struct.pack(">I4s", 8 + len(payload), kind) + payload


def rebuild_ipma(payload, item, new_indices):
    version, flags = payload[0], int.from_bytes(payload[1:4], "big")
    (count,) = struct.unpack(">I", payload[4:8])
    id_size, index_size = (2 if version < 1 else 4), (2 if flags & 1 else 1)
    out, cursor = bytearray(payload[:8]), 8
    for _ in range(count):
        item_bytes = payload[cursor:cursor + id_size]
        n = payload[cursor + id_size]
        start = cursor + id_size + 1
        associations = payload[start:start + n * index_size]
        cursor = start + n * index_size
        if int.from_bytes(item_bytes, "big") == item:
            associations += b"".join(i.to_bytes(index_size, "big") for i in new_indices)
            n += len(new_indices)
        out += item_bytes + bytes([n]) + associations
    return bytes(out)


def patch_iloc(payload, delta):
    """Moves every file-offset item extent by delta bytes (the meta box grew)."""
    data = bytearray(payload)
    version = data[0]
    offset_size, length_size = data[4] >> 4, data[4] & 15
    base_size, index_size = data[5] >> 4, (data[5] & 15 if version in (1, 2) else 0)
    cursor = 6
    count_size = 2 if version < 2 else 4
    count = int.from_bytes(data[cursor:cursor + count_size], "big")
    cursor += count_size
    for _ in range(count):
        cursor += 2 if version < 2 else 4
        method = 0
        if version in (1, 2):
            method = int.from_bytes(data[cursor:cursor + 2], "big") & 15
            cursor += 2
        cursor += 2  # data reference index
        base = int.from_bytes(data[cursor:cursor + base_size], "big")
        if method == 0 and base_size:
            data[cursor:cursor + base_size] = (base + delta).to_bytes(base_size, "big")
        cursor += base_size
        (extents,) = struct.unpack(">H", data[cursor:cursor + 2])
        cursor += 2
        for _ in range(extents):
            cursor += index_size
            if method == 0 and not base_size:
                extent = int.from_bytes(data[cursor:cursor + offset_size], "big")
                data[cursor:cursor + offset_size] = (extent + delta).to_bytes(offset_size, "big")
            cursor += offset_size + length_size
    return bytes(data)


def heif_transform(source, out, operations):
    data = open(source, "rb").read()
    top = list(boxes(data, 0, len(data)))
    _, meta_start, meta_end = next(b for b in top if b[0] == b"meta")
    children = list(boxes(data, meta_start + 12, meta_end))
    pitm = next(data[s:e] for k, s, e in children if k == b"pitm")
    primary = struct.unpack(">H", pitm[12:14])[0] if pitm[8] == 0 else struct.unpack(">I", pitm[12:16])[0]
    new_properties = []
    for operation in operations.split(","):
        kind, value = operation[:4].encode(), int(operation[4:])
        new_properties.append(box(kind, bytes([value])))
    rebuilt = []
    for kind, start, end in children:
        if kind != b"iprp":
            rebuilt.append((kind, data[start:end]))
            continue
        iprp_children = list(boxes(data, start + 8, end))
        ipco = next(c for c in iprp_children if c[0] == b"ipco")
        existing = len(list(boxes(data, ipco[1] + 8, ipco[2])))
        indices = list(range(existing + 1, existing + 1 + len(new_properties)))
        iprp_payload = b""
        for child_kind, child_start, child_end in iprp_children:
            if child_kind == b"ipco":
                iprp_payload += box(b"ipco", data[child_start + 8:child_end] + b"".join(new_properties))
            elif child_kind == b"ipma":
                iprp_payload += box(b"ipma", rebuild_ipma(data[child_start + 8:child_end], primary, indices))
            else:
                iprp_payload += data[child_start:child_end]
        rebuilt.append((kind, box(b"iprp", iprp_payload)))
    meta_payload = data[meta_start + 8:meta_start + 12] + b"".join(b for _, b in rebuilt)
    delta = 8 + len(meta_payload) - (meta_end - meta_start)
    meta_payload = data[meta_start + 8:meta_start + 12] + b"".join(
        box(b"iloc", patch_iloc(b[8:], delta)) if k == b"iloc" else b for k, b in rebuilt)
    open(out, "wb").write(data[:meta_start] + box(b"meta", meta_payload) + data[meta_end:])


COLORS = {"red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255), "yellow": (255, 255, 0)}
# Where the stored top-left and top-right corners appear when displayed, for EXIF 1-8.
CORNERS = {1: ("tl", "tr"), 2: ("tr", "tl"), 3: ("br", "bl"), 4: ("bl", "br"),
           5: ("tl", "bl"), 6: ("tr", "br"), 7: ("br", "tr"), 8: ("bl", "tl")}


def corner_orientation(path):
    text = subprocess.run(["/usr/bin/convert", path + "[0]", "-depth", "8", "ppm:-"],
                          check=True, capture_output=True).stdout
    header = text.split(b"\n", 3)
    width, height = map(int, header[1].split())
    pixels = header[3]

    def color(x, y):
        index = 3 * (y * width + x)
        rgb = pixels[index:index + 3]
        return min(COLORS, key=lambda name: sum((a - b) ** 2 for a, b in zip(rgb, COLORS[name])))

    inset_x, inset_y = max(1, width // 8), max(1, height // 8)
    seen = {"tl": color(inset_x, inset_y), "tr": color(width - 1 - inset_x, inset_y),
            "bl": color(inset_x, height - 1 - inset_y), "br": color(width - 1 - inset_x, height - 1 - inset_y)}
    for orientation, (red_at, green_at) in CORNERS.items():
        if seen[red_at] == "red" and seen[green_at] == "green":
            return orientation
    raise SystemExit(f"{path}: corners {seen} match no orientation")


def jpeg_segments(data):
    """(marker, bytes) for every segment from SOI up to, not including, SOS; then the rest."""
    assert data[:2] == b"\xff\xd8"
    offset, segments = 2, []
    while True:
        assert data[offset] == 0xFF
        marker = data[offset + 1]
        if marker == 0xDA:
            return segments, data[offset:]
        (length,) = struct.unpack(">H", data[offset + 2:offset + 4])
        segments.append((marker, data[offset:offset + 2 + length]))
        offset += 2 + length


def is_exif(segment):
    return segment[0] == 0xE1 and segment[1][4:10] == b"Exif\0\0"


def is_frame(segment):
    return 0xC0 <= segment[0] <= 0xCF and segment[0] not in (0xC4, 0xC8, 0xCC)


def jpeg_join(segments, rest):
    return b"\xff\xd8" + b"".join(bytes_ for _, bytes_ in segments) + rest


def jpeg_exif_after_sof(source, out):
    segments, rest = jpeg_segments(open(source, "rb").read())
    exif = next(s for s in segments if is_exif(s))
    segments.remove(exif)
    frame = next(index for index, s in enumerate(segments) if is_frame(s))
    segments.insert(frame + 1, exif)
    open(out, "wb").write(jpeg_join(segments, rest))


def jpeg_duplicate_exif(first, second, out):
    segments, rest = jpeg_segments(open(first, "rb").read())
    exif = next(s for s in segments if is_exif(s))
    segments.remove(exif)
    later = next(s for s in jpeg_segments(open(second, "rb").read())[0] if is_exif(s))
    frame = next(index for index, s in enumerate(segments) if is_frame(s))
    segments.insert(frame, later)
    open(out, "wb").write(jpeg_join([exif] + segments, rest))


def app1(namespace, payload):
    body = namespace + payload
    return (0xE1, struct.pack(">BBH", 0xFF, 0xE1, 2 + len(body)) + body)


def jpeg_extended_xmp(source, out, count, size):
    import hashlib
    count, size = int(count), int(size)
    ancestors, total, index = [], 0, 0
    while total < count * size:
        ancestors.append("<rdf:li>adobe:docid:photoshop:51d4c2d6-11e0-8ec6-%012d</rdf:li>\n" % index)
        total += len(ancestors[-1])
        index += 1
    extended = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
                '<rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">'
                "<photoshop:DocumentAncestors><rdf:Bag>\n")
    closing = "</rdf:Bag></photoshop:DocumentAncestors></rdf:Description></rdf:RDF></x:xmpmeta>"
    body = "".join(ancestors)[:count * size - len(extended) - len(closing)]
    body = body[:body.rfind("\n") + 1]
    extended = (extended + body + closing).encode()
    extended += b" " * (count * size - len(extended))
    guid = hashlib.md5(extended).hexdigest().upper().encode()
    standard = ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
                '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""'
                ' xmlns:xmpNote="http://ns.adobe.com/xmp/note/" xmpNote:HasExtendedXMP="%s"/></rdf:RDF>'
                '</x:xmpmeta><?xpacket end="w"?>' % guid.decode()).encode()
    inserted = [app1(b"http://ns.adobe.com/xap/1.0/\0", standard)]
    for part in range(count):
        header = guid + struct.pack(">II", len(extended), part * size)
        inserted.append(app1(b"http://ns.adobe.com/xmp/extension/\0", header + extended[part * size:(part + 1) * size]))
    segments, rest = jpeg_segments(open(source, "rb").read())
    exif = next(index for index, s in enumerate(segments) if is_exif(s))
    open(out, "wb").write(jpeg_join(segments[:exif + 1] + inserted + segments[exif + 1:], rest))


def riff_chunk(code, payload):
    return code + struct.pack("<I", len(payload)) + payload + (b"\0" if len(payload) % 2 else b"")


def webp_bitstream(path):
    """The VP8 or VP8L chunk of a simple WebP file, and the canvas size."""
    data = open(path, "rb").read()
    code, (size,) = data[12:16], struct.unpack("<I", data[16:20])
    payload = data[20:20 + size]
    if code == b"VP8 ":
        width, height = (struct.unpack("<H", payload[i:i + 2])[0] & 0x3FFF for i in (6, 8))
    elif code == b"VP8L":
        (bits,) = struct.unpack("<I", payload[1:5])
        width, height = (bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1
    else:
        raise SystemExit(f"{path}: the first chunk is {code!r}, not a simple VP8 or VP8L image")
    return riff_chunk(code, payload), width, height


def vp8x(flags, width, height):
    return riff_chunk(b"VP8X", bytes([flags, 0, 0, 0]) + (width - 1).to_bytes(3, "little")
                      + (height - 1).to_bytes(3, "little"))


def riff(chunks):
    body = b"WEBP" + b"".join(chunks)
    return b"RIFF" + struct.pack("<I", len(body)) + body


def webp_animation(frame, out, count):
    bitstream, width, height = webp_bitstream(frame)
    anmf = (0).to_bytes(3, "little") * 2 + (width - 1).to_bytes(3, "little") + (height - 1).to_bytes(3, "little")
    anmf += (100).to_bytes(3, "little") + b"\0"
    chunks = [vp8x(0x02, width, height), riff_chunk(b"ANIM", b"\0\0\0\0\0\0")]
    chunks += [riff_chunk(b"ANMF", anmf + bitstream)] * int(count)
    open(out, "wb").write(riff(chunks))


def webp_tiny_chunks(frame, out, count):
    bitstream, width, height = webp_bitstream(frame)
    chunks = [vp8x(0x08, width, height), bitstream] + [riff_chunk(b"JUNK", b"")] * int(count)
    open(out, "wb").write(riff(chunks))


def hostile_32bit(folder):
    """Each file is a few dozen bytes and names the sum it makes overflow with a 32-bit Int."""
    ihdr = png_chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 8, 8, 2, 0, 0, 0))
    signature = b"\x89PNG\r\n\x1a\n"
    # The next chunk's offset, 12 + length, for an eXIf chunk of length 2^31 - 1: 41 bytes.
    open(f"{folder}/png-exif-length-2g.png", "wb").write(signature + ihdr + struct.pack(">I", 0x7FFF_FFFF) + b"eXIf")
    # The TIFF structure's base (41) plus an IFD offset under the chunk's length: 41 + 2^31 - 32.
    tiff = b"MM\x00\x2a" + struct.pack(">I", 0x7FFF_FFE0) + b"\x00" * 8
    exif = struct.pack(">I", 0x7FFF_FFF0) + b"eXIf" + tiff
    open(f"{folder}/png-exif-tiff-offset-2g.png", "wb").write(signature + ihdr + exif)
    # HEIF clap rounding, numerator + denominator / 2, with a numerator of 2^31 - 1.
    ftyp = box(b"ftyp", b"heic" + b"\x00" * 4 + b"mif1")
    ispe = box(b"ispe", b"\x00" * 4 + struct.pack(">II", 100, 50))
    clap = box(b"clap", struct.pack(">8I", 0x7FFF_FFFF, 2, 0x7FFF_FFFF, 2, 0, 1, 0, 1))
    ipma = box(b"ipma", b"\x00" * 4 + struct.pack(">IHB", 1, 1, 2) + b"\x81\x82")
    meta = box(b"meta", b"\x00" * 4 + box(b"pitm", b"\x00" * 4 + struct.pack(">H", 1))
               + box(b"iprp", box(b"ipco", ispe + clap) + ipma))
    open(f"{folder}/heic-clap-2g.heic", "wb").write(ftyp + meta)
    # A RIFF end of 2^31 - 1 filled by an odd-sized VP8X chunk whose flags announce EXIF: the
    # padding byte after it is the 2^31st.
    header = b"RIFF" + struct.pack("<I", 0x7FFF_FFF7) + b"WEBP"
    chunk = b"VP8X" + struct.pack("<I", 0x7FFF_FFEB) + bytes([0x08, 0, 0, 0]) + (15).to_bytes(3, "little") * 2
    open(f"{folder}/webp-riff-end-max.webp", "wb").write(header + chunk)


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "apng":
        apng(arguments[0], arguments[1:])
    elif command == "heif-transform":
        heif_transform(*arguments)
    elif command == "hostile-32bit":
        hostile_32bit(arguments[0])
    elif command == "corner-orientation":
        print(corner_orientation(arguments[0]))
    elif command in ("jpeg-exif-after-sof", "jpeg-duplicate-exif", "jpeg-extended-xmp", "webp-animation",
                     "webp-tiny-chunks"):
        globals()[command.replace("-", "_")](*arguments)
    else:
        raise SystemExit(__doc__)
