import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a sync asks of glibc's allocator so its memory goes back to the system (issue 30: the
/// first sync's peak RSS, target ≤ 80 MB). Swift's Glibc module does not declare `mallopt` and
/// `malloc_trim`, so they are looked up at run time; elsewhere (or if absent) nothing is done.
///
/// Why: a fill decodes pages and `$batch` answers on the cooperative pool's threads, each
/// allocating from its own arena; what one arena freed stays in it, and glibc's moving mmap
/// threshold moves large buffers (0.6–1 MB bodies) into the arenas after the first is freed. At
/// 200,000 people and 20,000 groups that retained memory was 5–10 MB of the peak
/// (docs/decisions/index-local-index.md#index--first-sync-under-graphs-limits).
enum HeapTrim {
  #if canImport(Glibc)
    private typealias Trim = @convention(c) (Int) -> Int32
    private typealias Option = @convention(c) (Int32, Int32) -> Int32
    private static let trim: Trim? = dlsym(nil, "malloc_trim").map {
      unsafeBitCast($0, to: Trim.self)
    }
    private static let option: Option? = dlsym(nil, "mallopt").map {
      unsafeBitCast($0, to: Option.self)
    }
    /// `M_MMAP_THRESHOLD` (malloc.h).
    private static let mmapThreshold: Int32 = -3
  #endif

  /// Blocks of 128 KB or more (response bodies, a page's arrays) are mapped on their own and
  /// unmapped when freed, as glibc does before its threshold moves; setting it keeps it fixed.
  static func mapLargeBlocks() {
    #if canImport(Glibc)
      _ = option?(mmapThreshold, 128 * 1024)
    #endif
  }

  /// Gives the free pages of every arena back to the system (a few milliseconds).
  static func release() {
    #if canImport(Glibc)
      _ = trim?(0)
    #endif
  }
}
