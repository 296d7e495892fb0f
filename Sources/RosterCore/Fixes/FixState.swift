import Foundation

/// The pane's fix box (issue 45): `f` on a person's pane reads their account as Graph has it,
/// offers the fixes that apply, asks for a group where one is needed, then shows the request's
/// target in full and waits for their user name typed back before anything is sent. The same
/// `WritePlan` as `roster revoke …` makes every sentence, so the pane and the command line agree.
public struct FixState: Equatable, Sendable {
  public enum Step: Equatable, Sendable {
    /// Reading the person's account (guest state, enabled, synced) before offering anything.
    case readingPerson(name: String)
    /// The fixes that apply to this person.
    case choosing(WritePerson, [WriteKind])
    /// A membership fix: which group, typed (object id, mail or exact name).
    case namingGroup(WritePerson, WriteKind, typed: String)
    case readingGroup(WritePerson, WriteKind, argument: String)
    /// The target in full; nothing is sent until their user name is typed back. `mismatch`: the
    /// last Enter held something else.
    case confirming(WritePlan, typed: String, mismatch: Bool)
    /// Sent: no key calls a write back, so none closes the box until Graph answers.
    case sending(WritePlan)
    /// What it came to; a TAP's pass is in the outcome until the box closes, and nowhere after.
    case finished(WritePlan, WriteOutcome)
    /// Nothing to do: a look-up failed, or what it read rules the fix out.
    case stopped(String)
  }

  public var step: Step?
  /// The look-up or write in flight; a late answer for an older one is dropped.
  public var requestID = 0
  /// Grows at each write Graph did (`DerivedEvent.directoryWritten`).
  public var writesDone = 0
  /// The person the last successful write changed, and which fix it was.
  public var lastWritten: WritePerson?
  public var lastKind: WriteKind?

  public init() {}

  public var isOpen: Bool { step != nil }

  /// The longest text the box's field keeps: a user name or group name is far shorter, and a
  /// pasted megabyte is cut here rather than carried in every state copy.
  public static let fieldLimit = 256

  /// The fixes offered for `person`: enable or disable by their state (both when Graph did not
  /// say it), each only when the plan itself finds nothing against it (`localRefusal`: an
  /// account managed on premises, a guest not known to have accepted or without a mail), and
  /// the rest always (Graph's refusal says why when a role lacks; a group is judged once named).
  public static func kinds(for person: WritePerson) -> [WriteKind] {
    let state: [WriteKind]
    switch person.accountEnabled {
    case true?: state = [.disable]
    case false?: state = [.enable]
    case nil: state = [.disable, .enable]
    }
    return ([.revoke] + state + [.tap, .reinvite, .groupAdd, .groupRemove]).filter {
      WritePlan(kind: $0, person: person).localRefusal == nil
    }
  }
}

/// The fix box's events.
public enum FixAction: Equatable, Sendable {
  /// `f` on the pane's person.
  case requested
  case personRead(id: Int, Result<WritePerson, DirectoryError>)
  /// A fix chosen from the menu.
  case chosen(WriteKind)
  /// Text typed or pasted into the box's field.
  case typed(String)
  /// Backspace.
  case erased
  /// Ctrl-U.
  case cleared
  /// Enter.
  case submitted
  case groupRead(id: Int, Result<WriteGroup, DirectoryError>)
  case performed(id: Int, WriteOutcome)
  /// Esc, or any key once the outcome is shown.
  case dismissed
}

/// The fix box's calls (`FixClient`).
public enum FixEffect: Equatable, Sendable {
  /// Answers `.fix(.personRead(id:…))`. Runs under `CancelID.fix`.
  case readPerson(id: String, requestID: Int)
  /// Answers `.fix(.groupRead(id:…))`. Runs under `CancelID.fix`.
  case readGroup(String, requestID: Int)
  /// Asks for the permission silently if the sign-in lacks it, sends, records the attempt;
  /// answers `.fix(.performed(id:…))`. Never cancelled: a write cannot be called back.
  case perform(WritePlan, account: String, grantedScopes: [String], requestID: Int)
}

/// The fixes as the runtime makes them: a struct of closures, live over Graph in the composition
/// root, fakes in tests.
public struct FixClient: Sendable {
  /// The person as Graph has them now, with the facts that decide what it allows.
  public var person: @Sendable (_ id: String) async throws(DirectoryError) -> WritePerson
  /// A group by object id, mail or exact display name.
  public var group: @Sendable (_ argument: String) async throws(DirectoryError) -> WriteGroup
  /// Gets the write's permission first when `grantedScopes` lack it (silently; else nothing is
  /// sent), sends the write once, appends the attempt to the audit file as `account`.
  public var perform: @Sendable (_ plan: WritePlan, _ account: String, _ grantedScopes: [String]) async -> WriteOutcome

  public init(
    person: @escaping @Sendable (String) async throws(DirectoryError) -> WritePerson,
    group: @escaping @Sendable (String) async throws(DirectoryError) -> WriteGroup,
    perform: @escaping @Sendable (WritePlan, String, [String]) async -> WriteOutcome
  ) {
    self.person = person
    self.group = group
    self.perform = perform
  }

  /// A session that cannot write (setup not done): every call says `why`.
  public static func unavailable(_ why: String) -> FixClient {
    FixClient(
      person: { _ throws(DirectoryError) in throw .offline(why) },
      group: { _ throws(DirectoryError) in throw .offline(why) },
      perform: { _, _, _ in WriteOutcome(result: .needsPermission, text: why) })
  }
}
