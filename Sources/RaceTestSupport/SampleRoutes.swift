import Foundation

/// The sample races in the repository's `Routes/` folder, each a folder with a `race.json` and
/// its `tracks/`: what the tests that run every game mode on real tracks iterate over.
public enum SampleRoutes {
    /// The `Routes/` folder.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Routes")

    /// The names of the sample folders that hold a `race.json`, sorted.
    public static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent($0).appendingPathComponent("race.json").path)
        }.sorted()
    }
}
