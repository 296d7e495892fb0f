import Foundation
import RosterCore
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal: TERM and terminfo, a UTF-8 locale, colours, graphics and size. Without a
/// terminal (a script, CI) nothing is wrong: only the full-screen UI needs one.
enum DoctorTerminal {
  static func check(environment: [String: String]) -> DoctorCheck {
    let name = "Terminal"
    guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
      return .ok(name, "not a terminal (the commands work; the full-screen UI needs one)")
    }
    let term = environment["TERM"] ?? ""
    if TerminalCheck.problem(environment: environment, stdinIsTTY: true, stdoutIsTTY: true) != nil {
      return .problem(
        name, "TERM=\(term.isEmpty ? "unset" : term) cannot show the full-screen UI",
        fix: "set TERM to your terminal's type, e.g. export TERM=xterm-256color")
    }
    setlocale(LC_ALL, "")
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    var size = winsize()
    let measured = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0
    let colours: String
    if !(environment["NO_COLOR"] ?? "").isEmpty {
      colours = "no colour (NO_COLOR)"
    } else if ["truecolor", "24bit"].contains((environment["COLORTERM"] ?? "").lowercased()) {
      colours = "24-bit colour"
    } else {
      colours = term.contains("256") ? "256 colours" : "8 colours"
    }
    let graphics =
      term.contains("kitty") || environment["KITTY_WINDOW_ID"] != nil
      ? "kitty graphics for photos" : "photos if the terminal answers the graphics query at start"
    let summary = "TERM=\(term), \(codeset), \(colours), \(graphics), \(size.ws_col)×\(size.ws_row)"
    if codeset.uppercased().replacingOccurrences(of: "-", with: "") != "UTF8" {
      return .problem(
        name, "the locale's character set is \(codeset), not UTF-8 (\(summary))",
        fix: "use a UTF-8 locale, e.g. export LANG=C.UTF-8")
    }
    if measured, size.ws_col < 40 || size.ws_row < 10 {
      return .problem(
        name, "\(size.ws_col)×\(size.ws_row) is too small (\(summary))", fix: "make the window at least 40×10")
    }
    return .ok(name, summary)
  }
}

/// The settings file and the client id.
enum DoctorSettings {
  static func check(_ settings: Settings, common: CommonOptions) -> DoctorCheck {
    let file = Settings.settingsFile(configFile: common.config, environment: common.environment)
    let exists = FileManager.default.fileExists(atPath: file.path)
    let source = exists ? file.path : "no file (\(file.path)), defaults and environment"
    guard let clientId = settings.clientId, !clientId.isEmpty else {
      return .problem(
        "Settings", "\(source); no client id",
        fix: "register an app and set clientId (or ROSTER_CLIENT_ID); `roster login --help` has the checklist")
    }
    return .ok("Settings", "\(source); client id \(CleanText(clientId)), authority \(CleanText(settings.authority))")
  }
}

/// Modes of the directories and files that hold secrets or people's data: the token cache and
/// its directory, the log, the cache directory.
enum DoctorFiles {
  /// The token cache's mode before anything opened it, and the check for it taken after the
  /// settings were loaded: loading reads the cache, which repairs a mode others can read. A cache
  /// repaired so is said as it is ("repaired now"), a note with what to do, not a failure; one
  /// still readable by others (the repair failed) is a problem.
  static func tokenCache(_ tokenCache: String, modeBefore: Int?) -> DoctorCheck {
    let now = mode(of: tokenCache)
    if let now, now & 0o077 != 0 {
      return .problem(
        "Token cache", "\(tokenCache) is \(octal(now)): other users can read your tokens",
        fix: "chmod 600 \(tokenCache); sign in again if others could have read it")
    }
    if let modeBefore, modeBefore & 0o077 != 0, now != nil {
      return .note(
        "Token cache", "\(tokenCache) was \(octal(modeBefore)) (others could read your tokens); repaired now to 0600",
        fix: "if others could have read it, run roster logout and roster login")
    }
    if now != nil { return .ok("Token cache", "\(tokenCache) 0600") }
    return .note("Token cache", "\(tokenCache) does not exist yet (no one has signed in)")
  }

  /// Damaged token caches moved aside (`tokens-….json.corrupt-…`): kept so nothing is lost, but
  /// they may hold refresh tokens, so the person should know they are there.
  static func movedAside(tokenCache: String) -> DoctorCheck? {
    let url = URL(fileURLWithPath: tokenCache)
    let prefix = url.lastPathComponent + ".corrupt-"
    let directory = url.deletingLastPathComponent()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
    let aside = names.filter { $0.hasPrefix(prefix) }.sorted()
    guard !aside.isEmpty else { return nil }
    let paths = aside.map { directory.appendingPathComponent($0).path }
    return .note(
      "Damaged token caches",
      "\(aside.count) moved aside: \(paths.joined(separator: ", "))",
      fix: "they may hold refresh tokens; once signed in again, delete them (rm \(paths.joined(separator: " ")))")
  }

  static func check(environment: [String: String]) -> [DoctorCheck] {
    var checks: [DoctorCheck] = []
    let state = Settings.stateDirectory(environment: environment).path
    let watched = [
      (state, 0o700), (RosterLog.file(environment: environment).path, 0o600),
      (Settings.cacheDirectory(environment: environment).path, 0o700),
    ]
    var found: [String] = []
    var fixes: [String] = []
    for (path, wanted) in watched {
      guard let mode = mode(of: path) else { continue }
      found.append("\(path) \(octal(mode))")
      if mode & 0o077 != 0 { fixes.append("chmod \(octal(wanted)) \(path)") }
    }
    if fixes.isEmpty {
      checks.append(.ok("File modes", found.isEmpty ? "nothing written yet" : found.joined(separator: ", ")))
    } else {
      checks.append(
        .problem(
          "File modes", found.joined(separator: ", ") + ": readable by others", fix: fixes.joined(separator: "; ")))
    }
    return checks
  }

  static func mode(of path: String) -> Int? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return Int(info.st_mode) & 0o777
  }

  static func octal(_ mode: Int) -> String { "0" + String(mode, radix: 8) }
}
