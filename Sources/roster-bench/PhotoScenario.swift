import Foundation

/// What drawing photos costs a selection: Down, once at a time, each left to rest until the
/// program goes quiet (text, then photo), with photos on and with the setting `photos = off`.
/// The bar: photo drawing adds no more than one frame to the selection.
struct PhotoFigures {
  /// Terminal writes (pty reads) from the key until quiet: with photos, and without.
  var frames: Sample
  var framesWithout: Sample
  /// Bytes from the key until quiet.
  var bytes: Sample
  var bytesWithout: Sample
}

enum PhotoScenario {
  static func measure(_ subject: Subject, keys: Int, settingsDirectory: URL) throws -> PhotoFigures {
    let off = settingsDirectory.appendingPathComponent("photos-off.plist")
    try """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict><key>photos</key><string>off</string></dict></plist>
    """.write(to: off, atomically: true, encoding: .utf8)
    var without = subject
    without.environment["ROSTER_CONFIG"] = off.path
    let (frames, bytes) = try run(subject, keys: keys)
    let (framesWithout, bytesWithout) = try run(without, keys: keys)
    return PhotoFigures(frames: frames, framesWithout: framesWithout, bytes: bytes, bytesWithout: bytesWithout)
  }

  private static func run(_ subject: Subject, keys: Int) throws -> (frames: Sample, bytes: Sample) {
    let (session, _, frame) = try subject.launchAndWaitForFirstFrame()
    defer { session.terminate() }
    guard frame != nil else { throw BenchError("roster never drew its main screen") }
    _ = session.send("a")
    _ = session.waitForScreen(timeout: 10) { $0.contains(RosterHarness.resultsMarker) }
    // Past the graphics probe's timeout and the first person's photo.
    session.waitForQuiet(1.5, timeout: 10)
    var frames: [Double] = []
    var bytes: [Double] = []
    for _ in 0..<keys {
      let sent = session.send(Keys.down)
      session.waitForQuiet(0.5, timeout: 10)
      let now = monotonicNanos()
      frames.append(Double(session.readsArrived(from: sent, to: now)))
      bytes.append(Double(session.bytesArrived(from: sent, to: now)))
    }
    return (Sample(frames), Sample(bytes))
  }
}
