import Foundation
import SandboxDirectory

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `roster sandbox` started as a separate process, as a person would start it.
final class SandboxProcess {
  let process = Process()
  let baseURL: URL
  let tenantId: String
  let clientId: String

  /// `extraArguments`: e.g. `--generous`, the sandbox without Graph's limits (issue 30).
  init(roster: String, size: Int, latencyMs: Int, extraArguments: [String] = []) throws {
    process.executableURL = URL(fileURLWithPath: roster)
    process.arguments =
      [
        "sandbox", "--port", "0", "--size", "\(size)", "--latency-ms", "\(latencyMs)",
        "--approve-after", "never", "--device-code-interval", "1",
      ] + extraArguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    ChildProcesses.started(process.processIdentifier)
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let byte = out.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty {
        Self.stop(process)
        throw BenchError("roster sandbox exited before printing its line")
      }
      line.append(byte)
    }
    guard let announced = SandboxAnnouncement(line: String(decoding: line, as: UTF8.self)),
      let url = URL(string: announced.baseURL)
    else {
      // Started but unusable: stopped here, since no `defer` holds it yet.
      Self.stop(process)
      throw BenchError("unexpected sandbox line: \(String(decoding: line, as: UTF8.self))")
    }
    baseURL = url
    tenantId = announced.tenantId
    clientId = announced.clientId
  }

  var authority: String { baseURL.appendingPathComponent(tenantId).absoluteString }

  func stop() { Self.stop(process) }

  /// SIGTERM, then SIGKILL after 5 s: a sandbox that does not end must not hang the bench.
  private static func stop(_ process: Process) {
    if process.isRunning { process.terminate() }
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    ChildProcesses.ended(process.processIdentifier)
  }
}

/// Blocking HTTP for the harness (never on a measured path).
enum HTTP {
  struct Reply {
    var status: Int
    var body: Data
  }

  static func send(_ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil) throws -> Reply {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    // Marks the harness's own requests so the request log can tell them from Roster's.
    request.setValue(HTTP.userAgent, forHTTPHeaderField: "User-Agent")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<Reply, any Error> = .failure(BenchError("no reply"))
    URLSession.shared.dataTask(with: request) { data, response, error in
      if let error {
        result = .failure(error)
      } else {
        result = .success(Reply(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data ?? Data()))
      }
      done.signal()
    }.resume()
    done.wait()
    return try result.get()
  }

  static let userAgent = "roster-bench"

  static func json(_ reply: Reply) -> Any? { try? JSONSerialization.jsonObject(with: reply.body) }

  static func form(_ fields: [String: String]) -> Data { Data(encoded(fields).utf8) }

  /// `key=value&…` in key order, values percent-encoded but for unreserved characters and
  /// `keeping` (a query keeps `$` for `$select`, as Graph's documentation writes it).
  static func encoded(_ fields: [String: String], keeping: String = "") -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~" + keeping)
    return fields.sorted { $0.key < $1.key }
      .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
      .joined(separator: "&")
  }
}
