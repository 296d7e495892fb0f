import Foundation
import RosterCore

/// What leaves the app on the person's request: text for the clipboard, and a vCard file.
struct ExportEffects: EffectInterpreter {
  let directory: DirectoryClient
  /// Where `v` writes vCard files.
  let exportDirectory: URL
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    switch effect {
    case .copyToClipboard(let text):
      // The one path for the clipboard: back to the UI on the main queue, like any result.
      feedback.copyToClipboard(text)
      feedback.finish()
    case .exportVCard(let person, let photo):
      let (client, folder) = (directory, exportDirectory)
      jobs.spawn(feedback) {
        // A card without a face beats no card: a failed photo fetch leaves PHOTO out.
        let jpeg = try? await client.personPhotoJPEG(photo)
        do throws(ExportFailure) {
          return .detail(.vCardExported(.success(try VCardFile.write(person, photoJPEG: jpeg, into: folder))))
        } catch {
          return .detail(.vCardExported(.failure(error)))
        }
      }
    default:
      notMine(effect, feedback)
    }
  }
}
