import Foundation

/// What the harness does to the sandbox tenant directly: tokens, the request log, directory reads.
struct Tenant {
  let sandbox: SandboxProcess

  var base: URL { sandbox.baseURL }

  /// A Graph token for the harness itself, through the device-code flow approved via the control API.
  func harnessToken(scopes: String) throws -> String {
    let codeReply = try HTTP.send(
      "POST", URL(string: sandbox.authority + "/oauth2/v2.0/devicecode")!,
      headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: HTTP.form(["client_id": sandbox.clientId, "scope": scopes]))
    guard let code = HTTP.json(codeReply) as? [String: Any], let userCode = code["user_code"] as? String,
      let deviceCode = code["device_code"] as? String
    else { throw BenchError("devicecode failed (\(codeReply.status))") }
    try approve(userCode: userCode)
    let tokenReply = try HTTP.send(
      "POST", URL(string: sandbox.authority + "/oauth2/v2.0/token")!,
      headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: HTTP.form([
        "client_id": sandbox.clientId, "device_code": deviceCode,
        "grant_type": "urn:ietf:params:oauth:grant-type:device_code",
      ]))
    guard let token = (HTTP.json(tokenReply) as? [String: Any])?["access_token"] as? String else {
      throw BenchError("token request failed (\(tokenReply.status))")
    }
    return token
  }

  func approve(userCode: String? = nil) throws {
    var body: [String: String] = [:]
    if let userCode { body["user_code"] = userCode }
    let reply = try HTTP.send(
      "POST", base.appendingPathComponent("_sandbox/device/approve"),
      headers: ["Content-Type": "application/json"], body: try JSONSerialization.data(withJSONObject: body))
    guard reply.status / 100 == 2 else { throw BenchError("approve failed (\(reply.status))") }
  }

  /// What the sandbox counted (`GET /_sandbox/stats`, issue 30).
  struct Stats {
    var graphRequests = 0
    var resourceUnits = 0
    var throttled = 0
    /// The `/groups…` requests alone (inside `$batch`es too): the groups' own figures.
    var groups = Kind()

    struct Kind {
      var requests = 0
      var resourceUnits = 0
      var throttled = 0
      /// When the last was answered, in seconds after the counters were cleared.
      var lastSeconds = 0.0
    }
  }

  /// Zeroes the sandbox's counters and empties every app's resource-unit window.
  func clearStats() throws {
    _ = try HTTP.send("DELETE", base.appendingPathComponent("_sandbox/stats"))
  }

  func stats() throws -> Stats {
    let reply = try HTTP.send("GET", base.appendingPathComponent("_sandbox/stats"))
    guard reply.status == 200, let object = HTTP.json(reply) as? [String: Any] else {
      throw BenchError("the sandbox has no counters (GET /_sandbox/stats answered \(reply.status))")
    }
    let groups = object["groups"] as? [String: Any] ?? [:]
    return Stats(
      graphRequests: object["graphRequests"] as? Int ?? 0, resourceUnits: object["resourceUnits"] as? Int ?? 0,
      throttled: object["throttled"] as? Int ?? 0,
      groups: Stats.Kind(
        requests: groups["requests"] as? Int ?? 0, resourceUnits: groups["resourceUnits"] as? Int ?? 0,
        throttled: groups["throttled"] as? Int ?? 0, lastSeconds: (groups["lastSeconds"] as? NSNumber)?.doubleValue ?? 0
      ))
  }

  func clearRequestLog() throws {
    _ = try HTTP.send("DELETE", base.appendingPathComponent("_sandbox/requests"))
  }

  /// The Graph `/v1.0/users` requests received since the log was cleared, as logged.
  func userSearches() throws -> [[String: Any]] {
    let reply = try HTTP.send("GET", base.appendingPathComponent("_sandbox/requests"))
    let entries: [[String: Any]]
    if let list = HTTP.json(reply) as? [[String: Any]] {
      entries = list
    } else if let wrapped = HTTP.json(reply) as? [String: Any], let list = wrapped["requests"] as? [[String: Any]] {
      entries = list
    } else {
      throw BenchError("unreadable request log")
    }
    // Searches only: `/v1.0/users` itself, not a person's detail, manager or reports.
    return entries.filter {
      ($0["path"] as? String) == "/v1.0/users"
        && (($0["headers"] as? [String: Any])?["User-Agent"] as? String) != HTTP.userAgent
    }
  }

  /// Every display name in the directory, paging as Graph pages; `listedOnly` leaves out people
  /// hidden from the address list (who are not in an index either).
  func allDisplayNames(token: String, listedOnly: Bool = false) throws -> [String] {
    var names: [String] = []
    var next: URL? = URL(
      string: base.absoluteString + "/v1.0/users?$select=displayName\(listedOnly ? ",showInAddressList" : "")&$top=999")
    while let url = next {
      let reply = try HTTP.send("GET", url, headers: ["Authorization": "Bearer \(token)"])
      guard let page = HTTP.json(reply) as? [String: Any], let value = page["value"] as? [[String: Any]] else {
        throw BenchError("unreadable users page (\(reply.status))")
      }
      names += value.filter { !listedOnly || $0["showInAddressList"] as? Bool != false }
        .compactMap { $0["displayName"] as? String }
      next = (page["@odata.nextLink"] as? String).flatMap(URL.init(string:))
    }
    return names
  }

  /// Response bytes of `GET /v1.0/users` with the given query parameters.
  func responseBytes(query: [String: String], token: String) throws -> Int {
    var components = URLComponents(url: base.appendingPathComponent("v1.0/users"), resolvingAgainstBaseURL: false)!
    components.percentEncodedQuery = HTTP.encoded(query, keeping: "$")
    let reply = try HTTP.send(
      "GET", components.url!, headers: ["Authorization": "Bearer \(token)", "ConsistencyLevel": "eventual"])
    guard reply.status == 200 else { throw BenchError("query-cost request failed (\(reply.status))") }
    return reply.body.count
  }
}
