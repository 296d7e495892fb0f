import Foundation
import Testing

@testable import SandboxDirectory

@Suite struct PeopleFileTests {
  /// Writes `text` to a temporary file and loads it.
  func load(_ text: String) throws(PeopleFileError) -> Directory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("people-\(UUID().uuidString).json")
    try? Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try Directory.load(peopleFile: url)
  }

  func failure(_ text: String) -> String? {
    do {
      _ = try load(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func loadsAGoodFile() throws {
    let directory = try load(
      """
      [
        {"id": "boss-1", "displayName": "Ann Lee", "userPrincipalName": "ann@contoso.com", "jobTitle": "CEO",
         "businessPhones": ["+1 425 555 0100"], "accountEnabled": true, "@odata.type": "#microsoft.graph.user"},
        {"displayName": "Seán O'Brien", "userPrincipalName": "sean@contoso.com", "manager": "ANN@contoso.com",
         "hasPhoto": false, "createdDateTime": "2020-01-01T00:00:00Z"},
        {"displayName": "王伟", "mail": "wei@contoso.com", "manager": "boss-1", "mobilePhone": null},
        {"displayName": "Zoë Müller", "userPrincipalName": "zoe_fabrikam.com#EXT#@contoso.com",
         "manager": {"id": "boss-1", "displayName": "Ann Lee"}},
        {"displayName": "Tomás de León"}
      ]
      """)
    let users = directory.users
    #expect(users.count == 5)
    #expect(directory.defaultUser.id == "boss-1")
    #expect(users[0].businessPhones == ["+1 425 555 0100"])
    #expect(users[1].managerId == "boss-1")
    #expect(users[1].hasPhoto == false && users[0].hasPhoto)
    #expect(users[1].userType == "Member" && users[1].accountEnabled)
    #expect(users[2].userPrincipalName == "wei@contoso.com")  // derived from mail
    #expect(users[2].mobilePhone == nil)
    #expect(users[3].userType == "Guest")  // from #EXT#
    #expect(users[3].managerId == "boss-1")
    #expect(users[4].userPrincipalName == "tomas.de.leon@\(Directory.defaultDomain)")  // derived from displayName
    #expect(users[1].id.count == 36)  // generated GUID
    #expect(directory.directReports(of: users[0]).count == 3)
    #expect(try directory.searchNames("\"displayName:obrien\"") == ["Seán O'Brien"])
  }

  @Test func generatedIdsAreStable() throws {
    let first = try load(#"[{"userPrincipalName": "a@x.com"}, {"userPrincipalName": "b@x.com"}]"#)
    let second = try load(#"[{"userPrincipalName": "b@x.com"}, {"userPrincipalName": "A@x.com"}]"#)
    #expect(first.users[0].id == second.users[1].id)
    #expect(first.users[1].id == second.users[0].id)
  }

  @Test func missingFileIsRefused() {
    do {
      _ = try Directory.load(peopleFile: URL(fileURLWithPath: "/nonexistent/people.json"))
      Issue.record("expected an error")
    } catch {
      #expect(error.description.contains("/nonexistent/people.json"))
    }
  }

  @Test func notJSONIsRefusedWithPosition() {
    let message = failure("[\n {\"displayName\": \"Ann\",}\n]")
    #expect(message?.contains("not valid JSON") == true)
    #expect(message?.contains("line 2") == true)
  }

  @Test func notAnArrayIsRefused() {
    #expect(
      failure(#"{"displayName": "Ann"}"#)?.contains("must be a JSON array of user objects, found an object") == true)
    #expect(failure("[]")?.contains("contains no users") == true)
  }

  @Test func entryThatIsNotAnObjectIsRefused() {
    #expect(
      failure(#"[{"userPrincipalName": "a@x.com"}, "b@x.com"]"#)?.contains(
        "entry at index 1: expected a JSON object, found a string") == true)
  }

  @Test(arguments: [
    (
      #"{"displayName": "Ann", "userPrincipalName": "ann@x.com", "accountEnabled": "yes"}"#, "accountEnabled",
      "true or false"
    ),
    (
      #"{"displayName": "Ann", "userPrincipalName": "ann@x.com", "businessPhones": "+1 555"}"#, "businessPhones",
      "an array of strings"
    ),
    (
      #"{"displayName": "Ann", "userPrincipalName": "ann@x.com", "businessPhones": [1]}"#, "businessPhones",
      "an array of strings"
    ),
    (#"{"displayName": "Ann", "userPrincipalName": "ann@x.com", "jobTitle": 7}"#, "jobTitle", "a string or null"),
    (
      #"{"displayName": "Ann", "userPrincipalName": "ann@x.com", "manager": 7}"#, "manager",
      "an id or userPrincipalName"
    ),
    (#"{"displayName": "Ann", "userPrincipalName": "ann@x.com", "hasPhoto": "no"}"#, "hasPhoto", "true or false"),
  ])
  func wrongTypesNameEntryAndField(_ entry: String, _ field: String, _ expectation: String) {
    let message = failure("[{\"userPrincipalName\": \"first@x.com\"}, \(entry)]")
    #expect(
      message?.contains(#"entry at index 1 (displayName "Ann", userPrincipalName "ann@x.com")"#) == true,
      "\(message ?? "")")
    #expect(message?.contains("field '\(field)' must be \(expectation)") == true, "\(message ?? "")")
  }

  @Test func unknownFieldsAreRefusedWithASuggestion() {
    let message = failure(#"[{"displayname": "Ann", "userPrincipalName": "ann@x.com"}]"#)
    #expect(message?.contains("entry at index 0") == true)
    #expect(message?.contains("field 'displayname' is not a user property (did you mean 'displayName'?)") == true)
  }

  @Test func badUserPrincipalNamesAndIdsAreRefused() {
    #expect(failure(#"[{"jobTitle": "CEO"}]"#)?.contains("field 'userPrincipalName' is missing") == true)
    #expect(
      failure(#"[{"userPrincipalName": "no-at-sign"}]"#)?.contains("field 'userPrincipalName' must look like") == true)
    #expect(failure(#"[{"userPrincipalName": "a@x.com", "id": "a b"}]"#)?.contains("field 'id'") == true)
    #expect(failure(#"[{"userPrincipalName": "a@x.com", "userType": "Owner"}]"#)?.contains("field 'userType'") == true)
  }

  @Test func unknownManagerIsRefused() {
    let message = failure(#"[{"displayName": "Ann", "userPrincipalName": "ann@x.com", "manager": "bob@x.com"}]"#)
    #expect(message?.contains(#"entry at index 0 (displayName "Ann", userPrincipalName "ann@x.com")"#) == true)
    #expect(message?.contains("field 'manager' refers to \"bob@x.com\"") == true)
  }

  @Test func duplicatesAreRefused() {
    let ids = failure(#"[{"id": "1", "userPrincipalName": "a@x.com"}, {"id": "1", "userPrincipalName": "b@x.com"}]"#)
    #expect(ids?.contains(#"entry at index 1 (userPrincipalName "b@x.com"): field 'id' duplicates"#) == true)
    let upns = failure(#"[{"userPrincipalName": "a@x.com"}, {"userPrincipalName": "A@X.com"}]"#)
    #expect(upns?.contains("entry at index 1") == true)
    #expect(upns?.contains("field 'userPrincipalName' duplicates") == true)
    let twice = failure(#"[{"userPrincipalName": "a@x.com", "mail": "a@x.com", "mail": "b@x.com"}]"#)
    #expect(twice?.contains("field 'mail' appears twice") == true)
  }

  @Test func managerCyclesAreRefused() {
    let message = failure(
      """
      [{"userPrincipalName": "top@x.com"},
       {"userPrincipalName": "a@x.com", "manager": "c@x.com"},
       {"userPrincipalName": "b@x.com", "manager": "a@x.com"},
       {"userPrincipalName": "c@x.com", "manager": "b@x.com"}]
      """)
    #expect(
      message?.contains("field 'manager' forms a cycle: a@x.com → c@x.com → b@x.com → a@x.com") == true,
      "\(message ?? "")")
    #expect(message?.contains("entry at index 1") == true)
    let selfManaged = failure(#"[{"userPrincipalName": "a@x.com", "manager": "a@x.com"}]"#)
    #expect(selfManaged?.contains("forms a cycle: a@x.com → a@x.com") == true)
  }
}

@Suite struct PeopleJSONTests {
  @Test func loadsFromData() throws {
    let directory = try Directory.load(
      peopleJSON: Data(#"[{"displayName": "Ann Lee", "userPrincipalName": "ann@x.com"}]"#.utf8))
    #expect(directory.defaultUser.displayName == "Ann Lee")
  }

  @Test func publicInitialiserClampsTheDefaultUser() {
    let users = [
      DirectoryUser(id: "1", userPrincipalName: "a@x.com"), DirectoryUser(id: "2", userPrincipalName: "b@x.com"),
    ]
    #expect(Directory(users: users, defaultUserIndex: 5).defaultUser.id == "2")
    #expect(Directory(users: users).defaultUser.id == "1")
  }
}
