/// The sections of `roster.1` no command definition can know. Kept as (term, text) rows so the
/// same escaping and one-sentence-a-line rules apply; a test checks that every `ROSTER_*`
/// variable the sources read is listed under ENVIRONMENT.
extension ManualPage {
  static let environment: [(String, String)] = [
    ("ROSTER_CONFIG", "The settings file, instead of $XDG_CONFIG_HOME/roster/settings.plist."),
    ("ROSTER_CLIENT_ID", "The application (client) id of the app registration; beats clientId in the settings file."),
    ("ROSTER_AUTHORITY", "The sign-in authority URL; beats authority in the settings file."),
    ("ROSTER_GRAPH_URL", "The Microsoft Graph base URL; beats graphEndpoint in the settings file."),
    ("ROSTER_SCOPES", "The scopes to ask for, space-separated; beats scopes in the settings file."),
    (
      "ROSTER_CA_FILE", "A PEM file of certificates trusted besides the system's (TLS inspection, the sandbox's --tls)."
    ),
    ("ROSTER_INDEX", "on or off: keep the local index of the directory (default on)."),
    (
      "ROSTER_INDEX_FIRST_SYNC",
      "fill or delta: how the index's first sync reads the directory (fill: /users and /groups pages, managers and members looked up in batches, then one delta round each; delta: delta walks)."
    ),
    (
      "ROSTER_INDEX_BUSY_SECONDS",
      "How long a read or write of the index waits for another process's lock before giving up (default 10)."
    ),
    ("ROSTER_PROFILE", "The named settings profile to use, when --profile is not given."),
    ("ROSTER_ACCOUNT", "The signed-in account to use, when --account is not given."),
    (
      "ROSTER_HYPERLINKS",
      "0 or off: no OSC 8 hyperlinks in the full-screen UI (the person pane's Chat, Call, Mail and Entra links); 1 or on: write them even where TERM suggests otherwise."
    ),
    (
      "ROSTER_LOG", "debug, info or warning: what goes to the log file when --log-level is not given (default warning)."
    ),
    ("ROSTER_DEMO_DATA", "With --demo: keep the demo's index and tasks in this directory across runs."),
    (
      "ROSTER_DEMO_PEOPLE", "With --demo: a JSON file of people for the demo organisation instead of the generated one."
    ),
    (
      "ROSTER_DEMO_SIGN_IN",
      "With --demo: browser shows the browser sign-in, which approves itself after two seconds, instead of the device code."
    ),
    (
      "ROSTER_DEMO_NOW",
      "With --demo: the demo tenant's clock starts at this ISO 8601 time and runs on (calendars, presence, throttling)."
    ),
    (
      "NO_COLOR",
      "When set and not empty, no colours: the full-screen UI and roster doctor use words and attributes only."
    ),
    ("COLORTERM", "truecolor or 24bit: the terminal takes 24-bit colour."),
    (
      "ACCESSIBLE",
      "Anything but empty, 0 or false: roster opens the line-by-line browser (--screen-reader), and roster search "
        + "says (your person) instead of the star."
    ),
    ("TERM", "The terminal type; roster doctor names it and whether terminfo knows it."),
    ("LANG, LC_ALL, LC_CTYPE", "A UTF-8 locale is needed for names in any script and for the box drawing."),
    ("XDG_CONFIG_HOME", "Where the settings file lives (default ~/.config)."),
    ("XDG_STATE_HOME", "Where the token cache and the log live (default ~/.local/state)."),
    ("XDG_CACHE_HOME", "Where the index and photos live (default ~/.cache)."),
    ("SSL_CERT_FILE", "An extra CA file, when ROSTER_CA_FILE and caFile are not set."),
    (
      "HTTPS_PROXY, HTTP_PROXY, NO_PROXY",
      "The proxy for the identity platform and Graph, and the hosts that bypass it; loopback always does."
    ),
    (
      "SSH_CONNECTION, DISPLAY, WAYLAND_DISPLAY",
      "Whether a browser can be opened here; without one, sign-in uses a device code."
    ),
  ]

  static let files: [(String, String)] = [
    (
      "$XDG_CONFIG_HOME/roster/settings.plist",
      "Settings (0600 when Roster writes it, in a 0700 directory); Resources/settings.plist in the source documents every key."
    ),
    ("$XDG_STATE_HOME/roster/", "Directory 0700; Roster repairs a wider mode with a warning."),
    (
      "$XDG_STATE_HOME/roster/tokens-PROFILE.json",
      "The token cache (tokens-default.json for the default profile): refresh and access tokens of each signed-in account, 0600; written atomically under a .lock file beside it (0600). Never share it."
    ),
    (
      "$XDG_STATE_HOME/roster/roster.log",
      "The log, 0600: one line per HTTP call, sign-in change and sync step, never a token or a code; rotated to roster.log.1 at 5 MB."
    ),
    (
      "$XDG_STATE_HOME/roster/writes.jsonl",
      "The audit trail of directory writes, 0600: one JSON line per write sent to Graph (who, on whom, what, when, request-id, outcome), never a token or a pass; roster history --writes lists it."
    ),
    ("$XDG_CACHE_HOME/roster/", "Directory 0700; everything in it can be deleted and is fetched again."),
    (
      "$XDG_CACHE_HOME/roster/index-TENANT-ACCOUNT.sqlite",
      "The local index of one account's directory, 0600, with its -wal, -shm and .lock files (0600)."
    ),
    ("$XDG_CACHE_HOME/roster/photos/", "Cached photos, directory 0700, files 0600, at most 8 MiB, each kept a week."),
    (
      "/usr/share/bash-completion/completions/roster",
      "Bash completion (from the package; roster completions bash prints it)."
    ),
    ("/usr/share/zsh/vendor-completions/_roster", "Zsh completion."),
    ("/usr/share/fish/vendor_completions.d/roster.fish", "Fish completion."),
  ]

  static let exitStatus: [(String, String)] = [
    ("0", "Success; for roster doctor, every check passed."),
    ("1", "An error: no such person, an unreadable settings or token file, a check that failed in roster doctor."),
    ("2", "A usage error: an unknown option or a bad value."),
    ("3", "Not set up (no client id) or not signed in; with --offline, no complete local index."),
    ("4", "The identity platform or Microsoft Graph could not be reached or failed."),
    (
      "5",
      "A permission the answer needs is not granted to the sign-in (the message names it); a write's permission was not consented."
    ),
    (
      "6",
      "A write was refused: by a directory role, a protected or synced target, a dynamic group, the tenant's policy. (A membership that holds already exits 0.)"
    ),
    (
      "7",
      "A write was not confirmed (the user name not typed back, or --yes missing without a terminal); nothing was sent."
    ),
  ]

  static let examples: [(String, String)] = [
    ("roster --demo", "Try the full-screen browser on a built-in organisation, no account needed."),
    ("roster login --device-code --tenant contoso.com", "Sign in with a code entered on another device."),
    ("roster search --json ada", "Look people up from a script."),
    ("roster show ada@contoso.com --vcard > ada.vcf", "Save one person as a vCard."),
    (
      "roster link chat ada@contoso.com",
      "Print the Teams link that starts a chat with one person (call, mail, portal too)."
    ),
    (
      "roster rooms search --building 'London North' --min-capacity 8",
      "Find a room for eight or more in one building (needs Place.Read.All)."
    ),
    (
      "roster index sync && roster search --offline ada",
      "Copy the directory to the local index, then search it without the network."
    ),
    (
      "roster doctor",
      "Check the terminal, settings, sign-in, scopes, files and network, with what to do for each problem."
    ),
    (
      "roster search --log-level debug ada",
      "Log every HTTP call with its request-id for a support case, then read ~/.local/state/roster/roster.log."
    ),
    ("roster completions zsh > ~/.zfunc/_roster", "Install zsh completion by hand (the package installs all three)."),
  ]

  /// ENVIRONMENT, FILES, EXIT STATUS, EXAMPLES and SEE ALSO, in mdoc's conventional order.
  static var handWritten: [String] {
    var out: [String] = []
    func list(_ title: String, _ rows: [(String, String)], literal: Bool) {
      out += [".Sh \(title)", ".Bl -tag -width Ds"]
      for (term, text) in rows {
        let head = term.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let macro = title == "ENVIRONMENT" ? "Ev" : title == "FILES" ? "Pa" : title == "EXIT STATUS" ? "Li" : "Ic"
        out.append(".It " + head.map { "\(macro) \(escapeArgument(String($0)))" }.joined(separator: " , "))
        out += textLines(text)
      }
      out.append(".El")
      _ = literal
    }
    list("ENVIRONMENT", environment, literal: false)
    list("FILES", files, literal: true)
    out += [".Sh EXIT STATUS"] + textLines("Every command:")
    out += [".Bl -tag -width Ds"]
    for (code, text) in exitStatus { out += [".It \(code)"] + textLines(text) }
    out.append(".El")
    out += [".Sh EXAMPLES"]
    for (command, text) in examples {
      out += [".Pp"] + textLines(text)
      out += [".Bd -literal -offset indent", "$ " + escapeCharacters(command), ".Ed"]
    }
    return out
  }
}
