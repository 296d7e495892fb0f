/// `$select` read once for every kind (users, groups, places): items split at commas and
/// trimmed, empty ones skipped, each named in the kind's canonical spelling (case-insensitive,
/// as Graph reads it) or refused, duplicates dropped, and `id` added where the kind's answers put
/// it, since Graph always returns a directory object's id.
enum SelectList {
  enum IdPlace { case first, last }

  /// `canonical` gives a requested name's spelling, nil for a property the kind does not have
  /// (then `unknown` is thrown).
  static func names(
    _ select: String, canonical: (String) -> String?, unknown: (String) -> GraphQueryError, id: IdPlace
  ) throws(GraphQueryError) -> [String] {
    var names: [String] = []
    for item in select.split(separator: ",") {
      let requested = item.trimmingCharacters(in: .whitespaces)
      if requested.isEmpty { continue }
      guard let name = canonical(requested) else { throw unknown(requested) }
      if !names.contains(name) { names.append(name) }
    }
    if !names.contains("id") {
      switch id {
      case .first: names.insert("id", at: 0)
      case .last: names.append("id")
      }
    }
    return names
  }
}
