import Foundation

/// A small baseline-JPEG decoder used only to check the encoder: it walks the markers, checks
/// every segment length, then decodes the entropy-coded data back to RGB pixels. (The encoder was
/// also checked against libjpeg's `djpeg`, which decodes its photos without warnings.)
struct BaselineJPEGDecoder {
  struct Failure: Error, CustomStringConvertible { var description: String }

  var markers: [UInt8] = []
  var width = 0
  var height = 0
  var componentCount = 0
  private var quantisation: [Int: [Int]] = [:]
  private var componentTables: [(quantisation: Int, dc: Int, ac: Int)] = []
  private var huffman: [Int: [Int: [UInt32: UInt8]]] = [:]  // class*16+id → length → code → symbol
  private var scan: [UInt8] = []
  /// Decoded RGB, 3 bytes per pixel.
  var rgb: [UInt8] = []

  private static let zigZag: [Int] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
    28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61,
    54, 47, 55, 62, 63,
  ]

  /// Decodes `data`; with `pixels` false only the Huffman data is walked (no inverse DCT).
  init(_ data: Data, pixels: Bool = true) throws {
    let bytes = [UInt8](data)
    guard bytes.starts(with: [0xFF, 0xD8]) else { throw Failure(description: "no SOI") }
    guard bytes.suffix(2) == [0xFF, 0xD9] else { throw Failure(description: "no EOI at the end") }
    var position = 2
    while position < bytes.count {
      guard bytes[position] == 0xFF, position + 1 < bytes.count else {
        throw Failure(description: "no marker at \(position)")
      }
      let marker = bytes[position + 1]
      markers.append(marker)
      if marker == 0xD9 { break }
      guard position + 3 < bytes.count else { throw Failure(description: "truncated segment") }
      let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
      guard length >= 2, position + 2 + length <= bytes.count else { throw Failure(description: "bad length") }
      let payload = Array(bytes[(position + 4)..<(position + 2 + length)])
      try read(marker: marker, payload)
      position += 2 + length
      if marker == 0xDA {
        let end = bytes.count - 2
        scan = Array(bytes[position..<end])
        position = end
      }
    }
    try decodeScan(pixels: pixels)
  }

  private mutating func read(marker: UInt8, _ payload: [UInt8]) throws {
    switch marker {
    case 0xDB:
      var offset = 0
      while offset < payload.count {
        let id = Int(payload[offset] & 0x0F)
        var table = [Int](repeating: 0, count: 64)
        for index in 0..<64 { table[Self.zigZag[index]] = Int(payload[offset + 1 + index]) }
        quantisation[id] = table
        offset += 65
      }
    case 0xC0:
      height = Int(payload[1]) << 8 | Int(payload[2])
      width = Int(payload[3]) << 8 | Int(payload[4])
      componentCount = Int(payload[5])
      for component in 0..<componentCount {
        guard payload[6 + component * 3 + 1] == 0x11 else { throw Failure(description: "subsampling not expected") }
        componentTables.append((Int(payload[6 + component * 3 + 2]), 0, 0))
      }
    case 0xC4:
      var offset = 0
      while offset < payload.count {
        let key = Int(payload[offset] >> 4) * 16 + Int(payload[offset] & 0x0F)
        let counts = payload[(offset + 1)..<(offset + 17)].map(Int.init)
        var symbolIndex = offset + 17
        var code: UInt32 = 0
        var table: [Int: [UInt32: UInt8]] = [:]
        for length in 1...16 {
          for _ in 0..<counts[length - 1] {
            table[length, default: [:]][code] = payload[symbolIndex]
            symbolIndex += 1
            code += 1
          }
          code <<= 1
        }
        huffman[key] = table
        offset = symbolIndex
      }
    case 0xDA:
      for component in 0..<Int(payload[0]) {
        let selector = payload[1 + component * 2 + 1]
        componentTables[component].dc = Int(selector >> 4)
        componentTables[component].ac = 16 + Int(selector & 0x0F)
      }
    default: break
    }
  }

  private mutating func decodeScan(pixels: Bool) throws {
    var reader = BitReader(bytes: scan)
    var planes = [[Double]](repeating: [Double](repeating: 0, count: width * height), count: componentCount)
    var previousDC = [Int](repeating: 0, count: componentCount)
    for blockY in stride(from: 0, to: height, by: 8) {
      for blockX in stride(from: 0, to: width, by: 8) {
        for component in 0..<componentCount {
          let tables = componentTables[component]
          var coefficients = [Int](repeating: 0, count: 64)
          let dcSize = Int(try decodeSymbol(&reader, table: tables.dc))
          previousDC[component] += try reader.value(size: dcSize)
          coefficients[0] = previousDC[component]
          var index = 1
          while index < 64 {
            let symbol = Int(try decodeSymbol(&reader, table: tables.ac))
            if symbol == 0 { break }
            if symbol == 0xF0 {
              index += 16
              continue
            }
            index += symbol >> 4
            guard index < 64 else { throw Failure(description: "run past the block") }
            coefficients[Self.zigZag[index]] = try reader.value(size: symbol & 0x0F)
            index += 1
          }
          guard pixels else { continue }
          let table = quantisation[tables.quantisation] ?? []
          let samples = Self.inverseDCT(coefficients.enumerated().map { Double($0.element * table[$0.offset]) })
          for row in 0..<8 where blockY + row < height {
            for column in 0..<8 where blockX + column < width {
              planes[component][(blockY + row) * width + blockX + column] = samples[row * 8 + column] + 128
            }
          }
        }
      }
    }
    guard reader.remainingWholeBytes == 0 else {
      throw Failure(description: "\(reader.remainingWholeBytes) bytes left")
    }
    guard pixels else { return }
    rgb = []
    for pixel in 0..<(width * height) {
      let (y, cb, cr) = (planes[0][pixel], planes[1][pixel] - 128, planes[2][pixel] - 128)
      for value in [y + 1.402 * cr, y - 0.344136 * cb - 0.714136 * cr, y + 1.772 * cb] {
        rgb.append(UInt8(max(0, min(255, value.rounded()))))
      }
    }
  }

  private func decodeSymbol(_ reader: inout BitReader, table: Int) throws -> UInt8 {
    guard let codes = huffman[table] else { throw Failure(description: "missing Huffman table \(table)") }
    var code: UInt32 = 0
    for length in 1...16 {
      code = code << 1 | UInt32(try reader.bit())
      if let symbol = codes[length]?[code] { return symbol }
    }
    throw Failure(description: "invalid Huffman code")
  }

  /// `basis[x * 8 + u]` = C(u) cos((2x+1)uπ/16).
  private static let basis: [Double] = (0..<64).map { index in
    let (x, u) = (index / 8, index % 8)
    return (u == 0 ? 1 / 2.0.squareRoot() : 1) * cos(Double(2 * x + 1) * Double(u) * .pi / 16)
  }

  private static func inverseDCT(_ coefficients: [Double]) -> [Double] {
    var samples = [Double](repeating: 0, count: 64)
    for y in 0..<8 {
      for x in 0..<8 {
        var sum = 0.0
        for v in 0..<8 {
          for u in 0..<8 { sum += basis[x * 8 + u] * basis[y * 8 + v] * coefficients[v * 8 + u] }
        }
        samples[y * 8 + x] = sum / 4
      }
    }
    return samples
  }

  /// Reads bits most significant first, dropping the zero byte stuffed after each 0xFF.
  struct BitReader {
    let bytes: [UInt8]
    var index = 0
    var bitPosition = 0

    var remainingWholeBytes: Int { bytes.count - index - (bitPosition > 0 ? 1 : 0) }

    mutating func bit() throws -> Int {
      guard index < bytes.count else { throw Failure(description: "entropy data ended early") }
      let value = Int(bytes[index] >> (7 - bitPosition)) & 1
      bitPosition += 1
      if bitPosition == 8 {
        bitPosition = 0
        if bytes[index] == 0xFF {
          guard index + 1 < bytes.count, bytes[index + 1] == 0x00 else { throw Failure(description: "unstuffed 0xFF") }
          index += 1
        }
        index += 1
      }
      return value
    }

    mutating func value(size: Int) throws -> Int {
      guard size > 0 else { return 0 }
      var raw = 0
      for _ in 0..<size { raw = raw << 1 | (try bit()) }
      return raw < 1 << (size - 1) ? raw - (1 << size) + 1 : raw
    }
  }
}
