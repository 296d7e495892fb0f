import Foundation

/// The state a `/users/delta` link carries, opaque to clients as Graph's are: which sandbox run
/// issued it, the version the round started from and runs to, where paging stopped, when it was
/// issued, and the `$select` of the first request (Graph carries query options in its tokens).
struct DeltaToken: LinkToken, Sendable, Equatable {
  /// `i`: initial full round (pages walk the whole directory); `d`: changes after `from`.
  var kind: String
  var instance: UInt32
  var from: Int
  /// The version the round finishes at: the final deltaLink names it.
  var through: Int
  /// The last id served; the next page starts after it.
  var after: String?
  /// In a lazily generated directory's initial round: the last stable key served instead.
  var afterKey: Int?
  var issued: Double
  var select: String?
  /// `manager@delta` was asked for (`$select` named `manager`).
  var manager: Bool
  /// The objects a `$filter=id eq '…' or …` round tracks (at most 50); nil for everyone.
  var ids: [String]? = nil

  static let prefix = "sbx1."
}
