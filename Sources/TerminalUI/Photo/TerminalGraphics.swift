import Foundation
import Geometry
import RosterCore

/// The bytes that draw a photo with a terminal's own graphics, positioned at a cell rectangle.
///
/// Each sequence saves the cursor (DECSC), moves to the rectangle, draws, and restores the cursor
/// and attributes (DECRC), so ncurses' idea of where the cursor is and which attributes are set
/// stays true: these are written after ncurses' update, over cells ncurses has drawn blank (or
/// as 256-colour half-blocks), and ncurses never learns of them.
public enum TerminalGraphics {
  /// The kitty image id Roster uses for its one photo (so a delete never touches anyone else's).
  public static let kittyImageID = 4_242

  /// Kitty: transmit the RGB pixels (`f=24`) and show them scaled to the rectangle's cells
  /// (`c`, `r`), cursor not moved (`C=1`), no replies (`q=2`); base64 in chunks of 4096.
  public static func kitty(_ image: PhotoImage, at rect: Rect) -> String {
    let pixels = image.scaled(width: min(image.width, rect.cols * 10), height: min(image.height, rect.rows * 20))
    let payload = Data(pixels.rgb).base64EncodedString()
    var output = save + move(rect.row, rect.col)
    var chunks: [Substring] = []
    var index = payload.startIndex
    while index < payload.endIndex {
      let end = payload.index(index, offsetBy: 4096, limitedBy: payload.endIndex) ?? payload.endIndex
      chunks.append(payload[index..<end])
      index = end
    }
    for (number, chunk) in chunks.enumerated() {
      let more = number < chunks.count - 1 ? 1 : 0
      let size = "s=\(pixels.width),v=\(pixels.height)"
      let first = "a=T,f=24,\(size),i=\(kittyImageID),c=\(rect.cols),r=\(rect.rows),C=1,q=2,"
      let control = (number == 0 ? first : "") + "m=\(more)"
      output += "\u{1B}_G\(control);\(chunk)\u{1B}\\"
    }
    return output + restore
  }

  /// Kitty: delete Roster's photo and free its data.
  public static let kittyDelete = "\u{1B}_Ga=d,d=I,i=\(kittyImageID),q=2\u{1B}\\"

  /// Sixel: the image scaled to the rectangle (`cellPixels` a cell, 8×16 when the terminal did
  /// not say, so it never spills out of its cells), in the 6×6×6 colour cube.
  public static func sixel(_ image: PhotoImage, at rect: Rect, cellPixels: (width: Int, height: Int)?) -> String {
    let cell = cellPixels ?? (8, 16)
    let width = rect.cols * cell.width
    // Whole sixel bands (6 rows) only, so the last band cannot reach below the rectangle.
    let height = rect.rows * cell.height / 6 * 6
    guard width > 0, height > 0 else { return "" }
    let pixels = image.scaled(width: width, height: height)
    var registers = [Int](repeating: 0, count: width * height)
    var used = Set<Int>()
    for y in 0..<height {
      for x in 0..<width {
        let colour = pixels.pixel(x: x, y: y)
        let register = cubeRegister(colour)
        registers[y * width + x] = register
        used.insert(register)
      }
    }
    var output = save + move(rect.row, rect.col) + "\u{1B}P0;1;0q\"1;1;\(width);\(height)"
    for register in used.sorted() {
      let (r, g, b) = (register / 36, register / 6 % 6, register % 6)
      output += "#\(register);2;\(r * 20);\(g * 20);\(b * 20)"
    }
    for band in stride(from: 0, to: height, by: 6) {
      var bandColours = Set<Int>()
      for y in band..<(band + 6) { for x in 0..<width { bandColours.insert(registers[y * width + x]) } }
      for (position, register) in bandColours.sorted().enumerated() {
        if position > 0 { output += "$" }
        output += "#\(register)"
        var run = (character: Character(" "), count: 0)
        func flush() {
          guard run.count > 0 else { return }
          output += run.count > 3 ? "!\(run.count)\(run.character)" : String(repeating: run.character, count: run.count)
        }
        for x in 0..<width {
          var bits = 0
          for bit in 0..<6 where registers[(band + bit) * width + x] == register { bits |= 1 << bit }
          let character = Character(Unicode.Scalar(UInt8(63 + bits)))
          if character == run.character {
            run.count += 1
          } else {
            flush()
            run = (character, 1)
          }
        }
        flush()
      }
      output += "-"
    }
    return output + "\u{1B}\\" + restore
  }

  /// 24-bit half-blocks: the exact colours of what ncurses drew in the 256-colour palette.
  public static func trueColorHalfBlocks(_ image: PhotoImage, at rect: Rect) -> String {
    let cells = PhotoView.halfBlockCells(image, cols: rect.cols, rows: rect.rows)
    var output = save
    for (row, line) in cells.enumerated() {
      output += move(rect.row + row, rect.col)
      for pixels in line {
        let (top, bottom) = (pixels.top, pixels.bottom)
        output += "\u{1B}[38;2;\(top.red);\(top.green);\(top.blue);48;2;\(bottom.red);\(bottom.green);\(bottom.blue)m"
        output += PhotoView.halfBlock
      }
    }
    return output + "\u{1B}[0m" + restore
  }

  private static let save = "\u{1B}7"
  private static let restore = "\u{1B}8"

  private static func move(_ row: Int, _ col: Int) -> String { "\u{1B}[\(row + 1);\(col + 1)H" }

  /// The 6×6×6 cube register (0–215) nearest `colour`.
  static func cubeRegister(_ colour: RGB) -> Int {
    func level(_ value: UInt8) -> Int { (Int(value) * 5 + 127) / 255 }
    return level(colour.red) * 36 + level(colour.green) * 6 + level(colour.blue)
  }
}
