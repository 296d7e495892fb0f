/// A decoded photo: 8-bit RGB, three bytes a pixel, rows top to bottom. Small by design (a pane's
/// worth of pixels), so it lives in `AppState` and the renderer draws from it directly.
public struct PhotoImage: Sendable, Equatable {
  public var width: Int
  public var height: Int
  public var rgb: [UInt8]

  public init(width: Int, height: Int, rgb: [UInt8]) {
    precondition(width > 0 && height > 0 && rgb.count == width * height * 3, "RGB bytes must fill the image")
    self.width = width
    self.height = height
    self.rgb = rgb
  }

  /// One pixel, clamped into the image.
  public func pixel(x: Int, y: Int) -> RGB {
    let offset = (min(max(0, y), height - 1) * width + min(max(0, x), width - 1)) * 3
    return RGB(rgb[offset], rgb[offset + 1], rgb[offset + 2])
  }

  /// The image resampled to `width`×`height` by averaging the source pixels each target pixel
  /// covers (a box filter): downscaling a photo to a few dozen cells keeps its colours instead of
  /// picking stray pixels.
  public func scaled(width targetWidth: Int, height targetHeight: Int) -> PhotoImage {
    guard targetWidth > 0, targetHeight > 0 else { return self }
    if targetWidth == width && targetHeight == height { return self }
    var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * 3)
    for ty in 0..<targetHeight {
      let y0 = ty * height / targetHeight
      let y1 = max(y0 + 1, (ty + 1) * height / targetHeight)
      for tx in 0..<targetWidth {
        let x0 = tx * width / targetWidth
        let x1 = max(x0 + 1, (tx + 1) * width / targetWidth)
        var sums = (0, 0, 0)
        for y in y0..<y1 {
          for x in x0..<x1 {
            let offset = (y * width + x) * 3
            sums.0 += Int(rgb[offset])
            sums.1 += Int(rgb[offset + 1])
            sums.2 += Int(rgb[offset + 2])
          }
        }
        let count = (y1 - y0) * (x1 - x0)
        let offset = (ty * targetWidth + tx) * 3
        output[offset] = UInt8(sums.0 / count)
        output[offset + 1] = UInt8(sums.1 / count)
        output[offset + 2] = UInt8(sums.2 / count)
      }
    }
    return PhotoImage(width: targetWidth, height: targetHeight, rgb: output)
  }
}

/// One 24-bit colour.
public struct RGB: Sendable, Equatable, Hashable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// The nearest colour of xterm's 256-colour palette (the 6×6×6 cube at 16–231 or the grey ramp
  /// at 232–255), as terminals without 24-bit colour show it.
  public var xterm256: Int {
    let levels = [0, 95, 135, 175, 215, 255]
    func cubeIndex(_ value: UInt8) -> Int {
      let value = Int(value)
      return value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
    }
    let (r, g, b) = (cubeIndex(red), cubeIndex(green), cubeIndex(blue))
    let cube = (levels[r], levels[g], levels[b])
    let average = (Int(red) + Int(green) + Int(blue)) / 3
    let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
    let grey = 8 + greyIndex * 10
    func distance(_ other: (Int, Int, Int)) -> Int {
      let dr = Int(red) - other.0
      let dg = Int(green) - other.1
      let db = Int(blue) - other.2
      return dr * dr + dg * dg + db * db
    }
    if distance((grey, grey, grey)) < distance(cube) { return 232 + greyIndex }
    return 16 + 36 * r + 6 * g + b
  }
}
