import Foundation
import Testing

@testable import SandboxDirectory

@Suite struct SearchTests {
  let directory = SampleDirectory.directory

  @Test func searchNeedsConsistencyLevel() {
    let error = refusal { _ = try directory.list(UserListQuery(search: "\"displayName:ann\"")) }
    #expect(error?.status == 400)
    #expect(error?.code == "Request_UnsupportedQuery")
    #expect(error?.message.contains("'ConsistencyLevel: eventual'") == true)
  }

  @Test func searchDoesNotNeedCount() throws {
    #expect(try directory.searchNames("\"displayName:ann\"") == ["Ann Lee"])
  }

  @Test func displayNameIsTokenizedPrefixMatch() throws {
    #expect(try directory.searchNames("\"displayName:lee\"") == ["Ann Lee"])
    #expect(try directory.searchNames("\"displayName:le an\"") == ["Ann Lee"])  // any order
    #expect(try directory.searchNames("\"displayName:ANN\"") == ["Ann Lee"])
    #expect(try directory.searchNames("\"displayName:nn\"").isEmpty)  // not "contains"
    #expect(try directory.searchNames("\"displayName:donald\"") == ["Ronald McDonald"])  // case change splits
    #expect(try directory.searchNames("\"displayName:mcdonald\"") == ["Ronald McDonald"])  // whole word kept
    #expect(try directory.searchNames("\"displayName:12\"") == ["Conference Room B12"])  // digits split
    #expect(try directory.searchNames("\"displayName:b12\"") == ["Conference Room B12"])
    #expect(try directory.searchNames("\"displayName:fabrikam\"") == ["Zoë Müller (Fabrikam)"])  // symbols split
  }

  @Test func accentsAreIgnored() throws {
    #expect(try directory.searchNames("\"displayName:zoe muller\"") == ["Zoë Müller (Fabrikam)"])
    #expect(try directory.searchNames("\"displayName:Seán\"") == ["Seán O'Brien"])
    #expect(try directory.searchNames("\"displayName:sean\"") == ["Seán O'Brien"])
    #expect(try directory.searchNames("\"givenName:zoe\"") == ["Zoë Müller (Fabrikam)"])
  }

  @Test func apostropheNamesAreFound() throws {
    #expect(try directory.searchNames("\"displayName:O'Brien\"") == ["Seán O'Brien"])
    #expect(try directory.searchNames("\"displayName:obrien\"") == ["Seán O'Brien"])
    #expect(try directory.searchNames("\"displayName:brien\"") == ["Seán O'Brien"])
    #expect(try directory.searchNames("\"surname:O'Br\"") == ["Seán O'Brien"])
  }

  @Test func chineseAndArabicNamesAreFound() throws {
    #expect(try directory.searchNames("\"displayName:王\"") == ["王伟"])
    #expect(try directory.searchNames("\"displayName:伟\"") == ["王伟"])  // each ideograph is a token
    #expect(try directory.searchNames("\"displayName:王伟\"") == ["王伟"])
    #expect(try directory.searchNames("\"displayName:الحسن\"") == ["ليلى الحسن"])
    #expect(try directory.searchNames("\"displayName:ليلى\"") == ["ليلى الحسن"])
    #expect(try directory.searchNames("\"givenName:伟\"") == ["王伟"])
  }

  @Test func otherPropertiesArePrefixMatches() throws {
    #expect(try directory.searchNames("\"mail:sean\"") == ["Seán O'Brien"])
    #expect(try directory.searchNames("\"mail:obrien\"").isEmpty)
    #expect(try directory.searchNames("\"userPrincipalName:zoe.muller_\"") == ["Zoë Müller (Fabrikam)"])
    #expect(try directory.searchNames("\"surname:van der\"") == ["Sanne van der Berg"])
    #expect(try directory.searchNames("\"jobTitle:chief\"") == ["Ann Lee"])
  }

  @Test func clauseWithoutPropertySearchesDisplayName() throws {
    #expect(try directory.searchNames("\"ann\"") == ["Ann Lee"])
    #expect(try directory.searchNames("\"lee ann\"") == ["Ann Lee"])
  }

  @Test func andOrAndParentheses() throws {
    #expect(
      try directory.searchNames("\"displayName:ann\" OR \"displayName:sanne\"") == ["Ann Lee", "Sanne van der Berg"])
    #expect(try directory.searchNames("\"displayName:sanne\" AND \"mail:sanne\"") == ["Sanne van der Berg"])
    #expect(try directory.searchNames("\"displayName:sanne\" AND \"mail:ann\"").isEmpty)
    // AND binds tighter than OR.
    #expect(
      try directory.searchNames("\"displayName:ann\" OR \"displayName:sanne\" AND \"mail:nobody\"") == ["Ann Lee"])
    #expect(
      try directory.searchNames("(\"displayName:ann\" OR \"displayName:sanne\") AND \"mail:sanne\"")
        == ["Sanne van der Berg"])
  }

  @Test func escapesInsideQuotes() throws {
    let quoted = DirectoryUser(
      id: "q1", userPrincipalName: "q1@contoso.onmicrosoft.com", displayName: "Dwayne \"The Rock\" Johnson")
    let backslash = DirectoryUser(
      id: "q2", userPrincipalName: "q2@contoso.onmicrosoft.com", displayName: "CORP\\Admin", givenName: "CORP\\Admin")
    let directory = Directory(users: [quoted, backslash], defaultUserIndex: 0)
    #expect(try directory.searchNames(#""displayName:\"The Rock\"""#) == ["Dwayne \"The Rock\" Johnson"])
    #expect(try directory.searchNames(#""givenName:CORP\\Ad""#) == ["CORP\\Admin"])
  }

  @Test(arguments: [
    "\"displayName:ann\" or \"displayName:lee\"",  // lower-case operator
    "displayName:ann",  // no quotes
    "\"displayName:ann",  // unterminated
    "\"displayName:ann\" \"displayName:lee\"",  // missing operator
    "(\"displayName:ann\"",  // unbalanced
    "\"displayName:ann\" AND",  // dangling operator
    "\"displayName:a\\nn\"",  // unknown escape
    "",
  ])
  func malformedSearchIsASyntaxError(_ search: String) {
    let error = refusal { _ = try directory.searchNames(search) }
    #expect(error?.status == 400)
    #expect(error?.code == "BadRequest")
    #expect(error?.message.hasPrefix("Syntax error") == true)
  }

  @Test func syntaxErrorNamesCharacterAndPosition() {
    let error = refusal { _ = try directory.searchNames("\"displayName:ann\" or \"mail:ann\"") }
    #expect(
      error?.message
        == "Syntax error: character 'o' is not valid at position 18 in '\"displayName:ann\" or \"mail:ann\"'.")
  }

  @Test func unknownAndUnsearchablePropertiesAreRefused() {
    let unknown = refusal { _ = try directory.searchNames("\"nickname:ann\"") }
    #expect(unknown?.code == "Request_BadRequest")
    let unsearchable = refusal { _ = try directory.searchNames("\"accountEnabled:true\"") }
    #expect(unsearchable?.code == "Request_UnsupportedQuery")
  }

  @Test func searchAndFilterCombineWithAnd() throws {
    #expect(try directory.searchNames("\"displayName:ann\"", filter: "startswith(mail,'sanne')").isEmpty)
    #expect(
      try directory.searchNames("\"displayName:sa\"", filter: "startswith(mail,'sanne')") == ["Sanne van der Berg"])
  }

  @Test func generatedNamesAreFoundBySearch() throws {
    let generated = Directory.generated(seed: 1, size: 2000)
    #expect(try generated.searchNames("\"displayName:O'Connor\"").contains("Aoife O'Connor"))
    #expect(try generated.searchNames("\"displayName:dell'orto\"").contains("Lorenzo Dell'Orto"))
    #expect(try generated.searchNames("\"displayName:伟\"").contains("杨伟"))
    #expect(try generated.searchNames("\"displayName:المنصوري\"").contains("هدى المنصوري"))
    #expect(try generated.searchNames("\"displayName:杨伟\"").contains("杨伟"))
    #expect(try generated.searchNames("\"displayName:هدى\"").contains("هدى المنصوري"))
  }
}
