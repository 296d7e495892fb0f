import Foundation

/// Whether a host name is this machine: the one rule for where plain `http://` is allowed, where
/// the proxy is skipped, and where a browser redirect may land.
public enum LoopbackHost {
  /// 127.0.0.0/8, ::1 (with or without brackets) and localhost, in any case.
  public static func contains(_ host: String) -> Bool {
    let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
  }
}
