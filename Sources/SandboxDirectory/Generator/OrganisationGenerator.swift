/// Builds the default sandbox organisation from a seed: a chief executive, one head per
/// department reporting to them, and everyone else placed in a department under an earlier member
/// of it, so the managers form one tree. Around that tree: guests from partner domains, rooms
/// (disabled, no person behind them) and a few members without a manager.
///
/// Everything comes from `SeededRandom`, so the same seed and size always give the same people,
/// and ids, names and phone numbers are fixed for a seed. About one in a hundred staff members
/// without reports is hidden from the address list (`showInAddressList: false`), as confidential
/// staff are.
struct OrganisationGenerator {
  let seed: UInt64
  let size: Int

  init(seed: UInt64, size: Int) {
    self.seed = seed
    self.size = max(1, size)
  }

  /// Percentages of the people after the department heads.
  enum Share {
    static let guests = 5
    static let rooms = 1
    static let membersWithoutManager = 1
  }

  func makeUsers() -> [DirectoryUser] {
    var state = GenerationState(seed: seed, capacity: size)
    for index in 0..<size {
      if index == 0 {
        state.addMember(role: .chiefExecutive)
      } else if index <= OrganisationTables.departments.count {
        state.addMember(role: .head(department: index - 1))
      } else {
        let roll = state.random.below(100)
        if roll < Share.guests {
          state.addGuest()
        } else if roll < Share.guests + Share.rooms {
          state.addRoom()
        } else {
          state.addMember(role: .staff(managed: roll >= Share.guests + Share.rooms + Share.membersWithoutManager))
        }
      }
    }
    state.assignJobTitles()
    state.hideSomeFromAddressList(seed: seed)
    return state.users
  }
}
