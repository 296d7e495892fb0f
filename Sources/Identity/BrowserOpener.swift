import Foundation
import RosterCore

/// Opens a URL in the person's browser with the platform's opener (`xdg-open`, `open`), when
/// there is a display to open it on.
///
/// The argv is the opener and the authorize URL only (state and PKCE challenge, no token), and
/// the child gets Roster's environment minus anything Roster-specific.
public struct BrowserOpener: Sendable, Equatable {
  /// Absolute path of the opener program.
  public let executable: String

  /// The opener for this environment, or nil when there is no display or no opener on PATH.
  public static func find(environment: [String: String]) -> BrowserOpener? {
    guard hasDisplay(environment) else { return nil }
    #if os(macOS)
      let candidates = ["open"]
    #else
      let candidates = ["xdg-open", "gio", "sensible-browser", "wslview"]
    #endif
    for name in candidates {
      if let path = which(name, environment: environment) { return BrowserOpener(executable: path) }
    }
    return nil
  }

  /// A graphical session is present: macOS without SSH, or DISPLAY / WAYLAND_DISPLAY set.
  public static func hasDisplay(_ environment: [String: String]) -> Bool {
    if isRemoteSession(environment) && environment["DISPLAY"] == nil && environment["WAYLAND_DISPLAY"] == nil {
      return false
    }
    #if os(macOS)
      return true
    #else
      return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    #endif
  }

  /// Over SSH (SSH_CONNECTION or SSH_TTY set).
  public static func isRemoteSession(_ environment: [String: String]) -> Bool {
    !(environment["SSH_CONNECTION"] ?? "").isEmpty || !(environment["SSH_TTY"] ?? "").isEmpty
  }

  static func which(_ name: String, environment: [String: String]) -> String? {
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Starts the opener without waiting for it; false when it could not be started.
  @discardableResult
  public func open(_ url: URL) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = executable.hasSuffix("/gio") ? ["open", url.absoluteString] : [url.absoluteString]
    process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("ROSTER_") }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      return true
    } catch {
      return false
    }
  }
}

/// Picks device code or browser for `signIn = auto`, and refuses device code for B2C.
public enum SignInMethodChooser {
  public static func choose(
    setting: Settings.SignIn, authority: Authority, environment: [String: String], hasOpener: Bool
  ) -> Result<SignInMethod, SignInFailure> {
    switch setting {
    case .browser: return .success(.browser)
    case .deviceCode:
      if authority.isB2C { return .failure(b2cHasNoDeviceCode) }
      return .success(.deviceCode)
    case .auto:
      if authority.isB2C { return .success(.browser) }
      if BrowserOpener.isRemoteSession(environment) || !BrowserOpener.hasDisplay(environment) || !hasOpener {
        return .success(.deviceCode)
      }
      return .success(.browser)
    }
  }

  public static let b2cHasNoDeviceCode = SignInFailure(
    message: CleanText(
      "Azure AD B2C has no device code sign-in; use the browser sign-in (roster login --browser), "
        + "pasting the redirect URL if the browser runs on another machine."),
    error: "unsupported_flow", canRetry: false)
}
