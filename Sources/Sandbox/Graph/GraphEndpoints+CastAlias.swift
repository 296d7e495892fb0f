import Foundation

/// Graph's short spelling of a type cast or a bound function: `graph.room` for
/// `microsoft.graph.room`, `graph.delta()` for `microsoft.graph.delta()`. Microsoft's own SDKs
/// (msgraph-sdk, Kiota) send the short form (`/places/graph.room`), and Graph accepts either
/// wherever a cast is read ("OData type casting": learn.microsoft.com/graph/query-parameters and
/// the namespace alias `graph` in Graph's `$metadata`). Rewriting the path once, before routing,
/// gives every route (places, group members, owners, owned objects, delta, batch items) the alias
/// without each one knowing it.
extension GraphEndpoints {
  /// The path with each `graph.X` segment spelt `microsoft.graph.X`; other segments untouched.
  static func castsSpelledInFull(_ path: String) -> String {
    guard path.range(of: "/graph.", options: .caseInsensitive) != nil else { return path }
    return path.split(separator: "/", omittingEmptySubsequences: false)
      .map { isShortCast($0) ? "microsoft." + $0 : String($0) }
      .joined(separator: "/")
  }

  /// `graph.` and a type or function name: letters, digits and `_`, with `()` for a function.
  /// A user name or an e-mail address (`graph.admin@contoso.com`) is no cast, so it is kept.
  static func isShortCast(_ segment: Substring) -> Bool {
    guard segment.count > 6, segment.prefix(6).lowercased() == "graph." else { return false }
    var name = segment.dropFirst(6)
    if name.hasSuffix("()") { name = name.dropLast(2) }
    guard let first = name.first, first.isASCII, first.isLetter else { return false }
    return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }
}
