import CJPEG
import Foundation
import RosterCore

/// JPEG to RGB through the system's libjpeg-turbo (the `CJPEG` shim). A corrupt, truncated or
/// oversized JPEG is a `PhotoDecodingError` with libjpeg's reason, never a crash or an exit.
public enum JPEGDecoder {
  /// Larger photos are refused before any pixel memory is allocated; Graph's largest is 648.
  public static let maxSide = 2_048

  public static func decode(_ data: Data) throws(PhotoDecodingError) -> PhotoImage {
    var pixels: UnsafeMutablePointer<UInt8>?
    var width: Int32 = 0
    var height: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = data.withUnsafeBytes { buffer in
      cjpeg_decode(
        buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count, Int32(maxSide), &pixels, &width, &height,
        &message, message.count)
    }
    guard status == 0, let pixels, width > 0, height > 0 else {
      let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      throw PhotoDecodingError(reason: reason.isEmpty ? "not a JPEG" : reason)
    }
    defer { cjpeg_free(pixels) }
    let count = Int(width) * Int(height) * 3
    let rgb = Array(UnsafeBufferPointer(start: pixels, count: count))
    return PhotoImage(width: Int(width), height: Int(height), rgb: rgb)
  }
}

/// Why a photo could not be decoded (libjpeg's own words).
public struct PhotoDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  public var reason: String
  public var description: String { "The photo could not be decoded: \(reason)" }
}
