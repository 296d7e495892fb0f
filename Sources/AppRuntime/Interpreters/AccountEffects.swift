import RosterCore

/// The account picker's work: listing the token cache's accounts, and building the chosen
/// account's clients, which are put in force (`use`) before `.switched` is sent, so every effect
/// the new account's first screen asks for goes to its own tenant.
struct AccountEffects: EffectInterpreter {
  let accounts: AccountsClient
  let use: @Sendable (Services) -> Void
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    let (accounts, use) = (self.accounts, self.use)
    switch effect {
    case .accounts(.list):
      jobs.spawn(feedback) {
        do {
          let (list, current) = try await accounts.list()
          return .accounts(.listed(list, currentKey: current))
        } catch {
          return .accounts(.failed(String(describing: error)))
        }
      }
    case .accounts(.switchTo(let key)):
      jobs.spawn(feedback) {
        do {
          let result = try await accounts.switchTo(key)
          use(result.services)
          return .accounts(
            .switched(key: key, account: result.account, home: result.home, settings: result.settings))
        } catch {
          return .accounts(.failed(String(describing: error)))
        }
      }
    case .accounts(.prepareNew):
      jobs.spawn(feedback) {
        do {
          let result = try await accounts.prepareNew()
          use(result.services)
          return .accounts(.addReady(home: result.home, settings: result.settings))
        } catch {
          return .accounts(.failed(String(describing: error)))
        }
      }
    default:
      notMine(effect, feedback)
    }
  }
}
