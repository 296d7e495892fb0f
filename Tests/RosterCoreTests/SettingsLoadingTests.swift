import AppRuntime
import Foundation
import RosterCore
import TestSupport
import Testing

@Suite struct SettingsLoadingTests {
  func write(_ plist: String) -> (TemporaryDirectory, String) {
    let temp = TemporaryDirectory()
    let path = temp.url.appendingPathComponent("settings.plist").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(plist.utf8))
    return (temp, path)
  }

  let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>clientId</key><string>from-file</string>
    <key>authority</key><string>https://login.microsoftonline.com/contoso.com</string>
    <key>signIn</key><string>browser</string>
    <key>debounceMs</key><integer>300</integer>
    </dict></plist>
    """

  /// The rules are RosterCore's and need no file: the plist's bytes, then environment, then
  /// flags (`Settings.load` in AppRuntime only reads the file and hands its bytes over).
  @Test func theRulesWorkOnBytesWithoutAFile() throws {
    let file = try SettingsFile.decode(Data(plist.utf8), path: "in memory")
    let settings = try Settings.resolved(
      file: file, overrides: .init(signIn: .deviceCode), environment: ["ROSTER_CLIENT_ID": "from-env"])
    #expect(settings.clientId == "from-env" && settings.signIn == .deviceCode && settings.debounceMs == 300)
    #expect(try Settings.resolved(file: nil, environment: [:]) == Settings())
    #expect(throws: Settings.LoadingError("The settings file in memory is not a valid property list.")) {
      try SettingsFile.decode(Data("not a plist".utf8), path: "in memory")
    }
  }

  @Test func fileThenEnvironmentThenFlags() throws {
    let (temp, path) = write(plist)
    defer { temp.remove() }
    let fromFile = try Settings.load(overrides: .init(configFile: path), environment: [:])
    #expect(fromFile.clientId == "from-file")
    #expect(fromFile.signIn == .browser)
    #expect(fromFile.debounceMs == 300)
    let environment = [
      "ROSTER_CONFIG": path, "ROSTER_CLIENT_ID": "from-env", "ROSTER_SCOPES": "User.Read.All",
      "SSL_CERT_FILE": "/etc/ca.pem",
    ]
    let fromEnvironment = try Settings.load(environment: environment)
    #expect(fromEnvironment.clientId == "from-env")
    #expect(fromEnvironment.scopes == "User.Read.All")
    #expect(fromEnvironment.caFile == "/etc/ca.pem")
    let fromFlags = try Settings.load(
      overrides: .init(clientId: "from-flag", tenant: "fabrikam.com"), environment: environment)
    #expect(fromFlags.clientId == "from-flag")
    #expect(fromFlags.authority == "https://login.microsoftonline.com/fabrikam.com")
  }

  @Test func theIndexSettingAndItsEnvironmentOverride() throws {
    #expect(try Settings.load(environment: [:]).index == true)
    let (temp, path) = write(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>"
        + "<key>index</key><string>off</string></dict></plist>")
    defer { temp.remove() }
    #expect(try Settings.load(overrides: .init(configFile: path), environment: [:]).index == false)
    #expect(try Settings.load(overrides: .init(configFile: path), environment: ["ROSTER_INDEX": "on"]).index == true)
    #expect(throws: Settings.LoadingError.self) { try Settings.load(environment: ["ROSTER_INDEX": "sometimes"]) }
  }

  @Test func xdgConfigHomeIsTheDefaultPlace() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let directory = temp.url.appendingPathComponent("roster")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: directory.appendingPathComponent("settings.plist").path, contents: Data(plist.utf8))
    #expect(try Settings.load(environment: ["XDG_CONFIG_HOME": temp.url.path]).clientId == "from-file")
    #expect(try Settings.load(environment: ["HOME": temp.url.path]).clientId == nil)
    #expect(Settings.stateDirectory(environment: ["HOME": "/h"]).path == "/h/.local/state/roster")
    #expect(Settings.stateDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path == "/s/roster")
  }

  @Test func badFilesAndValuesSaySo() {
    let (temp, path) = write("<plist><dict><key>signIn</key><string>sometimes</string></dict></plist>")
    defer { temp.remove() }
    #expect(throws: Settings.LoadingError("signIn must be auto, device-code or browser, not “sometimes”.")) {
      try Settings.load(overrides: .init(configFile: path), environment: [:])
    }
    #expect(throws: Settings.LoadingError.self) {
      try Settings.load(overrides: .init(configFile: "/nonexistent/settings.plist"), environment: [:])
    }
    let (garbage, garbagePath) = write("this is not a plist {")
    defer { garbage.remove() }
    #expect(throws: Settings.LoadingError.self) {
      try Settings.load(overrides: .init(configFile: garbagePath), environment: [:])
    }
  }

  @Test func theTenantFlagReplacesOnlyTheTenant() throws {
    #expect(
      try Settings.replacingTenant(of: "https://c.b2clogin.com/c.onmicrosoft.com/B2C_1_x", with: "d.onmicrosoft.com")
        == "https://c.b2clogin.com/d.onmicrosoft.com/B2C_1_x")
    #expect(throws: Settings.LoadingError.self) {
      try Settings.replacingTenant(of: "https://l/organizations", with: "a/b")
    }
  }

  @Test func theShippedTemplateLoads() throws {
    let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Resources/settings.plist").path
    let settings = try Settings.load(overrides: .init(configFile: template), environment: [:])
    #expect(settings == Settings())
  }

  @Test func savingFromTheSetupScreenKeepsOtherKeysAndLoadsBack() throws {
    let (temp, path) = write(plist)
    defer { temp.remove() }
    var settings = try Settings.load(overrides: .init(configFile: path), environment: [:])
    settings.clientId = "11111111-2222-3333-4444-555555555555"
    settings.authority = "https://login.microsoftonline.com/fabrikam.com"
    try SettingsWriter.save(settings, configFile: path, environment: [:])
    let loaded = try Settings.load(overrides: .init(configFile: path), environment: [:])
    #expect(loaded.clientId == "11111111-2222-3333-4444-555555555555")
    #expect(loaded.authority == "https://login.microsoftonline.com/fabrikam.com")
    #expect(loaded.debounceMs == 300, "keys the setup screen does not edit are kept")
    #expect(loaded.signIn == .browser)
  }
}

/// The `photos` setting (issue 13) and where photos are cached.
@Suite struct PhotoSettingTests {
  @Test func photosOnByDefaultOffFromTheFileAndNonsenseRefused() throws {
    #expect(Settings().photos == .on)
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.url.appendingPathComponent("settings.plist").path
    _ = FileManager.default.createFile(
      atPath: path, contents: Data("<plist><dict><key>photos</key><string>off</string></dict></plist>".utf8))
    #expect(try Settings.load(overrides: .init(configFile: path), environment: [:]).photos == .off)
    _ = FileManager.default.createFile(
      atPath: path, contents: Data("<plist><dict><key>photos</key><string>maybe</string></dict></plist>".utf8))
    #expect(throws: Settings.LoadingError("photos must be on or off, not “maybe”.")) {
      try Settings.load(overrides: .init(configFile: path), environment: [:])
    }
    #expect(Settings.cacheDirectory(environment: ["HOME": "/h"]).path == "/h/.cache/roster")
    #expect(Settings.cacheDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]).path == "/c/roster")
    let relative = Settings.cacheDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])
    #expect(relative.path == "/h/.cache/roster", "a relative XDG path is ignored")
  }
}
