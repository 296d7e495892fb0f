import AppRuntime
import Foundation
import RosterCore
import SandboxDirectory
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `roster sandbox` as a separate process, for end-to-end tests that need a signed-in `roster`
/// with a token cache on disk and the sandbox's fault API (`roster --demo` keeps its tokens in
/// memory and its sandbox to itself).
final class SandboxProcess {
  let process = Process()
  /// `http://127.0.0.1:PORT`, the tenant id and the client id from the announcement line.
  let url: String
  let tenant: String
  let clientId: String
  /// The scopes `roster` asks for (`ROSTER_SCOPES`).
  let scopes: String
  /// With `--second-tenant`: that tenant's `http://127.0.0.1:PORT` and id (its second line).
  let secondURL: String?
  let secondTenant: String?
  /// Whether the sandbox approves device codes itself (0.2 s after they are issued).
  let approvesItself: Bool

  /// `approvesItself: false` for a test that must see a sign-in screen stay: the sandbox then
  /// approves nothing by itself (a sign-in the UI starts waits), and `signIn` approves its own
  /// code through the control API.
  init(
    binary: URL, arguments: [String], scopes: String = "openid profile offline_access User.Read User.Read.All",
    approvesItself: Bool = true
  ) throws {
    let out = Pipe()
    process.executableURL = binary
    self.approvesItself = approvesItself
    process.arguments =
      ["sandbox", "--port", "0"] + (approvesItself ? ["--approve-after", "0.2"] : []) + ["--device-code-interval", "1"]
      + arguments
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    var line = Data()
    let deadline = Date().addingTimeInterval(30)
    let lines = arguments.contains("--second-tenant") ? 2 : 1
    while line.filter({ $0 == 0x0A }).count < lines, Date() < deadline {
      let chunk = out.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let announcements = String(decoding: line, as: UTF8.self).split(separator: "\n").map(String.init)
    let second = announcements.count > 1 ? SandboxAnnouncement(line: announcements[1]) : nil
    secondURL = second?.baseURL
    secondTenant = second?.tenantId
    guard let announced = SandboxAnnouncement(line: announcements.first ?? "") else {
      process.terminate()
      throw TmuxError(message: "roster sandbox did not announce itself: \(String(decoding: line, as: UTF8.self))")
    }
    url = announced.baseURL
    tenant = announced.tenantId
    clientId = announced.clientId
    self.scopes = scopes
  }

  /// The variables that point `roster` at this sandbox.
  var environment: [String: String] {
    [
      "ROSTER_CLIENT_ID": clientId, "ROSTER_AUTHORITY": "\(url)/\(tenant)", "ROSTER_GRAPH_URL": url,
      "ROSTER_SCOPES": scopes,
    ]
  }

  /// Signs `binary` in to this sandbox with the device code (approved by the sandbox itself), with
  /// its files under `home`, as a person would before starting the UI.
  func signIn(_ binary: URL, home: String) throws {
    let environment = self.environment.merging([
      "HOME": home, "XDG_STATE_HOME": "\(home)/state", "XDG_CONFIG_HOME": "\(home)/config", "PATH": "/usr/bin:/bin",
      "LANG": "C.UTF-8",
    ]) { $1 }
    guard !approvesItself else {
      #expect(try Self.run(binary, ["login", "--device-code"], environment: environment) == 0)
      return
    }
    let login = try Self.start(binary, ["login", "--device-code"], environment: environment)
    // Its code is approved once it is pending (the control API answers 404 until then).
    while login.isRunning, (try? send("POST", "/_sandbox/device/approve", body: nil)) == nil { usleep(50_000) }
    login.waitUntilExit()
    #expect(login.terminationStatus == 0)
  }

  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// POSTs a fault rule (or an array of them) to `/_sandbox/faults`.
  func fault(_ rule: Any) throws {
    _ = try send("POST", "/_sandbox/faults", body: try JSONSerialization.data(withJSONObject: rule))
  }

  func clearFaults() throws { _ = try send("DELETE", "/_sandbox/faults", body: nil) }

  /// Pins one person's presence (`POST /_sandbox/presence`).
  func pinPresence(user: String, availability: String) throws {
    let body = try JSONSerialization.data(withJSONObject: ["user": user, "availability": availability])
    _ = try send("POST", "/_sandbox/presence", body: body)
  }

  /// A blocking request to the control API (tests run it off the sandbox's own process).
  func send(_ method: String, _ path: String, body: Data?) throws -> Data {
    var request = URLRequest(url: URL(string: url + path)!)
    request.httpMethod = method
    request.httpBody = body
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    let done = DispatchSemaphore(value: 0)
    let result = LockedValue<Result<Data, any Error>>(.success(Data()))
    URLSession.shared.dataTask(with: request) { data, response, error in
      if let error {
        result.withLock { $0 = .failure(error) }
      } else if let status = (response as? HTTPURLResponse)?.statusCode,
        !(200..<300).contains(status)
      {
        result.withLock { $0 = .failure(TmuxError(message: "\(method) \(path) answered \(status)")) }
      } else {
        result.withLock { $0 = .success(data ?? Data()) }
      }
      done.signal()
    }.resume()
    done.wait()
    return try result.current.get()
  }

  /// Runs `roster ARGUMENTS` to completion with `environment`; its exit status.
  static func run(_ binary: URL, _ arguments: [String], environment: [String: String]) throws -> Int32 {
    let child = try start(binary, arguments, environment: environment)
    child.waitUntilExit()
    return child.terminationStatus
  }

  /// Starts `roster ARGUMENTS` with `environment`, its output thrown away.
  static func start(_ binary: URL, _ arguments: [String], environment: [String: String]) throws -> Process {
    let child = Process()
    child.executableURL = binary
    child.arguments = arguments
    child.environment = environment
    child.standardInput = FileHandle.nullDevice
    child.standardOutput = FileHandle.nullDevice
    child.standardError = FileHandle.nullDevice
    try child.run()
    return child
  }
}
