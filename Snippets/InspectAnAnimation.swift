// Read an animated GIF's frames, delays and loop count from its headers, without decoding a
// frame; check the canvas times the frames against the pixel limit before a decoder holds them.
import AttachmentKit
import Foundation

// A 4000 × 4000 GIF: a NETSCAPE2.0 block (loop forever), then 200 frames of 1 × 1 pixel, each
// after a Graphic Control Extension of 2 centiseconds. A few kilobytes, 3.2 billion pixels.
var gif = Data("GIF89a".utf8) + Data([0xA0, 0x0F, 0xA0, 0x0F, 0, 0, 0])
gif += Data([0x21, 0xFF, 11]) + Data("NETSCAPE2.0".utf8) + Data([3, 1, 0, 0, 0])
for _ in 0..<200 {
    gif += Data([0x21, 0xF9, 4, 0, 2, 0, 0, 0])
    gif += Data([0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0])
}
gif += Data([0x3B])

let inspector = ImageInspector()
do {
    let header = try inspector.inspect(gif)
    if let animation = header.animation {
        print(animation.frameCount, "frames, loop", animation.loop)  // 200 frames, loop infinite
        print("duration:", String(format: "%.3f s", animation.duration))  // 4.000 s (200 × 0.02 s)
        print("complete:", animation.isComplete)  // true: the walk reached the trailer
    }
    print("pixels to decode every frame:", header.totalPixelCount)  // 3200000000
    _ = try inspector.verify(.data(gif), declaredType: .imageGIF)
} catch {
    print(error)  // GIF image of 4000 x 4000 in 200 frames has 3200000000 pixels; at most 100000000 are allowed
}
