import Foundation
import Testing

@testable import SandboxDirectory

@Suite struct OrderAndSelectTests {
  let directory = SampleDirectory.directory

  @Test func defaultOrderIsDirectoryOrder() throws {
    let all = try directory.list(UserListQuery())
    #expect(all.map(\.id) == SampleDirectory.users.map(\.id))
  }

  @Test func orderByDisplayNameAloneIsAllowed() throws {
    let ascending = try directory.list(UserListQuery(orderby: "displayName")).map { $0.displayName ?? "-" }
    #expect(ascending.first == "-")  // null first
    #expect(Array(ascending.dropFirst().prefix(3)) == ["Ann Lee", "Conference Room B12", "Ronald McDonald"])
    let descending = try directory.list(UserListQuery(orderby: "displayName desc")).map { $0.displayName ?? "-" }
    #expect(descending == ascending.reversed())
    let byUPN = try directory.list(UserListQuery(orderby: "userPrincipalName asc")).map(\.userPrincipalName)
    #expect(byUPN == byUPN.sorted { $0.lowercased() < $1.lowercased() })
  }

  @Test func orderByIsCaseInsensitive() throws {
    let users = [
      DirectoryUser(id: "1", userPrincipalName: "b@x.com", displayName: "bob"),
      DirectoryUser(id: "2", userPrincipalName: "a@x.com", displayName: "Alice"),
      DirectoryUser(id: "3", userPrincipalName: "c@x.com", displayName: "Carol"),
    ]
    let directory = Directory(users: users, defaultUserIndex: 0)
    #expect(try directory.list(UserListQuery(orderby: "displayName")).map(\.id) == ["2", "1", "3"])
  }

  @Test func orderByWithFilterOrSearchNeedsAdvancedQuery() throws {
    let withFilter = refusal {
      _ = try directory.list(UserListQuery(filter: "startswith(displayName,'s')", orderby: "displayName"))
    }
    #expect(withFilter?.code == "Request_UnsupportedQuery")
    #expect(withFilter?.message == "Sorting not supported for current query.")
    let withSearch = refusal {
      _ = try directory.list(UserListQuery(search: "\"s\"", orderby: "displayName", consistencyLevelEventual: true))
    }
    #expect(withSearch?.code == "Request_UnsupportedQuery")
    let advanced = try directory.list(
      UserListQuery(
        filter: "startswith(displayName,'s')", orderby: "displayName desc", count: "true",
        consistencyLevelEventual: true))
    #expect(advanced.map(\.displayName) == ["Seán O'Brien", "Sanne van der Berg"])
  }

  @Test func orderByRefusesUnknownAndUnsortableProperties() {
    #expect(refusal { _ = try directory.list(UserListQuery(orderby: "nickname")) }?.code == "Request_BadRequest")
    #expect(refusal { _ = try directory.list(UserListQuery(orderby: "jobTitle")) }?.code == "Request_UnsupportedQuery")
    #expect(refusal { _ = try directory.list(UserListQuery(orderby: "displayName sideways")) }?.code == "BadRequest")
  }

  @Test func defaultSelectIsGraphsDefaultSet() throws {
    #expect(
      try directory.selectedProperties(nil) == [
        "businessPhones", "displayName", "givenName", "id", "jobTitle", "mail", "mobilePhone", "officeLocation",
        "preferredLanguage", "surname", "userPrincipalName",
      ])
  }

  @Test func selectKeepsOrderCanonicalisesAndAddsId() throws {
    #expect(try directory.selectedProperties("displayName,mail") == ["displayName", "mail", "id"])
    #expect(try directory.selectedProperties("ID, DisplayName") == ["id", "displayName"])
    #expect(try directory.selectedProperties("mail,mail") == ["mail", "id"])
    #expect(
      try directory.selectedProperties("department,accountEnabled,otherMails") == [
        "department", "accountEnabled", "otherMails", "id",
      ])
  }

  @Test func selectRefusesUnknownProperties() {
    let error = refusal { _ = try directory.selectedProperties("displayName,nickname") }
    #expect(error?.status == 400)
    #expect(error?.code == "Request_BadRequest")
    #expect(error?.message == "Could not find a property named 'nickname' on type 'microsoft.graph.user'.")
  }

  @Test func renderKeepsOrderAndNulls() throws {
    let user = SampleDirectory.users[2]
    let rendered = directory.render(user, properties: try directory.selectedProperties(nil), basicProfileOnly: false)
    let text = rendered.jsonText
    #expect(
      text == #"{"businessPhones":[],"displayName":"王伟","givenName":"伟","id":"00000000-0000-4000-8000-000000000003","#
        + #""jobTitle":null,"mail":"wei.wang@contoso.onmicrosoft.com","mobilePhone":null,"officeLocation":null,"#
        + #""preferredLanguage":null,"surname":"王","userPrincipalName":"wei.wang@contoso.onmicrosoft.com"}"#)
  }

  @Test func renderOfOtherTypes() throws {
    let user = SampleDirectory.users[4]
    let rendered = directory.render(
      user, properties: try directory.selectedProperties("accountEnabled,otherMails,state"), basicProfileOnly: false)
    #expect(
      rendered.jsonText
        == #"{"accountEnabled":false,"otherMails":[],"state":null,"id":"00000000-0000-4000-8000-000000000005"}"#)
  }

  @Test func basicProfileHidesTheRest() throws {
    let user = SampleDirectory.users[0]
    let rendered = directory.render(user, properties: try directory.selectedProperties(nil), basicProfileOnly: true)
    #expect(rendered["displayName"] == .string("Ann Lee"))
    #expect(rendered["givenName"] == .string("Ann"))
    #expect(rendered["surname"] == .string("Lee"))
    #expect(rendered["mail"] == .string("ann.lee@contoso.onmicrosoft.com"))
    #expect(rendered["userPrincipalName"] == .string("ann.lee@contoso.onmicrosoft.com"))
    #expect(rendered["id"] == .string(user.id))
    #expect(rendered["jobTitle"] == .null)
    #expect(rendered["businessPhones"] == .null)
    #expect(rendered["officeLocation"] == .null)
  }

  @Test func lookupsByIdAndUPN() {
    #expect(directory.user(idOrUPN: "00000000-0000-4000-8000-000000000002")?.displayName == "Seán O'Brien")
    #expect(directory.user(idOrUPN: "SEAN.OBRIEN@contoso.onmicrosoft.com")?.displayName == "Seán O'Brien")
    #expect(directory.user(idOrUPN: "nobody-here") == nil)
    #expect(directory.user(idOrUPN: "00000000-0000-4000-8000-00000000000A") == nil)
    let generated = Directory.generated(seed: 1, size: 2000)
    #expect(generated.user(idOrUPN: "BC8D4222-04A0-42F7-B07B-7FD79A6DA005")?.displayName == "Aoife O'Connor")
    let sean = SampleDirectory.users[1]
    #expect(directory.manager(of: sean)?.displayName == "Ann Lee")
    #expect(directory.directReports(of: sean).map(\.displayName) == ["Sanne van der Berg"])
    #expect(directory.manager(of: SampleDirectory.users[0]) == nil)
    #expect(directory.defaultUser.displayName == "Ann Lee")
  }
}
