import Foundation

/// Paints a user's photo (48×48 unless asked otherwise): a background colour and stripe pattern picked from the id, and
/// the initials (from the mail name, so "wei.wang" gives "WW" even for 王伟) in white.
enum PhotoPainter {
  static let defaultSize = 48

  private static let palette: [(UInt8, UInt8, UInt8)] = [
    (0x2E, 0x6F, 0xBF), (0xC2, 0x3B, 0x22), (0x2A, 0x9D, 0x8F), (0x8E, 0x44, 0xAD), (0xD9, 0x7B, 0x16),
    (0x27, 0xAE, 0x60), (0x34, 0x49, 0x5E), (0xB0, 0x3A, 0x7A), (0x16, 0xA0, 0x85), (0x7F, 0x8C, 0x0D),
    (0x5D, 0x4C, 0x9E), (0xA0, 0x52, 0x2D),
  ]

  static func jpeg(for user: DirectoryUser, size: Int = defaultSize) -> Data {
    JPEGEncoder().encode(image(for: user, size: size))
  }

  static func initials(of user: DirectoryUser) -> String {
    var local = String(user.userPrincipalName.split(separator: "@").first ?? "")
    if let guestMark = local.range(of: "_", options: .backwards), local.contains("#EXT#") {
      local = String(local[..<guestMark.lowerBound])
    }
    let letters = local.split(separator: ".").compactMap { $0.first }.map { Character($0.uppercased()) }
    return String(letters.filter { BitmapFont.glyph($0) != nil }.prefix(2))
  }

  static func image(for user: DirectoryUser, size: Int = defaultSize) -> JPEGEncoder.Image {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in user.id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    let (red, green, blue) = palette[Int(hash % UInt64(palette.count))]
    let stripe = max(1, (6 + Int((hash >> 8) % 6)) * size / defaultSize)
    var rgb = [UInt8](repeating: 0, count: size * size * 3)
    for y in 0..<size {
      for x in 0..<size {
        let shade: Double = ((x + y) / stripe) % 2 == 0 ? 1.0 : 0.85
        let offset = (y * size + x) * 3
        rgb[offset] = UInt8(Double(red) * shade)
        rgb[offset + 1] = UInt8(Double(green) * shade)
        rgb[offset + 2] = UInt8(Double(blue) * shade)
      }
    }
    drawText(initials(of: user), size: size, into: &rgb)
    return JPEGEncoder.Image(width: size, height: size, rgb: rgb)
  }

  /// Initials centred, each font pixel `size / 16` pixels wide (3 at 48×48).
  private static func drawText(_ text: String, size: Int, into rgb: inout [UInt8]) {
    let scale = max(1, size / 16)
    let gap = scale
    let glyphs = text.compactMap(BitmapFont.glyph)
    guard !glyphs.isEmpty else { return }
    let textWidth = glyphs.count * BitmapFont.width * scale + (glyphs.count - 1) * gap
    let left = (size - textWidth) / 2
    let top = (size - BitmapFont.height * scale) / 2
    guard textWidth <= size, top >= 0 else { return }  // too small for initials: colour only
    for (position, glyph) in glyphs.enumerated() {
      let glyphLeft = left + position * (BitmapFont.width * scale + gap)
      for (row, bits) in glyph.enumerated() {
        for column in 0..<BitmapFont.width where bits & (0x10 >> UInt8(column)) != 0 {
          for dy in 0..<scale {
            for dx in 0..<scale {
              let offset = ((top + row * scale + dy) * size + glyphLeft + column * scale + dx) * 3
              rgb[offset] = 0xFF
              rgb[offset + 1] = 0xFF
              rgb[offset + 2] = 0xFF
            }
          }
        }
      }
    }
  }
}
