import SearchRules

extension Group {
  /// The group as the search rules see it: the values of `SearchSchema.groups`' properties, the
  /// one mapping from `Group` that the live path, the index and the narrowing all use.
  public var searchFields: SearchFields {
    SearchFields(.groups, values: [displayName?.string, description?.string])
  }
}
