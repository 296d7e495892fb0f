/// Writes the entropy-coded part of a JPEG: variable-length codes packed most significant bit
/// first, with a zero byte stuffed after every 0xFF so no marker appears by accident.
struct JPEGBitWriter {
  private(set) var bytes: [UInt8] = []
  private var buffer: UInt32 = 0
  private var bitCount = 0

  mutating func write(_ bits: UInt32, count: Int) {
    guard count > 0 else { return }
    buffer = (buffer << UInt32(count)) | (bits & ((1 << UInt32(count)) - 1))
    bitCount += count
    while bitCount >= 8 {
      let byte = UInt8((buffer >> UInt32(bitCount - 8)) & 0xFF)
      bytes.append(byte)
      if byte == 0xFF { bytes.append(0x00) }
      bitCount -= 8
    }
    buffer &= (1 << UInt32(bitCount)) - 1
  }

  /// Pads the last byte with one bits, as the standard asks.
  mutating func flush() {
    if bitCount > 0 { write(0x7F, count: 8 - bitCount) }
  }
}

/// Code and length of each symbol of a Huffman table, built from the counts per length
/// (T.81 Annex C).
struct JPEGHuffmanCode {
  let codes: [UInt32]
  let lengths: [Int]

  init(_ spec: JPEGTables.HuffmanSpec) {
    var codes = [UInt32](repeating: 0, count: 256)
    var lengths = [Int](repeating: 0, count: 256)
    var code: UInt32 = 0
    var symbolIndex = 0
    for length in 1...16 {
      for _ in 0..<Int(spec.counts[length - 1]) {
        let symbol = Int(spec.symbols[symbolIndex])
        codes[symbol] = code
        lengths[symbol] = length
        code += 1
        symbolIndex += 1
      }
      code <<= 1
    }
    self.codes = codes
    self.lengths = lengths
  }

  func write(_ symbol: Int, to writer: inout JPEGBitWriter) {
    writer.write(codes[symbol], count: lengths[symbol])
  }
}
