import Foundation
import RosterCore
import SandboxDirectory
import Testing

@testable import Graph

/// The libjpeg-turbo decoder: the sandbox's photos at every Graph size, and bad bytes of every
/// kind coming back as errors (never an exit: libjpeg's own handler would end the process).
@Suite struct PhotoDecodingTests {
  static let directory = Directory.generated(seed: 1, size: 200)

  @Test("the sandbox's JPEGs decode at every Graph size, close to what was painted", arguments: PhotoSizes.graph)
  func sandboxPhotos(size: Int) throws {
    let user = Self.directory.defaultUser
    let data = try #require(Self.directory.photoJPEG(of: user, size: size))
    let image = try JPEGDecoder.decode(data)
    #expect(image.width == size && image.height == size)
    #expect(image.rgb.count == size * size * 3)
    // The background colour is the same at every size (the painter's colour from the id), and
    // the initials are white.
    let reference = try JPEGDecoder.decode(try #require(Self.directory.photoJPEG(of: user, size: 48)))
    let corner = image.pixel(x: 0, y: 0)
    let expected = reference.pixel(x: 0, y: 0)
    #expect(abs(Int(corner.red) - Int(expected.red)) < 16)
    #expect(abs(Int(corner.green) - Int(expected.green)) < 16)
    #expect(abs(Int(corner.blue) - Int(expected.blue)) < 16)
    let white = stride(from: 0, to: image.rgb.count, by: 3).contains { image.rgb[$0] > 220 && image.rgb[$0 + 1] > 220 }
    #expect(white)
  }

  @Test("truncated, corrupt, empty and foreign bytes are errors with libjpeg's reason")
  func badBytes() throws {
    let good = try #require(Self.directory.photoJPEG(of: Self.directory.defaultUser, size: 96))
    var corruptScan = good
    // Overwrite the middle of the entropy-coded data with a marker that cannot be there.
    let middle = corruptScan.count / 2
    corruptScan.replaceSubrange(middle..<(middle + 4), with: [0xFF, 0xD8, 0xFF, 0xC4])
    var badHeader = good
    badHeader[2] = 0x00  // the first segment is no marker any more
    let cases: [(String, Data)] = [
      ("empty", Data()),
      ("two bytes", Data([0xFF, 0xD8])),
      ("truncated at half", good.prefix(good.count / 2)),
      ("headers only", good.prefix(200)),
      ("corrupt scan", corruptScan),
      ("corrupt header", badHeader),
      ("PNG", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 64))),
      ("text", Data("<html>not a photo</html>".utf8)),
    ]
    for (name, bytes) in cases {
      #expect(throws: PhotoDecodingError.self, "\(name)") { try JPEGDecoder.decode(bytes) }
      do throws(PhotoDecodingError) {
        _ = try JPEGDecoder.decode(bytes)
      } catch {
        #expect(!error.reason.isEmpty, "\(name)")
      }
    }
  }

  @Test("a header claiming a huge image is refused before any pixels are allocated")
  func hugeHeader() throws {
    var data = [UInt8](try #require(Self.directory.photoJPEG(of: Self.directory.defaultUser, size: 48)))
    let sof = try #require((0..<(data.count - 1)).first { data[$0] == 0xFF && data[$0 + 1] == 0xC0 })
    data[sof + 5] = 0xEA
    data[sof + 6] = 0x60  // height 60000
    data[sof + 7] = 0xEA
    data[sof + 8] = 0x60  // width 60000
    do throws(PhotoDecodingError) {
      _ = try JPEGDecoder.decode(Data(data))
      Issue.record("a 60000×60000 header decoded")
    } catch {
      #expect(error.reason.contains("too large"))
    }
  }
}
