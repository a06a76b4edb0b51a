import BrowserRuntime
import Foundation
import Workspace

/// Finds the environment `--env NAME` names: `environments/NAME.yaml` of the collection (with
/// `_shared.yaml` under it), or for `.http` files the `http-client.env.json` beside them (with
/// its private file).
enum RunEnvironmentLoader {
    /// Why the environment could not be loaded, as a sentence.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func load(_ name: String, collection: String?, paths: [String]) -> Result<Environment, Failure> {
        guard let folder = collection ?? RunLoader.collectionFolder(for: paths) else {
            return .failure(
                Failure(
                    description:
                        "no environments/ folder at or above \(paths.first ?? "."), so there is no environment “\(name)” "
                        + "(give the collection with --collection DIR)"))
        }
        let set = EnvironmentSet(collectionFolder: folder)
        do {
            return .success(try set.load(name))
        } catch {
            let known = (try? set.names()) ?? []
            let list = known.isEmpty ? "" : " (known: \(known.joined(separator: ", ")))"
            return .failure(Failure(description: error.message + list))
        }
    }
}
