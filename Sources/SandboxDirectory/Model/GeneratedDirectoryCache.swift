import Foundation

/// Keeps the last few generated organisations (at most four, and at most 250,000 people in all,
/// so memory stays bounded), so tests and servers that ask for the same seed and size again get the
/// (immutable) directory at once instead of generating it anew.
final class GeneratedDirectoryCache: @unchecked Sendable {
  static let shared = GeneratedDirectoryCache()

  private struct Key: Hashable {
    var seed: UInt64
    var size: Int
  }

  private let lock = NSLock()
  private var entries: [(key: Key, directory: Directory)] = []
  private let capacity = 4
  private let peopleCapacity = 250_000

  func directory(seed: UInt64, size: Int, make: () -> Directory) -> Directory {
    let key = Key(seed: seed, size: size)
    lock.lock()
    if let hit = entries.firstIndex(where: { $0.key == key }) {
      let entry = entries.remove(at: hit)
      entries.append(entry)
      lock.unlock()
      return entry.directory
    }
    lock.unlock()
    let made = make()
    lock.lock()
    defer { lock.unlock() }
    if !entries.contains(where: { $0.key == key }) {
      entries.append((key, made))
      while entries.count > capacity
        || (entries.count > 1 && entries.reduce(0, { $0 + $1.key.size }) > peopleCapacity)
      {
        entries.removeFirst()
      }
    }
    return made
  }
}
