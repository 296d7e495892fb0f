import Foundation

/// The square sizes Microsoft 365 keeps of a profile photo (Graph's `profilePhoto` docs: 48x48 …
/// 648x648). A person who uploaded a smaller photo has only the sizes up to it.
public enum PhotoSizes {
  public static let graph = [48, 64, 96, 120, 240, 360, 432, 504, 648]

  /// Graph's id of a size: "240X240" (upper-case X, as Graph answers it).
  public static func id(_ size: Int) -> String { "\(size)X\(size)" }

  /// The size a path segment names ("240x240" or "240X240"), nil for anything Graph does not keep.
  public static func parse(_ segment: String) -> Int? {
    let parts = segment.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0] == parts[1], let size = Int(parts[0]), graph.contains(size) else { return nil }
    return size
  }
}

extension Directory {
  /// The sizes Graph lists for the person (`/photos`), smallest first; empty when they have no
  /// photo. Everyone "uploaded" a photo of 240, 360, 432, 504 or 648 pixels (picked from the id),
  /// so a client meets people whose largest sizes are missing, and every size up to 240 is there.
  public func photoSizes(of user: DirectoryUser) -> [Int] {
    guard user.hasPhoto else { return [] }
    var hash: UInt64 = 0x811C_9DC5
    for byte in user.id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0193 }
    let largest = PhotoSizes.graph[4 + Int(hash % 5)]
    return PhotoSizes.graph.filter { $0 <= largest }
  }
}
