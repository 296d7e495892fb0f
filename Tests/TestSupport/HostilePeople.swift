import Foundation

/// Hostile query text and the people whose names carry it (plus ordinary ones who must never turn
/// up): the Graph escaping tests and the CLI tests search the sandbox for each.
public enum HostilePeople {
  public struct Case: Sendable {
    public var label: String
    public var query: String
    public var displayName: String
    public var givenName: String
    public var surname: String
  }

  static let long = String(repeating: "x", count: 10_000)

  public static let cases: [Case] = [
    Case(
      label: "apostrophe", query: "O'Brien", displayName: "Siobhán O'Brien", givenName: "Siobhán", surname: "O'Brien"),
    Case(
      label: "OData injection", query: "' or 1 eq 1 or '", displayName: "' or 1 eq 1 or '", givenName: "Quentin",
      surname: "' or 1 eq 1 or '"),
    Case(
      label: "search injection", query: #""a" OR "b""#, displayName: #""a" OR "b""#, givenName: "Quillon",
      surname: #""a" OR "b""#),
    Case(
      label: "backslash", query: #"back\slash"#, displayName: #"back\slash Vantreight"#, givenName: #"back\slash"#,
      surname: "Vantreight"),
    Case(label: "percent", query: "100%", displayName: "100% Percival", givenName: "100%", surname: "Percival"),
    Case(
      label: "ampersand", query: "Smith&Wesson", displayName: "Smith&Wesson Gunnarsdottir", givenName: "Smith&Wesson",
      surname: "Gunnarsdottir"),
    Case(
      label: "hash", query: "Sharp#Dev", displayName: "Sharp#Dev Hashimoto", givenName: "Sharp#Dev",
      surname: "Hashimoto"),
    Case(
      label: "plus", query: "Plus+Minus", displayName: "Plus+Minus Pluskat", givenName: "Plus+Minus", surname: "Pluskat"
    ),
    Case(
      label: "slash", query: "Either/Neither", displayName: "Either/Neither Slashby", givenName: "Either/Neither",
      surname: "Slashby"),
    Case(
      label: "question mark", query: "Why?Knot", displayName: "Why?Knot Querida", givenName: "Why?Knot",
      surname: "Querida"),
    Case(label: "emoji", query: "🙂", displayName: "🙂 Smiley", givenName: "🙂", surname: "Smiley"),
    Case(label: "CJK", query: "李小龙", displayName: "李小龙", givenName: "小龙", surname: "李"),
    Case(
      label: "10,000 characters", query: long, displayName: String(long.prefix(256)),
      givenName: String(long.prefix(256)),
      surname: "Longfellow"),
    Case(
      label: "NUL", query: "nul\u{0}char", displayName: "nul\u{0}char Zeroes", givenName: "nul\u{0}char",
      surname: "Zeroes"),
    Case(
      label: "control characters", query: "bell\u{7}\u{1B}[31mred\u{7F}",
      displayName: "bell\u{7}\u{1B}[31mred\u{7F} Escobar", givenName: "bell\u{7}\u{1B}[31mred\u{7F}", surname: "Escobar"
    ),
  ]

  /// The hostile people plus ordinary ones who must never turn up.
  public static var people: [[String: Any]] {
    var people: [[String: Any]] = [
      [
        "id": "00000000-0000-4000-8000-000000000001", "displayName": "Ada Boss", "givenName": "Ada", "surname": "Boss",
        "mail": "ada.boss@contoso.test", "userPrincipalName": "ada.boss@contoso.test", "jobTitle": "Chief Executive",
      ],
      [
        "id": "00000000-0000-4000-8000-000000000002", "displayName": "Bert Ordinary", "givenName": "Bert",
        "surname": "Ordinary", "mail": "bert@contoso.test", "userPrincipalName": "bert@contoso.test",
        "manager": "00000000-0000-4000-8000-000000000001",
      ],
    ]
    for (index, hostile) in cases.enumerated() {
      people.append([
        "id": String(format: "10000000-0000-4000-8000-%012d", index), "displayName": hostile.displayName,
        "givenName": hostile.givenName, "surname": hostile.surname, "mail": "case\(index)@contoso.test",
        "userPrincipalName": "case\(index)@contoso.test", "manager": "00000000-0000-4000-8000-000000000001",
      ])
    }
    return people
  }
}
