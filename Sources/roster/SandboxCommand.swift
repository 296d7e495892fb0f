import ArgumentParser
import Dispatch
import Foundation
import RosterCore
import Sandbox

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `roster sandbox`: a local fake tenant (identity platform v2.0 + Graph users subset) that
/// prints one line saying where it is, then serves until SIGINT or SIGTERM.
struct SandboxCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sandbox",
    abstract: "Run a local fake Microsoft Entra tenant and Microsoft Graph for tests and demos.",
    // Every option has a default: argument-parser's own summary ("<options>") reads as required.
    usage: "roster sandbox [--port <port>] [--size <size>] [--people <file>] [--approve-after <seconds>] [<options>]",
    discussion: """
      Prints `sandbox: URL tenant=TENANT_ID client=DEMO_CLIENT_ID` once listening. Point a client at \
      URL/TENANT_ID as the authority and URL as the Graph endpoint. Approve device codes at URL/device \
      or with `curl -X POST URL/_sandbox/device/approve`.
      """)

  @Option(help: "Address to listen on (loopback unless --allow-remote).") var host = "127.0.0.1"
  @Option(help: "Port to listen on; 0 picks a free one.") var port = 0
  @Option(
    help: ArgumentHelp(
      "JSON array of Graph user objects (+ manager: id or UPN), or {\"users\": [...], \"groups\": [...]}, to serve "
        + "instead of the generated organisation."))
  var people: String?
  @Option(
    help: ArgumentHelp(
      "A delegated Graph permission the administrator has not consented to (repeatable): tokens never carry it.",
      valueName: "permission"))
  var withholdConsent: [String] = []
  @Option(
    help: ArgumentHelp(
      "A delegated Graph permission not yet consented that a person may consent to at an interactive sign-in "
        + "(repeatable): a silent request for it answers AADSTS65001.",
      valueName: "permission"))
  var consentAtSignIn: [String] = []
  @Option(help: "Seed of the generated organisation (and of probabilistic faults).") var seed: UInt64 = 1
  @Option(
    help: ArgumentHelp(
      "Number of people in the generated organisation (1…1000000; above 200000 they are computed on request, "
        + "without groups)."))
  var size = 2000
  @Option(
    help: ArgumentHelp(
      "The tenant's own app registrations, each with its enterprise app (0…100000; default one per ten people, "
        + "40…20000).", valueName: "count"))
  var apps: Int?
  @Option(
    help: ArgumentHelp(
      "Registered devices (0…200000; default: one to three for each of the first 20000 people).", valueName: "count"))
  var devices: Int?
  @Option(help: "Milliseconds added to every Graph request.") var latencyMs = 0
  @Option(help: "Approve device codes as the default user after SECONDS, or 'never'.") var approveAfter = "never"
  @Option(help: "Access token lifetime in seconds (default: 60-90 minutes, varying per token with --seed, as Entra).")
  var tokenLifetime: Int?
  @Option(help: "Device-code polling interval the sandbox asks for, in seconds.") var deviceCodeInterval = 5
  @Option(help: "Device-code lifetime in seconds.") var deviceCodeExpiresIn = 900
  @Option(
    help: ArgumentHelp(
      "Start the tenant's clock at this instant (ISO 8601: 2026-03-09T14:30:00Z, or a date for midnight UTC); it "
        + "runs on from there. Tokens, presence, limits and calendars follow it.", valueName: "instant"))
  var now: String?
  @Option(
    help: "Send every response's Date header this many seconds off the real time (for roster doctor's clock check).")
  var clockSkew = 0
  @Flag(help: "Serve HTTPS with a certificate from a throw-away CA made at start.") var tls = false
  @Option(help: "Write the throw-away CA certificate (PEM) to FILE (with --tls).") var caOut: String?
  @Flag(help: "Allow listening on a non-loopback address.") var allowRemote = false
  @Option(help: "Change RATE people per minute at run time (0 = never), so a delta sync has changes to find.")
  var churn: Double = 0
  @Option(help: ArgumentHelp("Keep the B2C task API's tasks in DIR/tasks.json (default: in memory).", valueName: "dir"))
  var data: String?
  @Option(help: "The B2C policy whose tokens the task API trusts.") var taskPolicy = "B2C_1_signupsignin"
  @Flag(help: "Task API in the 2016 sample's mode: the id token is accepted as the bearer, no read/write scope checks.")
  var taskAPIAcceptsIdTokens = false

  @Flag(
    help: ArgumentHelp(
      "Drop Graph's limits (delta pages of up to 999, no resource-unit budget or 429s), as the sandbox was before "
        + "them: for comparison only."))
  var generous = false

  @Flag(
    name: .customLong("no-premium"),
    help: "The tenant has no Microsoft Entra ID P1: sign-in logs, signInActivity and the MFA report answer 403.")
  var noPremium = false

  @Flag(
    name: .customLong("no-reports-reader"),
    help: "The default user holds no Reports Reader role either (by default only the default user holds it).")
  var noReportsReader = false

  @Flag(
    name: .customLong("second-tenant"),
    help: "Also serve a second tenant (Fabrikam, on a port of its own) in which the default user is a guest.")
  var secondTenant = false

  func validate() throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535.") }
    guard size >= 1 && size <= SandboxConfiguration.maximumSize else {
      throw ValidationError(
        "--size must be 1…1000000: the sandbox generates at most a million people (above 200000 computed on request).")
    }
    if let apps, !(0...SandboxConfiguration.maximumApps).contains(apps) {
      throw ValidationError("--apps must be 0…100000.")
    }
    if let devices, !(0...SandboxConfiguration.maximumDevices).contains(devices) {
      throw ValidationError("--devices must be 0…200000.")
    }
    guard churn >= 0 && churn <= 60_000 else { throw ValidationError("--churn must be 0…60000 changes per minute.") }
    guard latencyMs >= 0 else { throw ValidationError("--latency-ms must not be negative.") }
    guard (tokenLifetime ?? 1) >= 1 else { throw ValidationError("--token-lifetime must be at least 1 second.") }
    guard deviceCodeInterval >= 0, deviceCodeExpiresIn >= 1 else {
      throw ValidationError("--device-code-interval must be ≥ 0 and --device-code-expires-in ≥ 1.")
    }
    _ = try approveAfterDuration()
    if let now, SandboxConfiguration.instant(iso: now) == nil {
      throw ValidationError("--now takes an ISO 8601 instant such as 2026-03-09T14:30:00Z, or a date (YYYY-MM-DD).")
    }
    if caOut != nil && !tls { throw ValidationError("--ca-out needs --tls.") }
    if !taskPolicy.lowercased().hasPrefix("b2c_") {
      throw ValidationError("--task-policy must name a B2C policy (B2C_1_…).")
    }
    if !allowRemote && !SandboxServer.isLoopback(host) {
      throw ValidationError(
        "Refusing to listen on \(host): anyone who can reach it gets tokens. Pass --allow-remote to mean it.")
    }
  }

  private func approveAfterDuration() throws -> Duration? {
    if approveAfter.lowercased() == "never" { return nil }
    guard let seconds = Double(approveAfter), seconds >= 0 else {
      throw ValidationError("--approve-after takes a number of seconds or 'never'.")
    }
    return .milliseconds(Int64(seconds * 1000))
  }

  func run() async throws {
    var configuration = SandboxConfiguration()
    configuration.dateSkew = clockSkew
    configuration.host = host
    configuration.port = port
    configuration.tls = tls
    configuration.allowRemote = allowRemote
    configuration.seed = seed
    configuration.size = size
    configuration.apps = apps
    configuration.devices = devices
    configuration.peopleFile = people.map { URL(fileURLWithPath: $0) }
    configuration.withheldPermissions = Set(withholdConsent)
    configuration.consentAtSignIn = Set(consentAtSignIn)
    configuration.latencyMs = latencyMs
    configuration.approveAfter = try approveAfterDuration()
    configuration.tokenLifetime = tokenLifetime
    configuration.deviceCodeInterval = deviceCodeInterval
    configuration.deviceCodeExpiresIn = deviceCodeExpiresIn
    configuration.churnPerMinute = churn
    configuration.dataDirectory = data.map { URL(fileURLWithPath: $0, isDirectory: true) }
    configuration.taskPolicy = taskPolicy
    configuration.taskAPIAcceptsIdTokens = taskAPIAcceptsIdTokens
    configuration.limits = generous ? .generous : .microsoftGraph
    configuration.premium = !noPremium
    // The signed-in operator may make issue 45's fixes (User, Authentication, Groups Administrator).
    configuration.operatorRoles = SandboxConfiguration.fixOperatorRoles
    if noReportsReader { configuration.reportsReaders = [] }
    if let start = now.flatMap(SandboxConfiguration.instant(iso:)) {
      configuration.now = SandboxConfiguration.clock(startingAt: start)
    }

    let sandbox: RunningSandbox
    do { sandbox = try await SandboxServer.start(configuration) } catch {
      // A people file's refusal quotes the bad entry: cleaned like any directory text.
      FileHandle.standardError.write(
        Data("roster sandbox: \(CleanText("\(error)", maxCharacters: 2000))\n".utf8))
      throw ExitCode(1)
    }
    if let caOut, let pem = sandbox.caCertificatePEM {
      do { try pem.write(toFile: caOut, atomically: true, encoding: .utf8) } catch {
        FileHandle.standardError.write(
          Data("roster sandbox: cannot write \(caOut): \(error.localizedDescription)\n".utf8))
        await sandbox.stop()
        throw ExitCode(1)
      }
    }
    // Written straight to the file descriptor: a parent reading our stdout through a pipe gets
    // the line at once, not when a buffer fills.
    FileHandle.standardOutput.write(Data((sandbox.announcement + "\n").utf8))
    var second: RunningSandbox?
    if secondTenant {
      do { second = try await SandboxServer.startSecondTenant(configuration, home: sandbox) } catch {
        FileHandle.standardError.write(Data("roster sandbox: the second tenant: \(CleanText("\(error)"))\n".utf8))
        await sandbox.stop()
        throw ExitCode(1)
      }
      // The same one-line form as the first (scripts read both); what it is goes to stderr.
      FileHandle.standardOutput.write(Data((second!.announcement + "\n").utf8))
      FileHandle.standardError.write(
        Data(
          "roster sandbox: the second line is a second tenant, in which \(sandbox.defaultUsername) is a guest\n".utf8))
    }
    await Self.waitForTerminationSignal()
    await second?.stop()
    await sandbox.stop()
  }

  /// Suspends until SIGINT or SIGTERM arrives (handled, so the port is closed cleanly).
  private static func waitForTerminationSignal() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
    var sources: [any DispatchSourceSignal] = []
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { continuation.yield(signalNumber) }
      source.resume()
      sources.append(source)
    }
    for await _ in stream { break }
    sources.forEach { $0.cancel() }
  }
}
