import ArgumentParser
import Foundation
import RosterCore
import Tasks

/// `roster tasks [list|add|done|delete]`: the B2C task list from a script. Uses the sign-in from
/// `roster login` (a B2C profile with `taskAPI` and the API's scopes). Data on stdout, messages on
/// stderr, exit codes per DESIGN.md §6.
struct TasksCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tasks",
    abstract: "List, add, complete and delete tasks on the B2C task API (taskAPI setting).",
    discussion: """
      Uses the sign-in from `roster login` with a B2C profile. Exit codes: 0 done, 1 no such task or \
      refused by the service, 2 usage (empty or too long text, no taskAPI configured), 3 not signed in \
      or the sign-in lacks the API's scopes, 4 service or network error.
      """,
    subcommands: [List.self, Add.self, Done.self, Delete.self],
    defaultSubcommand: List.self)

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Print your tasks.")
    @Flag(help: "Print a JSON array of tasks.") var json = false
    @Flag(help: "Print CSV with a header row.") var csv = false
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
      try OutputFormat.refuseBoth(json: json, csv: csv)
    }

    func run() async throws {
      let format: OutputFormat = OutputFormat.chosen(json: json, csv: csv)
      try await TasksCommand.run(common, demo: demo) { client in
        let tasks = try await client.list()
        try DirectoryCommand.write(TaskOutput.render(tasks, as: format))
        if tasks.isEmpty, case .table = format {
          DirectoryCommand.say("No tasks yet. Add one with `roster tasks add TEXT`.")
        }
      }
    }
  }

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a task; prints it with its id.")
    @Argument(help: "What the task is; the words are joined with spaces.") var words: [String]
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
      if case .failure(let error) = TaskText.prepare(words.joined(separator: " ")) {
        throw ValidationError(error.message.string)
      }
    }

    func run() async throws {
      try await TasksCommand.run(common, demo: demo) { client in
        let task = try await client.add(words.joined(separator: " "))
        try DirectoryCommand.write(TaskOutput.line(task) + "\n")
      }
    }
  }

  struct Done: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark a task completed.")
    @Argument(help: "The task's id (first column of `roster tasks`).") var id: String
    @Flag(help: "Mark it not completed instead.") var undo = false
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func run() async throws {
      try await TasksCommand.run(common, demo: demo) { client in
        let task = try await client.setCompleted(id, !undo)
        try DirectoryCommand.write(TaskOutput.line(task) + "\n")
      }
    }
  }

  struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a task.")
    @Argument(help: "The task's id (first column of `roster tasks`).") var id: String
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func run() async throws {
      try await TasksCommand.run(common, demo: demo) { client in
        try await client.delete(id)
        DirectoryCommand.say("Deleted task \(CleanText(id)).")
      }
    }
  }

  /// Builds the client from the cached sign-in (exit 3 without one; nothing is asked
  /// interactively) and turns `TaskError`s into a message and an exit code.
  static func run(
    _ common: CommonOptions, demo: DemoOptions, _ body: (TaskClient) async throws -> Void
  ) async throws {
    let runtime: CommandRuntime
    if demo.demo {
      // The demo's B2C half: a task list needs a B2C sign-in and the sandbox's task API.
      runtime = try await common.makeRuntime(demo: demo, b2c: true)
    } else {
      // No taskAPI is a usage error (exit 2) whether or not a client id is set: it is said first.
      let settings = try common.loadSettings()
      _ = try taskAPI(settings)
      runtime = try common.makeRuntime(settings: settings)
    }
    let configuration = try taskAPI(runtime.settings)
    guard await runtime.session.restoreSession() != nil else {
      DirectoryCommand.say("Not signed in. Run `roster login --browser` first.")
      throw ExitCode(3)
    }
    do {
      try await body(.live(configuration: configuration, tokens: runtime.session, transport: runtime.transport))
    } catch let error as TaskError {
      DirectoryCommand.say(error.message.string + (exitCode(for: error) == 3 ? " Run `roster login --browser`." : ""))
      throw ExitCode(exitCode(for: error))
    }
  }

  /// The task API of these settings, or its problem said and exit 2.
  private static func taskAPI(_ settings: Settings) throws -> TaskAPIConfiguration {
    do { return try TaskAPIConfiguration(settings: settings) } catch {
      DirectoryCommand.say(error.message.string)
      throw ExitCode(2)
    }
  }

  static func exitCode(for error: TaskError) -> Int32 {
    switch error {
    case .invalidText, .notConfigured: return 2
    case .signInRequired, .missingScope: return 3
    case .notFound, .refused, .cancelled: return 1
    case .offline, .service, .malformedResponse: return 4
    }
  }
}
