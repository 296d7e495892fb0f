import Foundation
import Testing

@testable import SandboxDirectory

@Suite struct FilterTests {
  let directory = SampleDirectory.directory

  @Test func startsWithIsCaseInsensitive() throws {
    #expect(try directory.filterNames("startswith(displayName,'ANN')") == ["Ann Lee"])
    #expect(try directory.filterNames("startsWith(givenName,'ann')") == ["Ann Lee"])
    #expect(try directory.filterNames("startswith(surname,'lee')") == ["Ann Lee"])
    #expect(try directory.filterNames("startswith(mail,'ann.')") == ["Ann Lee"])
    #expect(try directory.filterNames("startswith(userPrincipalName,'ann')") == ["Ann Lee"])
    #expect(try directory.filterNames("startswith(displayName,'lee')").isEmpty)  // whole value, not tokens
  }

  @Test func theOtherDefaultStartsWithPropertiesWork() throws {
    #expect(try directory.filterNames("startswith(department,'eng')") == ["Seán O'Brien"])
    #expect(try directory.filterNames("startswith(jobTitle,'chief')") == ["Ann Lee"])
    #expect(try directory.filterNames("startswith(mailNickname,'x')").isEmpty)
  }

  @Test func doubledQuoteIsOneApostrophe() throws {
    #expect(try directory.filterNames("startswith(surname,'O''Brien')") == ["Seán O'Brien"])
    #expect(try directory.filterNames("displayName eq 'Seán O''Brien'") == ["Seán O'Brien"])
    #expect(try directory.filterNames("startswith(displayName,'Seán O''')") == ["Seán O'Brien"])
  }

  @Test func filterIsAccentSensitive() throws {
    #expect(try directory.filterNames("startswith(displayName,'sean')").isEmpty)
    #expect(try directory.filterNames("startswith(displayName,'SEÁN')") == ["Seán O'Brien"])
  }

  @Test func chineseAndArabicNamesAreFound() throws {
    #expect(try directory.filterNames("startswith(displayName,'王')") == ["王伟"])
    #expect(try directory.filterNames("startswith(givenName,'伟')") == ["王伟"])
    #expect(try directory.filterNames("startswith(displayName,'ليلى')") == ["ليلى الحسن"])
    #expect(try directory.filterNames("surname eq 'الحسن'") == ["ليلى الحسن"])
  }

  @Test func equalityOnStringsIdBooleansAndUserType() throws {
    #expect(try directory.filterNames("id eq '00000000-0000-4000-8000-000000000003'") == ["王伟"])
    #expect(try directory.filterNames("userType eq 'Guest'") == ["Zoë Müller (Fabrikam)"])
    #expect(try directory.filterNames("accountEnabled eq false") == ["Ronald McDonald", "Conference Room B12"])
    #expect(try directory.filterNames("mail eq 'ANN.LEE@contoso.onmicrosoft.com'") == ["Ann Lee"])
    #expect(try directory.filterNames("userType in ('Guest')") == ["Zoë Müller (Fabrikam)"])
  }

  @Test func andOrAndParentheses() throws {
    #expect(
      try directory.filterNames("startswith(displayName,'ann') or startswith(displayName,'sanne')")
        == ["Ann Lee", "Sanne van der Berg"])
    #expect(
      try directory.filterNames("startswith(displayName,'s') and accountEnabled eq true") == [
        "Seán O'Brien", "Sanne van der Berg",
      ])
    #expect(
      try directory.filterNames(
        "(startswith(displayName,'ann') or startswith(displayName,'ron')) and accountEnabled eq false")
        == ["Ronald McDonald"])
    // and binds tighter than or
    #expect(
      try directory.filterNames(
        "startswith(displayName,'ann') or startswith(displayName,'ron') and accountEnabled eq true") == ["Ann Lee"])
  }

  @Test func peoplePickerQueryWorks() throws {
    let query =
      "startswith(displayName,'zo') or startswith(givenName,'zo') or startswith(surname,'zo') "
      + "or startswith(mail,'zo') or startswith(userPrincipalName,'zo')"
    #expect(try directory.filterNames(query) == ["Zoë Müller (Fabrikam)"])
  }

  @Test(arguments: [
    ("endswith(mail,'fabrikam.com')", "endsWith"),
    ("displayName ne 'Ann Lee'", "ne"),
    ("not startswith(displayName,'a')", "not"),
    ("startswith(officeLocation,'Dublin')", "startsWith"),
    ("startswith(companyName,'C')", "startsWith"),
    ("mail eq null", "eq"),
  ])
  func advancedOnlyOperatorsAreRefusedInDefaultQueries(_ filter: String, _ operatorName: String) {
    let error = refusal { _ = try directory.filterNames(filter) }
    #expect(error?.status == 400)
    #expect(error?.code == "Request_UnsupportedQuery")
    #expect(error?.message.hasPrefix("Operator '\(operatorName)' is not supported") == true)
    #expect(
      error?.message.contains("Try adding $count=true query parameter and ConsistencyLevel:eventual header") == true)
    // The header alone is not enough; $count=true is needed too.
    let headerOnly = refusal { _ = try directory.list(UserListQuery(filter: filter, consistencyLevelEventual: true)) }
    #expect(headerOnly?.code == "Request_UnsupportedQuery")
    let countOnly = refusal { _ = try directory.list(UserListQuery(filter: filter, count: "true")) }
    #expect(countOnly?.code == "Request_UnsupportedQuery")
  }

  @Test func advancedQueriesRunThoseOperators() throws {
    #expect(try directory.advancedFilterNames("endswith(mail,'@fabrikam.com')") == ["Zoë Müller (Fabrikam)"])
    #expect(
      try directory.advancedFilterNames("endswith(userPrincipalName,'#EXT#@contoso.onmicrosoft.com')") == [
        "Zoë Müller (Fabrikam)"
      ])
    #expect(try directory.advancedFilterNames("startswith(officeLocation,'dublin')") == ["Seán O'Brien"])
    #expect(try directory.advancedFilterNames("mail eq null") == ["ليلى الحسن", ""])
    #expect(
      try directory.advancedFilterNames("not(accountEnabled eq true)") == ["Ronald McDonald", "Conference Room B12"])
    let others = try directory.advancedFilterNames("userType ne 'Member'")
    #expect(others == ["Zoë Müller (Fabrikam)"])
    #expect(
      try directory.advancedFilterNames("startswith(displayName,'s') and not startswith(surname,'van')")
        == ["Seán O'Brien"])
  }

  @Test func unsupportedClausesAreRefusedEvenInAdvancedQueries() {
    for filter in ["endswith(displayName,'x')", "startswith(id,'0')", "businessPhones eq '1'", "displayName gt 'a'"] {
      let error = refusal { _ = try directory.advancedFilterNames(filter) }
      #expect(error?.code == "Request_UnsupportedQuery", "\(filter)")
      #expect(error?.message.hasPrefix("Unsupported or invalid query filter clause") == true, "\(filter)")
    }
  }

  @Test(arguments: [
    "startswith(displayName,'ann'",
    "startswith(displayName 'ann')",
    "displayName eq 'unterminated",
    "displayName eq",
    "(displayName eq 'a'",
    "displayName eq 'a' and",
    "displayName equals 'a'",
    "displayName eq 'a' 'b'",
    "displayName eq 'a' # comment",
    "",
  ])
  func malformedFiltersAreInvalidFilterClauses(_ filter: String) {
    let error = refusal { _ = try directory.filterNames(filter) }
    #expect(error?.status == 400)
    #expect(error?.code == "BadRequest")
    #expect(error?.message.hasPrefix("Invalid filter clause") == true)
  }

  @Test func unknownPropertyIsRefusedLikeGraph() {
    let error = refusal { _ = try directory.filterNames("startswith(nickname,'a')") }
    #expect(error?.code == "Request_BadRequest")
    #expect(error?.message == "Could not find a property named 'nickname' on type 'microsoft.graph.user'.")
  }

  @Test func wrongLiteralTypesAreRefused() {
    let error = refusal { _ = try directory.filterNames("accountEnabled eq 'true'") }
    #expect(error?.code == "BadRequest")
    #expect(error?.message.contains("incompatible types") == true)
    let numeric = refusal { _ = try directory.filterNames("displayName eq 5") }
    #expect(numeric?.code == "BadRequest")
  }

  @Test func unsupportedFunctionsAreRefused() {
    #expect(refusal { _ = try directory.filterNames("contains(displayName,'a')") }?.code == "Request_UnsupportedQuery")
    #expect(refusal { _ = try directory.filterNames("frobnicate(displayName,'a')") }?.code == "BadRequest")
  }

  @Test func invalidCountIsRefused() {
    let error = refusal { _ = try directory.list(UserListQuery(count: "yes")) }
    #expect(error?.status == 400)
    #expect(error?.code == "BadRequest")
  }

  @Test func generatedNamesAreFoundByFilter() throws {
    let generated = Directory.generated(seed: 1, size: 2000)
    #expect(try generated.filterNames("startswith(displayName,'Aoife O''C')").contains("Aoife O'Connor"))
    #expect(try generated.filterNames("startswith(surname,'O''Connor')").contains("Aoife O'Connor"))
    #expect(try generated.filterNames("startswith(displayName,'杨伟')").contains("杨伟"))
    #expect(try generated.filterNames("startswith(displayName,'هدى')").contains("هدى المنصوري"))
  }
}

@Suite struct UnstoredPropertyFilterTests {
  let directory = SampleDirectory.directory

  @Test func defaultStartsWithOnUnstoredPropertiesMatchesNobody() throws {
    #expect(try directory.filterNames("startswith(state,'WA')").isEmpty)
    #expect(try directory.filterNames("startswith(onPremisesUserPrincipalName,'a')").isEmpty)
    #expect(try directory.filterNames("otherMails/any(m:startswith(m,'a'))").isEmpty)
    #expect(try directory.filterNames("startswith(displayName,'ann') or state eq 'WA'") == ["Ann Lee"])
  }

  @Test func unstoredPropertiesFollowGraphsOperatorRules() throws {
    #expect(refusal { _ = try directory.filterNames("startswith(postalCode,'9')") }?.code == "Request_UnsupportedQuery")
    #expect(try directory.advancedFilterNames("startswith(postalCode,'9')").isEmpty)
    #expect(refusal { _ = try directory.filterNames("state ne 'WA'") }?.code == "Request_UnsupportedQuery")
    #expect(try directory.advancedFilterNames("state ne 'WA'").count == SampleDirectory.users.count)
    #expect(try directory.advancedFilterNames("state eq null").count == SampleDirectory.users.count)
    #expect(refusal { _ = try directory.filterNames("startswith(otherMails,'a')") }?.code == "Request_UnsupportedQuery")
    #expect(refusal { _ = try directory.filterNames("state/any(s:s eq 'x')") }?.code == "Request_UnsupportedQuery")
  }
}

@Suite struct HostileQueryTests {
  let directory = SampleDirectory.directory

  @Test func deepNestingIsRefusedNotACrash() {
    let filter = String(repeating: "(", count: 50_000) + "displayName eq 'a'" + String(repeating: ")", count: 50_000)
    #expect(refusal { _ = try directory.filterNames(filter) }?.code == "BadRequest")
    let nots = String(repeating: "not ", count: 50_000) + "displayName eq 'a'"
    #expect(refusal { _ = try directory.advancedFilterNames(nots) }?.code == "BadRequest")
    let search = String(repeating: "(", count: 50_000) + "\"a\"" + String(repeating: ")", count: 50_000)
    #expect(refusal { _ = try directory.searchNames(search) }?.code == "BadRequest")
  }

  @Test func tooManyClausesAreRefused() {
    let filter = Array(repeating: "displayName eq 'a'", count: 600).joined(separator: " or ")
    #expect(refusal { _ = try directory.filterNames(filter) }?.code == "BadRequest")
    let search = Array(repeating: "\"a\"", count: 600).joined(separator: " OR ")
    #expect(refusal { _ = try directory.searchNames(search) }?.code == "BadRequest")
    let fine = Array(repeating: "displayName eq 'a'", count: 100).joined(separator: " or ")
    #expect(refusal { _ = try directory.filterNames(fine) } == nil)
  }
}
