import Foundation
import Testing

@testable import AttachmentKit

@Suite("Telling images from everything else", .inTurn)
struct ContentSniffingTests {
    @Test(
        "content that is no image is reported with what it looks like",
        arguments: [
            ("<!DOCTYPE html><html><body>Not found</body></html>", ImageInspector.NonImageContent.html),
            ("  \n<html lang=en>", .html),
            ("<?xml version=\"1.0\"?>\n<!DOCTYPE html PUBLIC><html>", .html),
            ("<script>alert(1)</script>", .script),
            ("#!/bin/sh\nrm -rf /\n", .script),
            ("<?php echo 1; ?>", .script),
            ("function f() { return 1 }", .script),
            ("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", .svg),
            ("<?xml version=\"1.0\"?><svg/>", .svg),
            ("<?xml version=\"1.0\"?><feed/>", .xml),
            ("%PDF-1.7\n", .pdf),
            ("{\"width\": 3, \"height\": 4}", .text),
            ("\u{FEFF}plain text with a BOM, é", .text),
            ("BMW is a car, not a bitmap", .text),
        ])
    func classification(text: String, expected: ImageInspector.NonImageContent) {
        #expect(throws: ImageInspector.Error.notAnImage(expected)) { try ImageInspector().inspect(Data(text.utf8)) }
    }

    @Test("zeros and unrecognised binary are reported, never parsed as an image")
    func binary() {
        #expect(throws: ImageInspector.Error.notAnImage(.zeros)) { try ImageInspector().inspect(Data(count: 4096)) }
        #expect(throws: ImageInspector.Error.notAnImage(.unrecognized)) {
            try ImageInspector().inspect(Data([0x00, 0x01, 0xFE, 0x80, 0x00, 0x7F]))
        }
    }

    @Test("a UTF-8 character cut at the end of the examined prefix still counts as text")
    func cutCharacter() {
        // "a" then two-byte characters: the 512-byte prefix the sniffer examines ends inside one.
        let text = "a" + String(repeating: "é", count: 400)
        #expect(throws: ImageInspector.Error.notAnImage(.text)) { try ImageInspector().inspect(Data(text.utf8)) }
    }

    @Test("magic bytes decide the format, whatever the rest says")
    func magic() {
        let cases: [([UInt8], ImageFormat)] = [
            ([0xFF, 0xD8, 0xFF], .jpeg), ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
            (Array("GIF87a".utf8), .gif), (Array("GIF89a".utf8), .gif), ([0x49, 0x49, 0x2A, 0x00], .tiff),
            ([0x4D, 0x4D, 0x00, 0x2A], .tiff), (Array("BM".utf8), .bmp),
        ]
        for (magic, format) in cases {
            #expect(FormatSniffer.sniff(Data(magic)) == .image(format))
        }
        #expect(FormatSniffer.sniff(Data("RIFF\0\0\0\0WEBP".utf8)) == .image(.webp))
        #expect(FormatSniffer.sniff(Data("RIFF\0\0\0\0WAVE".utf8)) == .notAnImage(.unrecognized))
    }
}
