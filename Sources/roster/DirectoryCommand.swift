import ArgumentParser
import Foundation
import Graph
import Identity
import RosterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `search` and `show` share: building the directory client from the cached sign-in,
/// reporting retries and failures on stderr, and exit codes per DESIGN.md §6.
enum DirectoryCommand {
  static func run(common: CommonOptions, _ body: (DirectoryClient) async throws -> Void) async throws {
    let client = try await makeClient(common)
    do {
      try await body(client)
    } catch let error as DirectoryError {
      say(describe(error))
      throw ExitCode(exitCode(for: error))
    }
  }

  /// The live client over the shared transport, with the cached sign-in's tokens; exit 3 when no
  /// account is signed in (nothing is asked interactively: scripts must not hang).
  static func makeClient(_ common: CommonOptions) async throws -> DirectoryClient {
    let runtime = try common.makeRuntime()
    guard let account = await runtime.session.restoreSession() else {
      say("Not signed in. Run `roster login` first.")
      throw ExitCode(3)
    }
    let configuration: GraphConfiguration
    do {
      configuration = try GraphConfiguration(settings: runtime.settings, tenantId: account.tenantId)
    } catch {
      say(error.description)
      throw ExitCode(1)
    }
    return .live(configuration: configuration, tokens: runtime.session, transport: runtime.transport)
  }

  /// 3 when signing in again is the fix, 1 when nothing was found, 4 for service and network.
  static func exitCode(for error: DirectoryError) -> Int32 {
    switch error {
    case .signInRequired: return 3
    case .notFound, .cancelled: return 1
    case .offline, .throttled, .permissionDenied, .personalAccount, .service, .malformedResponse: return 4
    }
  }

  static func describe(_ error: DirectoryError) -> String {
    switch error {
    case let .signInRequired(failure):
      return "Not signed in: \(DirectoryText.sanitize(failure.message)) Run `roster login`."
    case .notFound: return "No such person in the directory."
    case .cancelled: return "Cancelled."
    case .personalAccount:
      return "Personal Microsoft accounts have no organisation directory; sign in with a work or school account."
    case let .throttled(wait):
      return "Microsoft Graph is throttling requests; try again in \(seconds(wait)) s."
    case let .offline(text), let .permissionDenied(text), let .malformedResponse(text):
      return DirectoryText.sanitize(text)
    case let .service(status, code, message):
      let codeText = code.map { " (\(DirectoryText.sanitize($0)))" } ?? ""
      return "Microsoft Graph answered \(status)\(codeText): \(DirectoryText.sanitize(message))"
    }
  }

  /// Tells the person why nothing happens for a while.
  @Sendable static func reportRetry(_ notice: RetryNotice) {
    let why = switch notice.reason {
    case .throttled: "Microsoft Graph is throttling requests"
    case .serviceUnavailable: "Microsoft Graph is unavailable"
    case .transientFailure: "The request failed"
    }
    say("\(why); retrying in \(seconds(notice.wait)) s (attempt \(notice.attempt)).")
  }

  static func seconds(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
  }

  /// A message on stderr, prefixed so it is recognisable in a script's output.
  static func say(_ message: String) {
    FileHandle.standardError.write(Data(("roster: " + message + "\n").utf8))
  }

  static func write(_ text: String) throws {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}

/// The terminal stdout is attached to, if any.
enum Terminal {
  /// Columns of the terminal on stdout; nil when stdout is a pipe or a file.
  static func stdoutColumns() -> Int? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
  }
}

/// Terminal cells text takes, for fitting table columns.
///
/// Why here and not TerminalUI's `DisplayWidth`: that target is still being built on its branch;
/// this is the same rule (wide East Asian and emoji 2 cells, combining marks and format
/// characters 0) over a smaller table, to be replaced by `DisplayWidth` once TerminalUI lands.
enum TextCells {
  static func width(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains(where: { $0.value == 0xFE0F }) || (scalars.count > 1 && first.properties.isEmojiPresentation) {
      return 2
    }
    return width(of: first)
  }

  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(value) } ? 2 : 1
  }

  /// `text` cut to at most `cells`, ending in `…` when anything was cut; a wide character that
  /// would straddle the edge is dropped, not split.
  static func truncate(_ text: String, toWidth cells: Int) -> String {
    guard cells > 0 else { return "" }
    if width(text) <= cells { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = width(of: character)
      if used + next > cells - 1 { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }

  /// `text` fitted to exactly `cells`: cut, or padded with spaces.
  static func fit(_ text: String, toWidth cells: Int) -> String {
    let cut = truncate(text, toWidth: cells)
    return cut + String(repeating: " ", count: max(cells - width(cut), 0))
  }
}
