import Foundation

/// Graph's method names in words, for the table (`--json` and `--csv` keep Graph's names). The
/// names are those of `userRegistrationDetails.methodsRegistered` and
/// `userDefaultAuthenticationMethod` (learn.microsoft.com/graph/api/resources/userregistrationdetails);
/// a name Graph adds later is shown as Graph spells it.
public enum RegistrationWords {
  static let methods: [String: String] = [
    "microsoftauthenticatorpush": "Authenticator app",
    "microsoftauthenticatorpasswordless": "Authenticator passwordless",
    "softwareonetimepasscode": "code app (TOTP)", "hardwareonetimepasscode": "hardware token",
    "mobilephone": "mobile phone", "alternatemobilephone": "alternate mobile phone", "officephone": "office phone",
    "email": "e-mail (password reset only)", "fido2": "security key (FIDO2)", "passkeydevicebound": "passkey",
    "passkeydeviceboundauthenticator": "passkey in Authenticator", "windowshelloforbusiness": "Windows Hello",
    "securityquestion": "security questions", "temporaryaccesspass": "Temporary Access Pass",
    "macossecureenclavekey": "macOS secure enclave key",
  ]

  static let defaults: [String: String] = [
    "push": "Authenticator push", "oath": "code (OATH)", "voicemobile": "call to mobile",
    "voicealternatemobile": "call to alternate mobile", "voiceoffice": "call to office phone", "sms": "text message",
  ]

  /// "none" for no method, else each in words, joined by commas.
  public static func methods(_ names: [String]) -> String {
    names.isEmpty ? "none" : names.map { methods[$0.lowercased()] ?? $0 }.joined(separator: ", ")
  }

  /// The default second factor in words; "none" when there is none.
  public static func defaultMethod(_ name: String?) -> String {
    guard let name else { return "none" }
    return defaults[name.lowercased()] ?? methods[name.lowercased()] ?? name
  }
}
