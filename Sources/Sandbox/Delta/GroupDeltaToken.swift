import Foundation

/// The state a `/groups/delta` link carries (opaque to clients, as Graph's): the round, where
/// paging stopped — after a whole group, or inside one group's members — and the first request's
/// `$select`.
struct GroupDeltaToken: LinkToken, Sendable, Equatable {
  /// `i`: initial full round; `d`: changes after `from`.
  var kind: String
  var instance: UInt32
  var from: Int
  var through: Int
  /// The last group served whole; the next page starts after it.
  var after: String?
  /// A group whose members were cut by the page end, and how many of them were served.
  var partial: String?
  var memberOffset: Int
  var issued: Double
  var select: String?
  /// The groups a `$filter=id eq '…' or …` round tracks (at most 50, lower-cased); nil for all.
  var ids: [String]? = nil

  static let prefix = "sbxg1."

  /// `$select` named the `members` relationship.
  var tracksMembers: Bool {
    (select ?? "").split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "members" }
  }
}
