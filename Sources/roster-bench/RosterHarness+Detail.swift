import Foundation

extension RosterHarness {
  /// Graph round trips for the text detail of each person in `ids`: `roster show ID` (the same
  /// `personDetail` call the detail pane makes), counted in the sandbox's request log.
  static func detailRoundTrips(_ subject: Subject, ids: [String], tenant: Tenant) throws -> Sample {
    var counts: [Double] = []
    for id in ids {
      try tenant.clearRequestLog()
      let show = Process()
      show.executableURL = URL(fileURLWithPath: subject.executable)
      show.arguments = ["show", id]
      show.environment = subject.environment
      show.standardOutput = FileHandle.nullDevice
      show.standardError = FileHandle.nullDevice
      try show.run()
      show.waitUntilExit()
      guard show.terminationStatus == 0 else { throw BenchError("roster show \(id) exited \(show.terminationStatus)") }
      counts.append(Double(try tenant.graphRequests().count))
    }
    return Sample(counts)
  }
}

extension Tenant {
  /// Every Graph request received since the log was cleared, except the harness's own.
  func graphRequests() throws -> [[String: Any]] {
    let reply = try HTTP.send("GET", base.appendingPathComponent("_sandbox/requests"))
    let wrapped = HTTP.json(reply) as? [String: Any]
    guard let entries = (HTTP.json(reply) as? [[String: Any]]) ?? (wrapped?["requests"] as? [[String: Any]]) else {
      throw BenchError("unreadable request log")
    }
    return entries.filter {
      (($0["path"] as? String) ?? "").hasPrefix("/v1.0/")
        && (($0["headers"] as? [String: Any])?["User-Agent"] as? String) != HTTP.userAgent
    }
  }

  /// People at every depth of the organisation: the chief executive first, then people further
  /// down (every `stride`-th user of the directory), `count` in all.
  func sampleUserIds(token: String, count: Int) throws -> [String] {
    let url = URL(string: base.absoluteString + "/v1.0/users?$select=id&$top=999")!
    let reply = try HTTP.send("GET", url, headers: ["Authorization": "Bearer \(token)"])
    guard let page = HTTP.json(reply) as? [String: Any], let value = page["value"] as? [[String: Any]] else {
      throw BenchError("unreadable users page (\(reply.status))")
    }
    let ids = value.compactMap { $0["id"] as? String }
    let stride = max(1, ids.count / max(1, count))
    return Swift.stride(from: 0, to: ids.count, by: stride).prefix(count).map { ids[$0] }
  }
}
