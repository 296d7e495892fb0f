import SearchRules

extension Person {
  /// The person as the search rules see them: the values of `SearchSchema.people`'s properties,
  /// the one mapping from `Person` that the live path, the index and the narrowing all use.
  public var searchFields: SearchFields {
    SearchFields(
      .people,
      values: [displayName?.string, givenName?.string, surname?.string, mail?.string, userPrincipalName?.string])
  }
}
