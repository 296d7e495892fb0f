import Foundation

/// A minimal baseline JPEG encoder (JFIF, 8-bit YCbCr 4:4:4, standard Huffman tables), enough to
/// give every sandbox user a real photo without shipping image files or a dependency.
struct JPEGEncoder {
  /// An RGB image, 3 bytes per pixel, rows top to bottom.
  struct Image {
    var width: Int
    var height: Int
    var rgb: [UInt8]
  }

  var quality = 85

  func encode(_ image: Image) -> Data {
    precondition(image.width > 0 && image.height > 0 && image.rgb.count == image.width * image.height * 3)
    let luminance = JPEGTables.scaled(JPEGTables.luminanceQuantisation, quality: quality)
    let chrominance = JPEGTables.scaled(JPEGTables.chrominanceQuantisation, quality: quality)
    var output: [UInt8] = [0xFF, 0xD8]
    output += segment(0xE0, [0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00])
    var quantisation: [UInt8] = [0x00]
    quantisation += JPEGTables.zigZag.map { UInt8(luminance[$0]) }
    quantisation.append(0x01)
    quantisation += JPEGTables.zigZag.map { UInt8(chrominance[$0]) }
    output += segment(0xDB, quantisation)
    let height = [UInt8(image.height >> 8), UInt8(image.height & 0xFF)]
    let width = [UInt8(image.width >> 8), UInt8(image.width & 0xFF)]
    output += segment(0xC0, [8] + height + width + [3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1])
    var huffman: [UInt8] = []
    for (classAndId, spec) in [
      (0x00, JPEGTables.luminanceDC), (0x10, JPEGTables.luminanceAC),
      (0x01, JPEGTables.chrominanceDC), (0x11, JPEGTables.chrominanceAC),
    ] {
      huffman.append(UInt8(classAndId))
      huffman += spec.counts + spec.symbols
    }
    output += segment(0xC4, huffman)
    output += segment(0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
    output += entropyCoded(image, luminance: luminance, chrominance: chrominance)
    output += [0xFF, 0xD9]
    return Data(output)
  }

  private func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
    let length = payload.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
  }

  private func entropyCoded(_ image: Image, luminance: [Int], chrominance: [Int]) -> [UInt8] {
    let dcCodes = [JPEGHuffmanCode(JPEGTables.luminanceDC), JPEGHuffmanCode(JPEGTables.chrominanceDC)]
    let acCodes = [JPEGHuffmanCode(JPEGTables.luminanceAC), JPEGHuffmanCode(JPEGTables.chrominanceAC)]
    let tables = [luminance, chrominance, chrominance]
    var writer = JPEGBitWriter()
    var previousDC = [0, 0, 0]
    var block = [Double](repeating: 0, count: 64)
    for blockY in stride(from: 0, to: image.height, by: 8) {
      for blockX in stride(from: 0, to: image.width, by: 8) {
        for component in 0..<3 {
          fillBlock(&block, image: image, x: blockX, y: blockY, component: component)
          let coefficients = JPEGEncoder.quantisedDCT(block, table: tables[component])
          let tableIndex = component == 0 ? 0 : 1
          let difference = coefficients[0] - previousDC[component]
          previousDC[component] = coefficients[0]
          writeValue(difference, code: dcCodes[tableIndex], runLength: 0, to: &writer)
          var zeros = 0
          for position in 1..<64 {
            let value = coefficients[JPEGTables.zigZag[position]]
            if value == 0 {
              zeros += 1
              continue
            }
            while zeros > 15 {
              acCodes[tableIndex].write(0xF0, to: &writer)
              zeros -= 16
            }
            writeValue(value, code: acCodes[tableIndex], runLength: zeros, to: &writer)
            zeros = 0
          }
          if zeros > 0 { acCodes[tableIndex].write(0x00, to: &writer) }
        }
      }
    }
    writer.flush()
    return writer.bytes
  }

  /// Writes a coefficient as (run, size) symbol plus `size` extra bits (negative values as
  /// one's complement, T.81 F.1.2.1).
  private func writeValue(_ value: Int, code: JPEGHuffmanCode, runLength: Int, to writer: inout JPEGBitWriter) {
    let magnitude = abs(value)
    let size = magnitude == 0 ? 0 : Int.bitWidth - magnitude.leadingZeroBitCount
    code.write((runLength << 4) | size, to: &writer)
    let bits = value < 0 ? value - 1 : value
    writer.write(UInt32(truncatingIfNeeded: bits), count: size)
  }

  /// One 8×8 block of Y, Cb or Cr, level-shifted; edges repeat the last row/column.
  private func fillBlock(_ block: inout [Double], image: Image, x: Int, y: Int, component: Int) {
    for row in 0..<8 {
      let sourceY = min(y + row, image.height - 1)
      for column in 0..<8 {
        let sourceX = min(x + column, image.width - 1)
        let offset = (sourceY * image.width + sourceX) * 3
        let red = Double(image.rgb[offset])
        let green = Double(image.rgb[offset + 1])
        let blue = Double(image.rgb[offset + 2])
        let sample: Double
        switch component {
        case 0: sample = 0.299 * red + 0.587 * green + 0.114 * blue
        case 1: sample = -0.168736 * red - 0.331264 * green + 0.5 * blue + 128
        default: sample = 0.5 * red - 0.418688 * green - 0.081312 * blue + 128
        }
        block[row * 8 + column] = sample - 128
      }
    }
  }

  private static let cosines: [Double] = (0..<64).map { index in
    let (x, u) = (index / 8, index % 8)
    return cos(Double(2 * x + 1) * Double(u) * Double.pi / 16)
  }

  /// Forward DCT (separable, straight from the definition: 36 blocks per photo, so speed is moot)
  /// followed by rounding division by the quantisation table; natural order.
  static func quantisedDCT(_ block: [Double], table: [Int]) -> [Int] {
    var rows = [Double](repeating: 0, count: 64)
    for y in 0..<8 {
      for u in 0..<8 {
        var sum = 0.0
        for x in 0..<8 { sum += block[y * 8 + x] * cosines[x * 8 + u] }
        rows[y * 8 + u] = sum * (u == 0 ? 1 / 2.0.squareRoot() : 1) / 2
      }
    }
    var result = [Int](repeating: 0, count: 64)
    for v in 0..<8 {
      for u in 0..<8 {
        var sum = 0.0
        for y in 0..<8 { sum += rows[y * 8 + u] * cosines[y * 8 + v] }
        let coefficient = sum * (v == 0 ? 1 / 2.0.squareRoot() : 1) / 2
        result[v * 8 + u] = Int((coefficient / Double(table[v * 8 + u])).rounded())
      }
    }
    return result
  }
}
