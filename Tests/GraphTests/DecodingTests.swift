import Foundation
import RosterCore
import Testing

@testable import Graph

@Suite struct DecodingTests {
  @Test func pageWithExtraFieldsNullsAndAnnotations() throws {
    let page = try PeopleDecoding.page(from: try Fixture.data("users-page"))
    #expect(page.count == 57)
    #expect(page.nextLink?.contains("$skiptoken=") == true)
    #expect(page.people.count == 2)
    let anna = try #require(page.people.first)
    #expect(anna.id == "87d349ed-44d7-43e1-9a83-5f2406dee5bd")
    #expect(anna.jobTitle == "Site Reliability Engineer")
    #expect(anna.department == "Platform")
    let annika = page.people[1]
    #expect(annika.givenName == nil)
    #expect(annika.mail == nil)
    #expect(annika.jobTitle == nil)
    #expect(annika.surname == "Ó Briain")
  }

  @Test func basicProfileNullsDecodeAsAbsent() throws {
    let page = try PeopleDecoding.page(from: try Fixture.data("users-basic-profile"))
    #expect(
      page.people == [
        Person(
          id: "c0ffee00-1111-4222-8333-444455556666", displayName: "Björn Ek", givenName: "Björn", surname: "Ek",
          mail: "bjorn.ek@contoso.onmicrosoft.com", userPrincipalName: "bjorn.ek@contoso.onmicrosoft.com")
      ])
    #expect(page.nextLink == nil)
    #expect(page.count == nil)
  }

  @Test func everyDetailField() throws {
    let person = try PeopleDecoding.single(from: try Fixture.data("user-detail"))
    #expect(person.companyName == "Contoso")
    #expect(person.officeLocation == "Stockholm 4.12")
    #expect(person.businessPhones == ["+46 8 555 0100"])
    #expect(person.mobilePhone == "+46 70 555 0199")
    #expect(person.userType == "Member")
    #expect(person.accountEnabled == true)
  }

  @Test func managerIsADirectoryObject() throws {
    let manager = try PeopleDecoding.single(from: try Fixture.data("manager"))
    #expect(manager.displayName == "Mikael Berg")
    #expect(manager.businessPhones == [])
    #expect(manager.mobilePhone == nil)
  }

  @Test func directReportsIncludeContactsAndLimitedObjects() throws {
    let page = try PeopleDecoding.page(from: try Fixture.data("direct-reports"))
    #expect(
      page.people.map(\.id) == [
        "11111111-2222-4333-8444-555555555555", "66666666-7777-4888-9999-000000000000",
        "77777777-0000-4000-8000-000000000001",
      ])
    #expect(page.people[2].displayName == nil)
  }

  @Test func wrongTypesAreAbsentAndIdlessObjectsDropped() throws {
    let page = try PeopleDecoding.page(from: try Fixture.data("wrong-types"))
    #expect(page.people.map(\.id) == ["a1", "a2"])
    #expect(page.people[0].displayName == nil)
    #expect(page.people[0].mail == nil)
    #expect(page.people[0].accountEnabled == nil)
    #expect(page.people[0].surname == "Ok")
    #expect(page.people[1].businessPhones == ["+1 555"])
    #expect(page.people[1].accountEnabled == false)
  }

  @Test(arguments: ["truncated", "empty", "array", "no-value"])
  func malformedBodiesAreErrorsNotCrashes(_ kind: String) throws {
    let body: Data =
      switch kind {
      case "truncated": try Fixture.data("truncated")
      case "empty": Data()
      case "array": Data("[1,2]".utf8)
      default: Data(#"{"value":{"id":"x"}}"#.utf8)
      }
    #expect {
      _ = try PeopleDecoding.page(from: body)
    } throws: { error in
      guard case .malformedResponse = error as? DirectoryError else { return false }
      return true
    }
  }

  @Test func errorBodies() throws {
    let throttled = GraphErrorBody(data: try Fixture.data("throttled"))
    #expect(throttled.code == "TooManyRequests")
    #expect(throttled.requestId == "94fb3b52-452a-4535-a601-69e0a90e3aa2")
    let msa = GraphErrorBody(data: try Fixture.data("msa-bad-request"))
    #expect(GraphFailure.isPersonalAccountRefusal(msa))
    #expect(GraphErrorBody(data: Data("<html>".utf8)) == GraphErrorBody())
    #expect(GraphErrorBody().text(status: 502).contains("502"))
  }
}
