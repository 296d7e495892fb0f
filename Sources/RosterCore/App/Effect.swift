import Foundation

/// Work the reducer asks for, as data: tests compare it, the `EffectRuntime` interprets it.
/// Names are imperatives (actions are past-tense events).
public enum Effect: Equatable, Sendable {
  /// Send `then` after `after`, unless cancelled; a newer debounce with the same id replaces it.
  case debounce(id: CancelID, after: Duration, then: AppAction)
  /// Call off the work running under `id` (timers, and the HTTP request in flight).
  case cancel(id: CancelID)
  /// First page of the kind's rows for `query` from Graph; answers the kind's first-page action
  /// (`.search(.answered(id, .people(…)))`, `.groups(…)`). Runs under the
  /// kind's request job (`CancelID.search`, `.groupSearch`).
  case searchGraph(KindQuery, requestID: Int)
  /// The kind's page at `cursor`; answers `.search(.pageAnswered(id, …))`. Runs under the kind's
  /// page job (`CancelID.nextPage`, `.groupNextPage`).
  case fetchPage(ObjectKind, PageCursor, requestID: Int)
  /// The detail of an item pane's row (`ItemPane`: a device's owners, an app's credentials), from
  /// Graph or the index; answers `.itemPane(.loaded(id: requestID, …))`. Runs under `CancelID.detail`.
  case loadPane(PaneRequest, requestID: Int)
  /// Person, manager and reports; answers with `.detail(.loaded(id: requestID, …))`.
  /// Runs under `CancelID.detail`.
  case loadDetail(personID: String, requestID: Int)
  /// The photo `request` asks for (disk cache, else Graph), decoded; answers with
  /// `.photo(.loaded(id: requestID, …))`. Runs under `CancelID.photo`.
  case loadPhoto(PhotoRequest, requestID: Int)
  /// Start an interactive sign-in (replacing any in progress); its events come back as
  /// `.login(.signInEventReceived)`. Runs under `CancelID.signIn`.
  case signIn(SignInMethod)
  /// Hand a pasted redirect URL to the browser sign-in; answers `.login(.redirectURLChecked)`.
  case submitRedirectURL(Secret)
  /// Open the connection to Graph (and refresh the token if due) while the person is still
  /// reading the screen, so the first search does not pay for DNS, TCP and TLS; answers nothing.
  case warmUpDirectory
  /// Look for a cached session; answers `.app(.sessionRestored)`.
  case restoreSession
  /// Forget the account's tokens; answers `.app(.signedOut)`.
  case signOut
  /// Send `.app(.tick)` after `after` (one pending tick at a time, `CancelID.tick`).
  case scheduleTick(after: Duration)
  /// Ask the UI to put `text` on the clipboard (OSC 52 is the UI's job).
  case copyToClipboard(String)
  /// Write the settings file and rebuild the clients; answers `.setup(.saved)` or `.saveFailed`.
  case saveSettings(Settings)
  /// The local index's own work: opening, syncing, removing, reading filter values (`IndexEffect`).
  case index(IndexEffect)
  /// The kind's rows for `query` from the local index; answers the kind's index action
  /// (`.search(.indexAnswered(id, …))`). The Store runs it on the main queue before
  /// drawing (`InstantIndexSearch`), so the list changes with the key.
  case searchIndex(KindQuery, requestID: Int)
  /// The person, reporting line and reports from the local index while Graph cannot be reached;
  /// answers `.detail(.loadedFromIndex(id: requestID, …))` (a late answer is dropped by its id).
  case loadDetailFromIndex(personID: String, requestID: Int)
  /// Presence of the people with `ids`; answers `.presence(.loaded(id: requestID, …))`.
  /// Runs under `CancelID.presence`.
  case fetchPresence(ids: [String], requestID: Int)
  /// Write `person` as a vCard file in the working directory; answers `.detail(.vCardExported)`.
  case exportVCard(Person, photo: PhotoRequest)
  /// The B2C task API's calls (`TaskEffect`).
  case tasks(TaskEffect)
  /// The signed-in person's groups (`/me/transitiveMemberOf`, User.Read; from the index
  /// offline); answers `.search(.answered(id:…, .myGroups(…)))`. Runs under `CancelID.myGroups`.
  case loadMyGroups(requestID: Int, source: DirectorySource)
  /// A group's properties, owners and counts; answers `.groupPane(.loaded(id:…))` (`group`).
  case loadGroup(groupID: String, requestID: Int, source: DirectorySource)
  /// A group's first page of members; answers `.groupPane(.membersLoaded(id:…))` (`groupMembers`).
  case loadGroupMembers(MembersQuery, requestID: Int, source: DirectorySource)
  /// The page of members at `cursor`; answers `.groupPane(.moreMembersLoaded(id:…))` (`groupMembers`).
  case fetchMoreMembers(PageCursor, requestID: Int, source: DirectorySource)
  /// How `memberID` is in `groupID`; answers `.groupPane(.pathLoaded(id:…))` (`groupPath`).
  case loadMembershipPath(memberID: String, groupID: String, requestID: Int, source: DirectorySource)
  /// The groups a person is in; answers `.memberOf(.loaded(id:…))` (`memberOf`).
  case loadMemberOf(MemberOfQuery, requestID: Int, source: DirectorySource)
  /// Read the tenant's whole list of rooms (issue 29), from Graph or the index.
  case loadRooms(requestID: Int, source: DirectorySource)
  /// Read today's schedules of people (issue 31); answers `.reach(.loaded(id:…))` (`schedule`).
  case loadSchedules(addresses: [String], personIDs: [String], window: DateInterval, requestID: Int)
  /// Keep people's working hours (nil: forget theirs) in the local index as read at `readAt`;
  /// answers nothing.
  case storeWorkingHours([String: WorkingHours?], readAt: Date)
  /// Forget every working hours the local index keeps (Graph refused getSchedule); answers nothing.
  case forgetWorkingHours
  /// The working hours the local index keeps for these people, while Graph cannot be reached;
  /// answers `.reach(.loadedFromIndex(…))`.
  case loadWorkingHoursFromIndex(personIDs: [String])
  /// Read a person's account section with the token's `scopes` (issue 33); answers
  /// `.health(.loaded(id:…))` (`health`).
  case loadHealth(personID: String, scopes: [String], requestID: Int)
  /// "Your people": what the index keeps and Graph's `/me/people` (`YourPeopleEffect`).
  case yourPeople(YourPeopleEffect)
  /// The account picker's work (`AccountEffect`).
  case accounts(AccountEffect)
  /// The fix box's look-ups and its one write (`FixEffect`).
  case fix(FixEffect)
}

/// The local index's own work (opening, syncing, removing, reading filter values); its searches
/// are `.searchIndex`, answered in the key's frame.
public enum IndexEffect: Equatable, Sendable {
  /// Open the signed-in account's local index; answers `.index(.attached)`.
  case attach(Account)
  /// One sync round of the local index in the background (`CancelID.indexSync`); progress comes
  /// back as `.index(.syncProgressed)`, the end as `.index(.syncFinished)`.
  case sync
  /// Remove a person Graph no longer has from the local index; answers nothing.
  case remove(personID: String)
  /// The values each filter property takes in the attached index; answers
  /// `.index(.filterValuesRead(…))`. After the first frame, never before it: offices take a pass
  /// over every person.
  case readFilterValues
}

/// The B2C task API's calls.
public enum TaskEffect: Equatable, Sendable {
  /// The customer's tasks; answers `.tasks(.loaded(id: requestID, …))`. Runs under `CancelID.tasks`.
  case load(requestID: Int)
  /// Store a task shown under `localID`; answers `.tasks(.added(localID:, …))`.
  case add(text: String, localID: String)
  /// Answers `.tasks(.completionSaved(id:, …))`.
  case setCompleted(id: String, completed: Bool)
  /// Answers `.tasks(.deleted(id:, …))`.
  case delete(id: String)
}

/// "Your people" (issue 32): what the index keeps and Graph's `/me/people`.
public enum YourPeopleEffect: Equatable, Sendable {
  /// What the local index keeps of "your people" (issue 32); answers `.yourPeople(.loaded)`.
  case load
  /// Whom the person works with, from Graph's `/me/people`; answers `.yourPeople(.worksWithRead)`.
  case readWorksWith
  /// Keep Graph's list in the local index as read at `readAt`; answers nothing.
  case storeWorksWith([String], readAt: Date)
  /// Forget Graph's list in the local index (refused, or no People.Read); answers nothing.
  case forgetWorksWith
  /// Keep in the local index that the person opened `personID`; answers nothing.
  case recordOpened(personID: String, at: Date)
}

/// The account picker's work: listing accounts and putting one in force.
public enum AccountEffect: Equatable, Sendable {
  /// The signed-in accounts for the picker; answers `.accounts(.listed)` or `.accounts(.failed)`.
  case list
  /// Put the account with this token cache key in force (its clients, index, photos); answers
  /// `.accounts(.switched)` or `.accounts(.failed)`.
  case switchTo(key: String)
  /// Put the settings' own clients in force for signing in to another account; answers
  /// `.accounts(.addReady)` or `.accounts(.failed)`.
  case prepareNew
}

/// Names under which cancellable work runs; one piece of work per id at a time.
public enum CancelID: Hashable, Sendable {
  case searchDebounce
  case search
  case nextPage
  case detailDebounce
  case selectionRest
  case detail
  case photo
  case signIn
  case tick
  case indexSync
  case indexTimer
  case presence
  case presenceRefresh
  case tasks
  case groupSearchDebounce
  case groupSearch
  case groupNextPage
  case myGroups
  case group
  case groupMembers
  case groupPathDebounce
  case groupPath
  case memberOf
  case rooms
  case schedule
  /// Graph failed to give the pane's schedule: asked again after `ReachState.retryAfterFailure`.
  case scheduleRetry
  case health
  case yourPeople
  /// The fix box's look-ups (never its write: a write cannot be called back).
  case fix
  /// A `SearchedKind`'s debounce, first page and further page (devices, apps), one set per kind.
  case kindDebounce(ObjectKind)
  case kindSearch(ObjectKind)
  case kindPage(ObjectKind)

  /// Every job, for sign-out and account switches to cancel.
  public static var allCases: [CancelID] {
    [
      .searchDebounce, .search, .nextPage, .detailDebounce, .selectionRest, .detail, .photo, .signIn, .tick,
      .indexSync, .indexTimer, .presence, .presenceRefresh, .tasks, .groupSearchDebounce, .groupSearch,
      .groupNextPage, .myGroups, .group, .groupMembers, .groupPathDebounce, .groupPath, .memberOf, .rooms, .schedule,
      .scheduleRetry, .health, .yourPeople, .fix,
    ] + ObjectKind.allCases.flatMap { [.kindDebounce($0), .kindSearch($0), .kindPage($0)] }
  }
}

extension Effect {
  /// Work that waits in the background for as long as the app runs (the presence refresh timer):
  /// it does not count as busy, so `--idle-file` still means "nothing the person started is
  /// still going".
  public var isBackground: Bool {
    switch self {
    case .debounce(.presenceRefresh, _, _), .debounce(.indexTimer, _, _), .debounce(.scheduleRetry, _, _): return true
    default: return false
    }
  }
}
