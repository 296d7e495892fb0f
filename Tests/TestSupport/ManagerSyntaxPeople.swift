/// Two Charlottes with a report each and a phone number, for the `manager:` quoting advice and
/// the phone lookup (issue 40 items 15 and 17), as a people file for `ROSTER_DEMO_PEOPLE` or a
/// sandbox: the command-line and the end-to-end tests read the same people.
public enum ManagerSyntaxPeople {
  public static var people: [[String: Any]] {
    func person(_ id: String, _ name: String, manager: String? = nil) -> [String: Any] {
      let mail = name.lowercased().replacingOccurrences(of: " ", with: ".") + "@contoso.com"
      var entry: [String: Any] = ["id": id, "displayName": name, "userPrincipalName": mail, "mail": mail]
      if let manager { entry["manager"] = manager }
      return entry
    }
    var people = [
      person("c1", "Charlotte Williams"), person("c2", "Charlotte Campbell"),
      person("r1", "Ravi Shah", manager: "c1"), person("r2", "Wendy Williams", manager: "c2"),
    ]
    people[2]["businessPhones"] = ["+86 21 5555 5309"]
    return people
  }
}
