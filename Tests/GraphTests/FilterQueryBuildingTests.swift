import RosterCore
import SearchRules
import Testing

@testable import Graph

/// `dept:`, `is:` … written as `$filter` beside `$search` or the `startswith` fallback, with the
/// advanced-query headers exactly when a clause needs them, and a refusal where Graph cannot say it.
@Suite struct FilterQueryBuildingTests {
  private func query(_ typed: String, _ style: UserQuery.Style) throws -> UserQuery {
    UserQuery(try PeopleQuery.parsing(typed, pageSize: 10).get(), style: style)
  }

  private func option(_ name: String, _ query: UserQuery) -> String? {
    query.options.first { $0.name == name }?.value
  }

  @Test func wordsAndFiltersInAnAdvancedQuery() throws {
    let asked = try query("jo dept:Sales title:\"O'Brien & co\"", .search)
    #expect(asked.options.map(\.name) == ["$search", "$filter", "$count", "$select", "$top"])
    #expect(option("$filter", asked) == "startswith(department,'Sales') and startswith(jobTitle,'O''Brien & co')")
    #expect(asked.headers.map(\.value) == ["eventual"])
  }

  @Test func filtersAloneAreAPlainFilterUnlessAClauseNeedsAnAdvancedQuery() throws {
    let plain = try query("dept:Sales is:guest is:disabled", .search)
    #expect(plain.options.map(\.name) == ["$filter", "$select", "$top"])
    #expect(
      option("$filter", plain) == "startswith(department,'Sales') and userType eq 'Guest' and accountEnabled eq false")
    #expect(plain.headers.isEmpty)
    #expect(option("$select", plain)?.hasSuffix(",userType,accountEnabled") == true)

    let advanced = try query("has:mobile company:Contoso", .search)
    #expect(advanced.options.map(\.name) == ["$filter", "$count", "$select", "$top"])
    #expect(option("$filter", advanced) == "mobilePhone ne null and startswith(companyName,'Contoso')")
    #expect(advanced.headers.map(\.name) == ["ConsistencyLevel"])
  }

  @Test func theStartswithFallbackAndsTheFiltersToTheWords() throws {
    let asked = try query("mary ann city:Oslo", .filter)
    let filter = try #require(option("$filter", asked))
    #expect(filter.hasPrefix("(((startswith(displayName,'mary')"))
    #expect(filter.hasSuffix(" or startswith(displayName,'mary ann')) and (startswith(city,'Oslo'))"))
    #expect(asked.headers.isEmpty)
  }

  @Test func whatGraphCannotSayIsRefusedNotDropped() throws {
    let manager = try PeopleQuery.parsing("jo manager:Kim", pageSize: 10).get()
    #expect(UserQuery.refusal(manager.filters, style: .search) != nil)
    let company = try PeopleQuery.parsing("company:Contoso", pageSize: 10).get()
    #expect(UserQuery.refusal(company.filters, style: .search) == nil)
    guard case .unsupportedQuery(let why) = UserQuery.refusal(company.filters, style: .filter) else {
      Issue.record("an advanced-only filter without advanced queries must be refused")
      return
    }
    #expect(why.hasPrefix("company:Contoso: Microsoft Graph answers this only in an advanced query"))
  }
}
