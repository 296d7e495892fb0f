import Foundation
import RosterCore
import Testing

/// Named profiles in the one settings file, `--profile` / `ROSTER_PROFILE`, and the `account`
/// key with `--account` / `ROSTER_ACCOUNT` over it (issue 21).
@Suite struct SettingsProfileTests {
  let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>clientId</key><string>entra-client</string>
    <key>authority</key><string>https://login.microsoftonline.com/contoso.com</string>
    <key>account</key><string>work</string>
    <key>profiles</key><dict>
      <key>shop</key><dict>
        <key>clientId</key><string>b2c-client</string>
        <key>authority</key><string>https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_signupsignin</string>
        <key>taskAPI</key><string>https://api.contoso.com</string>
        <key>account</key><string>customer@example.com</string>
      </dict>
      <key>gov</key><dict>
        <key>authority</key><string>https://login.microsoftonline.us/contoso.us</string>
        <key>graphEndpoint</key><string>https://graph.microsoft.us</string>
      </dict>
    </dict>
    </dict></plist>
    """

  var file: SettingsFile { get throws { try SettingsFile.decode(Data(plist.utf8), path: "settings.plist") } }

  @Test func aProfileIsAppliedOverTheTopLevel() throws {
    let top = try Settings.resolved(file: file, environment: [:])
    #expect(top.profile == nil && top.clientId == "entra-client" && top.account == "work")
    let shop = try Settings.resolved(file: file, overrides: .init(profile: "shop"), environment: [:])
    #expect(shop.profile == "shop" && shop.clientId == "b2c-client" && shop.taskAPI == "https://api.contoso.com")
    #expect(shop.account == "customer@example.com")
    let gov = try Settings.resolved(file: file, environment: ["ROSTER_PROFILE": "gov"])
    #expect(gov.graphEndpoint == "https://graph.microsoft.us" && gov.clientId == "entra-client")
    #expect(gov.account == "work", "a profile without its own account keeps the top level's")
    // The flag beats the environment.
    let flag = try Settings.resolved(
      file: file, overrides: .init(profile: "shop"), environment: ["ROSTER_PROFILE": "gov"])
    #expect(flag.profile == "shop")
  }

  @Test func anUnknownProfileIsAnErrorNamingTheKnownOnes() throws {
    #expect(
      throws: Settings.LoadingError("No profile “nope” in the settings file (its profiles: gov, shop).")
    ) { try Settings.resolved(file: try file, overrides: .init(profile: "nope"), environment: [:]) }
    #expect(throws: Settings.LoadingError.self) {
      try Settings.resolved(file: nil, environment: ["ROSTER_PROFILE": "shop"])
    }
  }

  @Test func theAccountFlagBeatsTheEnvironmentWhichBeatsTheFile() throws {
    let environment = ["ROSTER_ACCOUNT": "2"]
    #expect(try Settings.resolved(file: file, environment: environment).account == "2")
    #expect(try Settings.resolved(file: file, overrides: .init(account: "3"), environment: environment).account == "3")
    #expect(try Settings.resolved(file: file, environment: [:]).account == "work")
  }
}
