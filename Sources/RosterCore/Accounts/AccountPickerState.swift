/// The account picker (Ctrl-T): the accounts to choose from, which row is selected, and the
/// switch in progress.
public struct AccountPickerState: Equatable, Sendable {
  /// Whether the picker box is open.
  public var isOpen: Bool = false
  /// The accounts as last listed (nil while the list is being read).
  public var accounts: [AccountSummary]? = nil
  public var selection: Int = 0
  /// The key of the account this window uses (shown ● in the picker); nil before the first sign-in.
  public var currentKey: String? = nil
  /// The key being switched to, until the runtime answers.
  public var switchingTo: String? = nil
  /// More than one account is signed in: the status line then names the tenant in every form.
  public var severalSignedIn: Bool = false
  /// Why the last list or switch failed, shown in the picker.
  public var failure: CleanText? = nil

  public init() {}
}
